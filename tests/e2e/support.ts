import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const outbox = path.resolve('test-results/e2e-data/outbox');

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** The first link to `pathPrefix` in the newest outbox mail to `to`, waiting for it to arrive. */
export async function linkFromOutbox(to: string, pathPrefix: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((name) => name.includes(to))
              .sort()
          : [];
        const newest = files.at(-1);
        if (!newest) return undefined;
        const raw = fs.readFileSync(path.join(outbox, newest), 'utf8');
        const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        found = decoded.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace('?', '\\?')}[^\\s"<>]*`))?.[0];
        return found;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Runs axe on the page and fails on any serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

export async function signUpThroughPage(
  page: Page,
  details: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Password').fill(details.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

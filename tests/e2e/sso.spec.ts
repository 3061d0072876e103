import { expect, type Locator, type Page, test } from '@playwright/test';
import { ssoCallbackUrl, ssoRefusals } from '#domain/sso.ts';
import { startTestProvider, type TestProvider } from '#test-support/oidc-provider.ts';
import { e2ePort } from './paths.ts';
import {
  createOrganizationThroughPage,
  expectNoSeriousAxeViolations,
  newPerson,
  screenshotDirFor,
  signUpThroughPage,
} from './support.ts';

// Single sign-on in the browser against a real OpenID provider (oidc-provider) on loopback: the admin connects it
// from the sidebar's Sign-in screen, a new person of the domain signs in through it from /auth, and a refused
// sign-in comes back to /auth with its sentence.

const screenshotDir = screenshotDirFor('sso');

// The e2e server's PUBLIC_URL (playwright.config.ts): the provider sends the browser back to its callback.
const callbackUrl = ssoCallbackUrl(`http://localhost:${e2ePort}`);

let provider: TestProvider;
test.beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [callbackUrl] });
});
test.afterAll(async () => {
  await provider?.close();
});

/** A domain of this run only: the server lives for the whole run and a domain leads to one organization. */
const newDomain = () => `sso-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example.com`;

/** What the keyboard focus is on: a field's label, else a control's accessible name or text. */
const focusedName = (page: Page) =>
  page.locator('*:focus').evaluate((element) => {
    const labels = (element as { labels?: ArrayLike<{ textContent: string | null }> | null }).labels;
    const label = labels?.[0]?.textContent;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });

async function openSignInSettings(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in' });
  await expect(dialog.getByText('Callback address', { exact: true })).toBeVisible();
  return dialog;
}

/** The admin signs up, creates an organization and connects the provider for `domain` from the Sign-in screen. */
async function connectThroughSettings(page: Page, organizationName: string, domain: string) {
  const admin = newPerson('Ada', 'Admin');
  await createOrganizationThroughPage(page, admin, organizationName);
  const dialog = await openSignInSettings(page);
  await dialog.getByLabel('Issuer URL').fill(provider.issuer);
  await dialog.getByLabel('Client id').fill(provider.clientId);
  await dialog.getByLabel('Client secret').fill(provider.clientSecret);
  await dialog.getByLabel('E-mail domains').fill(domain);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on saved').first()).toBeVisible();
  return { admin, dialog };
}

test('an admin connects the provider on the Sign-in screen; the secret is never shown again', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const domain = newDomain();
  const { dialog } = await connectThroughSettings(page, 'Federated Works', domain);

  await expect(dialog.getByText(callbackUrl, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(dialog.getByLabel('Client secret')).toHaveValue('');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/sso-settings-1440.png` });

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The focus goes back to the sidebar item that opened the screen.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-in' })).toBeFocused();

  // Reopened: what was saved, and a placeholder where the secret would be; the secret is in no answer.
  const secretsSeen: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/sso')) return;
    const body = await response.text().catch(() => '');
    if (body.includes(provider.clientSecret)) secretsSeen.push(response.url());
  });
  const reopened = await openSignInSettings(page);
  await expect(reopened.getByLabel('Issuer URL')).toHaveValue(provider.issuer);
  await expect(reopened.getByLabel('Client id')).toHaveValue(provider.clientId);
  await expect(reopened.getByLabel('E-mail domains')).toHaveValue(domain);
  const secret = reopened.getByLabel('Client secret');
  await expect(secret).toHaveValue('');
  await expect(secret).toHaveAttribute('placeholder', /leave empty to keep/);
  await expect(reopened).not.toContainText(provider.clientSecret);
  expect(await page.content()).not.toContain(provider.clientSecret);
  expect(secretsSeen).toEqual([]);

  // Keyboard: the focus starts in the dialog and Tab goes through every control in reading order, then around.
  await page.keyboard.press('Tab');
  const order: string[] = [];
  for (let step = 0; step < 10; step += 1) {
    order.push(await focusedName(page));
    await page.keyboard.press('Tab');
  }
  const expected = [
    'Copy',
    'Issuer URL',
    'Client id',
    'Client secret',
    'E-mail domains',
    'Require single sign-on for members',
    'Remove',
    'Save',
    'Close',
  ];
  const start = order.indexOf('Copy');
  expect(start, `the focus went through ${order.join(' → ')}`).toBeGreaterThanOrEqual(0);
  const inCycle = order.map((_, step) => expected[(step - start + expected.length) % expected.length]);
  expect(order).toEqual(inCycle);
  // The switch turns with the space bar, and Escape closes the screen without saving.
  const requireSwitch = reopened.getByRole('switch', { name: 'Require single sign-on for members' });
  await requireSwitch.focus();
  await page.keyboard.press('Space');
  await expect(requireSwitch).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(reopened).toBeHidden();

  // A phone: the menu opens, then the same screen fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const narrow = await openSignInSettings(page);
  await expect(narrow.getByRole('switch', { name: 'Require single sign-on for members' })).not.toBeChecked();
  const overflow = await narrow.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/sso-settings-390.png` });

  // Removing asks first; kept, nothing changes; removed, the screen opens empty again.
  await narrow.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove single sign-on?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(narrow.getByLabel('Issuer URL')).toHaveValue(provider.issuer);
  await narrow.getByRole('button', { name: 'Remove' }).click();
  await confirm.getByRole('button', { name: 'Remove single sign-on' }).click();
  await expect(page.getByText('Single sign-on removed').first()).toBeVisible();
  await expect(narrow).toBeHidden();
  // The phone's menu stays open behind the screen.
  const empty = await openSignInSettings(page);
  await expect(empty.getByLabel('Issuer URL')).toHaveValue('');
  await expect(empty.getByRole('button', { name: 'Remove' })).toHaveCount(0);
});

test('a new person signs in with single sign-on from /auth and lands on the dashboard as a member', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const domain = newDomain();
  const organizationName = 'Single Sign Works';
  await connectThroughSettings(page, organizationName, domain);

  const email = `sam.single@${domain}`;
  provider.addAccount({ email, givenName: 'Sam', familyName: 'Single' });
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.setViewportSize({ width: 1440, height: 900 });
  await person.goto('/auth');
  await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  const workEmail = person.getByLabel('Work email');
  await expect(workEmail).toBeFocused();
  await workEmail.fill(email);
  await expectNoSeriousAxeViolations(person);
  await person.screenshot({ path: `${screenshotDir}/auth-sso-open.png` });
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();

  // Through the provider (which signs the hinted account in by itself) and back to the dashboard.
  await expect(person).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/$`));
  await expect(person.getByRole('heading', { name: organizationName })).toBeVisible();
  const organizations = await person.request.get('/api/organizations');
  expect(organizations.status()).toBe(200);
  expect(
    (await organizations.json()).map((organization: { name: string; role: string }) => [
      organization.name,
      organization.role,
    ]),
  ).toEqual([[organizationName, 'member']]);
  await expect(person.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-in' })).toHaveCount(
    0,
  );

  // An address no organization covers is answered under the field.
  await context.clearCookies();
  await person.goto('/auth');
  await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await person.getByLabel('Work email').fill(`nobody@unclaimed-${Date.now().toString(36)}.example.com`);
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(person.getByText('No single sign-on is set up for that e-mail domain')).toBeVisible();
  await expect(person.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
  await context.close();
});

test('a refused sign-in comes back to /auth with its sentence', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const domain = newDomain();
  await connectThroughSettings(page, 'Refusing Works', domain);

  // Someone already has a Perch account with this address; the provider has not verified it, so it is not linked.
  const existing = { firstName: 'Una', lastName: 'Verified', email: `una@${domain}`, password: 'desk-hopper-42' };
  const signUpContext = await browser.newContext();
  await signUpThroughPage(await signUpContext.newPage(), existing);
  await signUpContext.close();
  provider.addAccount({ email: existing.email, emailVerified: false });

  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/auth');
  await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await person.getByLabel('Work email').fill(existing.email);
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(person).toHaveURL(/\/auth\?sso=unverified-email$/);
  await expect(person.getByRole('alert')).toHaveText(ssoRefusals['unverified-email']);
  await expectNoSeriousAxeViolations(person);

  // Another code read from the address bar, and one the page does not know shows nothing.
  await person.goto('/auth?sso=replayed-state');
  await expect(person.getByRole('alert')).toHaveText(ssoRefusals['replayed-state']);
  await person.goto('/auth?sso=made-up');
  await expect(person.getByRole('heading', { name: 'Welcome to Perch' })).toBeVisible();
  await expect(person.getByRole('alert')).toHaveCount(0);
  await context.close();
});

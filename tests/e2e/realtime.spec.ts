import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { freePort, type PerchProcess, perchProcess } from '#test-support/perch-server.ts';
import {
  createOrganizationThroughApi,
  deskTile,
  fullName,
  inviteAndJoinThroughApi,
  newPerson,
  uniqueEmail,
} from './support.ts';

const liveIndicator = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Live|Connecting…|Reconnecting…|Not live)$/ });

/** Opens the desk from the floor plan and books the whole day through the Book Desk dialog. */
async function bookFullDay(page: Page, deskName: string) {
  await deskTile(page, deskName).click();
  const dialog = page.getByRole('dialog', { name: `Book Desk ${deskName}` });
  // The slot radios are visually hidden inside their cards: a person clicks the card.
  await dialog.getByText('Full day', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: /^Full day/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Desk booked successfully!', { exact: true })).toBeVisible();
}

test('a booking by one member turns the tile on another member’s open floor plan, without a reload', async ({
  page,
  browser,
}) => {
  const organizationName = 'Live Loft';
  const mia = newPerson('Mia', 'Hart');
  await createOrganizationThroughApi(page, newPerson('Olga', 'Admin'), organizationName, { desks: 2 });
  await expect(liveIndicator(page)).toHaveText('Live');

  const miaContext = await browser.newContext();
  const miaPage = await inviteAndJoinThroughApi(page, miaContext, mia, organizationName);
  await expect(liveIndicator(miaPage)).toHaveText('Live');
  await expect(deskTile(page, 'D02')).toHaveAccessibleName('Desk D02: Available');

  await bookFullDay(miaPage, 'D02');
  // The admin's page was not reloaded: the change arrived over its event stream.
  await expect(deskTile(page, 'D02')).toHaveAccessibleName(`Desk D02: Booked, ${fullName(mia)}, full day`);
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
  await miaContext.close();
});

// Two Perch processes on one fresh PostgreSQL database, as two instances behind a load balancer.

const postgresUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const databaseName = `perch_e2e_realtime_${process.pid}`;
const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString();

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({
    connectionString: Object.assign(new URL(postgresUrl), { pathname: '/postgres' }).toString(),
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function perchInstance(port: number): PerchProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `perch-e2e-live-${port}-`));
  return perchProcess({
    baseURL: `http://localhost:${port}`,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
}

/** Registers through the API and answers the session cookie and the user's id. */
async function register(baseURL: string, firstName: string, lastName: string) {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: uniqueEmail(firstName.toLowerCase()),
      password: 'correct horse battery',
      firstName,
      lastName,
    }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('perch_session='))!;
  const user = (await response.json()) as { id: string };
  return { cookie: cookie.split(';')[0]!, id: user.id, name: `${firstName} ${lastName}` };
}

async function api<T>(baseURL: string, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

async function signedInPage(browser: Browser, baseURL: string, cookie: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

test.describe('two server instances on one PostgreSQL', () => {
  let first: PerchProcess;
  let second: PerchProcess;
  let isPostgresReachable = false;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Two instances need a shared PostgreSQL: without one the test fails and says where it looked (never skips).
    isPostgresReachable = await adminQuery('SELECT 1').then(
      () => true,
      () => false,
    );
    if (!isPostgresReachable) {
      throw new Error(
        `PostgreSQL is not reachable at ${postgresUrl.host}: the two-instance test needs it (set DATABASE_URL or start PostgreSQL).`,
      );
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    first = perchInstance(await freePort());
    second = perchInstance(await freePort());
    await first.start();
    await second.start();
  });

  test.afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    if (!isPostgresReachable) return;
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  });

  test('a booking made on instance 1 turns the tile on instance 2, and instance 2 catches up after a restart', async ({
    browser,
  }) => {
    const ana = await register(first.baseURL, 'Ana', 'First');
    const ben = await register(first.baseURL, 'Ben', 'Second');
    const organization = await api<{ id: string }>(first.baseURL, ana.cookie, 'POST', '/api/organizations', {
      name: 'Two Towers',
      slug: `two-towers-${Date.now().toString(36)}`,
    });
    const [floor] = await api<Array<{ id: string }>>(
      first.baseURL,
      ana.cookie,
      'GET',
      `/api/organizations/${organization.id}/floors`,
    );
    // Ana books both desks of the same day: one desk per person (on by default) stands aside.
    await api(first.baseURL, ana.cookie, 'PUT', `/api/organizations/${organization.id}/booking-rules`, {
      onePerPersonPerSlot: false,
      maxDaysAhead: 90,
      maxBookingsPerWeek: null,
      adminsExempt: true,
    });
    for (const [index, name] of ['D01', 'D02'].entries()) {
      await api(first.baseURL, ana.cookie, 'POST', `/api/organizations/${organization.id}/desks`, {
        name,
        positionX: String(100 + 200 * index),
        positionY: '100',
        floorId: floor!.id,
      });
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'member')", [
      organization.id,
      ben.id,
    ]);
    await client.end();

    const anaPage = await signedInPage(browser, first.baseURL, ana.cookie);
    const benPage = await signedInPage(browser, second.baseURL, ben.cookie);
    await expect(liveIndicator(benPage)).toHaveText('Live');
    await expect(deskTile(benPage, 'D01')).toHaveAccessibleName('Desk D01: Available');

    await bookFullDay(anaPage, 'D01');
    await expect(deskTile(benPage, 'D01')).toHaveAccessibleName(`Desk D01: Booked, ${ana.name}, full day`);

    // Instance 2 goes away: Ben's page says so; what changes meanwhile is loaded once it is back.
    await second.stop();
    await expect(liveIndicator(benPage)).not.toHaveText('Live');
    await bookFullDay(anaPage, 'D02');
    await second.start();
    await expect(liveIndicator(benPage)).toHaveText('Live', { timeout: 30_000 });
    await expect(deskTile(benPage, 'D02')).toHaveAccessibleName(`Desk D02: Booked, ${ana.name}, full day`);
  });
});

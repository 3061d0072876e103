import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page, type Request } from '@playwright/test';
import { addDays } from '#domain/dates.ts';
import { freePort, perchProcess } from '#test-support/perch-server.ts';
import { e2eDataDir, e2ePort } from './paths.ts';

const outbox = path.join(e2eDataDir, 'outbox');

let counter = 0;
/** A unique e-mail address; its unique part is digits only, so no search for a desk or a name finds it by chance. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** The newest outbox mail to `to`, decoded from quoted-printable, or undefined while there is none. */
function newestMailTo(to: string): string | undefined {
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((name) => name.includes(to))
        .sort()
    : [];
  const newest = files.at(-1);
  if (!newest) return undefined;
  return fs
    .readFileSync(path.join(outbox, newest), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
}

/** The first link to `pathPrefix` in the newest outbox mail to `to`, waiting for it to arrive. */
export async function linkFromOutbox(to: string, pathPrefix: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = newestMailTo(to)?.match(
          new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace('?', '\\?')}[^\\s"<>]*`),
        )?.[0];
        return found;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Where a spec's screenshots go, for a person to look at: SCREENSHOT_DIR, or test-results/<spec> when unset. */
export const screenshotDirFor = (spec: string): string => process.env.SCREENSHOT_DIR ?? `test-results/${spec}`;

/** Waits for the newest outbox mail to `to` to contain `text`. */
export async function expectMailTo(to: string, text: string): Promise<void> {
  await expect
    .poll(() => newestMailTo(to)?.includes(text) ?? false, {
      message: `a mail to ${to} saying ${text}`,
      timeout: 10_000,
    })
    .toBe(true);
}

/** The screens this worker has already scanned: a route (ids as :id), the viewport and the open dialogs. */
const scannedScreens = new Set<string>();

async function screenOf(page: Page): Promise<string> {
  const route = new URL(page.url()).pathname.replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, ':id');
  const viewport = page.viewportSize();
  const dialogs = await page.evaluate(`[...document.querySelectorAll('[role=dialog], [role=alertdialog]')]
    .map((dialog) => document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '?')
    .join(' | ')`);
  return `${route} ${viewport?.width}x${viewport?.height} ${dialogs}`;
}

/**
 * Runs axe on the page and fails on any serious or critical violation, once per screen and viewport in a worker (a
 * screen: its route and the dialogs open on it). It first waits for the page's finite animations (a dialog fading in,
 * a toast sliding) to end: half-faded text would be judged at its passing opacity.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const screen = await screenOf(page);
  if (scannedScreens.has(screen)) return;
  scannedScreens.add(screen);
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ).then(() => undefined)`);
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

// People, organizations, desks and invitations, for the team and booking tests.

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Someone new, with an address of their own; the product names them "first last". */
export function newPerson(firstName: string, lastName: string): Person {
  return { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()), password: 'desk-hopper-42' };
}

export const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

/** Signs the person up through the API, in the page's browser (which is then signed in as them). */
export async function signUpThroughApi(page: Page, person: Person): Promise<void> {
  await apiAs(page)('POST', '/api/register', {
    email: person.email,
    password: person.password,
    firstName: person.firstName,
    lastName: person.lastName,
  });
}

/** Signs `admin` up and creates the organization through /setup, ending on its dashboard. */
export async function createOrganizationThroughPage(page: Page, admin: Person, organizationName: string) {
  await signUpThroughPage(page, admin);
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel('Organization name').fill(organizationName);
  // Slugs are unique across the server, which lives for the whole run (--repeat-each included).
  const slug = page.getByLabel('Slug');
  await slug.fill(`${await slug.inputValue()}-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
}

/**
 * Makes the first site of the page's person's organization (by name) work every day: a test that sets up through
 * /setup and books "today" as a member then passes on a Saturday too (issue 28: members book working days only).
 */
export async function workEveryDay(page: Page, organizationName: string): Promise<void> {
  const call = apiAs(page);
  const organization = (await call<Array<{ id: string; name: string }>>('GET', '/api/organizations')).find(
    (candidate) => candidate.name === organizationName,
  );
  if (!organization) throw new Error(`no organization named ${organizationName}`);
  const [site] = await call<Array<{ id: string }>>('GET', `/api/organizations/${organization.id}/sites`);
  if (!site) throw new Error('a new organization has no site');
  await call('PUT', `/api/sites/${site.id}`, { workingDays: [1, 2, 3, 4, 5, 6, 7] });
}

/** The screens the browser tests look at: a laptop and a phone. */
export const laptop = { width: 1440, height: 900 };
export const phone = { width: 390, height: 844 };

/** An item of the dashboard's sidebar. */
export const sidebarItem = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });

export type Slot = 'Full day' | 'Morning' | 'Afternoon';

/** The slot radios are visually hidden inside their cards: a person clicks the card. */
export async function chooseSlot(dialog: Locator, slot: Slot): Promise<void> {
  await dialog.getByText(slot, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${slot}`) })).toBeChecked();
}

/** The first Monday after `date`: a whole working week that lies in the future. */
export function nextMonday(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, (8 - weekday) % 7 || 7);
}

/**
 * Holds the page's requests to `url` that `which` picks (all by default) until the answered function is called: to see
 * what a screen shows while they are on their way, with no clock involved.
 */
export async function holdRequests(
  page: Page,
  url: string,
  which: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (which(route.request())) await held;
    await route.fallback();
  });
  return release;
}

/** The dashboard's date: today in the organization's time zone when the page opens. */
export const dashboardDate = (page: Page): Promise<string> => page.getByRole('banner').getByLabel('Date').inputValue();

/**
 * Set-up through the API for the tests that are not about it: `admin` signs up in the page's browser, creates the
 * organization (in the browser's time zone, as /setup does) with `desks` desks D01, D02, … on Floor 1 where the
 * editor would put them, and the page opens its dashboard. Answers the organization's and the floor's ids. Its site
 * works every day unless `workingDays` names its days (issue 28: members book working days only), so that tests
 * booking "today" or "tomorrow" as members pass whatever weekday they run on.
 */
export async function createOrganizationThroughApi(
  page: Page,
  admin: Person,
  organizationName: string,
  { desks = 0, workingDays = [1, 2, 3, 4, 5, 6, 7] }: { desks?: number; workingDays?: readonly number[] } = {},
): Promise<{ organizationId: string; floorId: string }> {
  await signUpThroughApi(page, admin);
  const call = apiAs(page);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const slug = `${organizationName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}${counter++}`;
  const organization = await call<{ id: string }>('POST', '/api/organizations', {
    name: organizationName,
    slug,
    timeZone,
  });
  const [site] = await call<Array<{ id: string }>>('GET', `/api/organizations/${organization.id}/sites`);
  if (!site) throw new Error('a new organization has no site');
  // A new site works Monday to Friday: only other days are saved (each save is an audited admin change).
  if (workingDays.join() !== '1,2,3,4,5') await call('PUT', `/api/sites/${site.id}`, { workingDays });
  const [floor] = await call<Array<{ id: string }>>('GET', `/api/organizations/${organization.id}/floors`);
  if (!floor) throw new Error('a new organization has no floor');
  for (let index = 0; index < desks; index += 1) {
    await call('POST', `/api/organizations/${organization.id}/desks`, {
      name: `D${String(index + 1).padStart(2, '0')}`,
      positionX: 150 + 220 * index,
      positionY: 150,
      floorId: floor.id,
    });
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
  return { organizationId: organization.id, floorId: floor.id };
}

/**
 * The admin (signed in on `adminPage`) invites `person` through the API; they join with the mailed link's token in
 * `context`, a fresh browser context of their own. Answers their page, on the organization's dashboard.
 */
export async function inviteAndJoinThroughApi(
  adminPage: Page,
  context: BrowserContext,
  person: Person,
  organizationName: string,
): Promise<Page> {
  const call = apiAs(adminPage);
  const organizations = await call<Array<{ id: string; name: string }>>('GET', '/api/organizations');
  const organization = organizations.find((candidate) => candidate.name === organizationName);
  if (!organization) throw new Error(`the admin is not in ${organizationName}`);
  await call('POST', `/api/organizations/${organization.id}/invite`, { emails: [person.email] });
  const token = new URL(await linkFromOutbox(person.email, '/signup?token=')).searchParams.get('token');
  const page = await context.newPage();
  await apiAs(page)('POST', '/api/signup-with-invitation', {
    token,
    firstName: person.firstName,
    lastName: person.lastName,
    password: person.password,
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
  return page;
}

/** A desk tile on the floor plan; its accessible name goes on with the availability and the booking lines. */
export function deskTile(page: Page, deskName: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^Desk ${deskName}:`) });
}

/** An admin turns Edit Mode on, adds desks D01, D02, … by clicking well-apart spots of Floor 1, and turns it off. */
export async function addDesksThroughEditor(page: Page, count: number) {
  const editMode = page.getByRole('switch', { name: 'Edit Mode' });
  await editMode.click();
  await expect(editMode).toBeChecked();
  // The editor is loaded on demand: the canvas takes clicks once its toolbar is there.
  await expect(page.getByRole('toolbar', { name: 'Floor plan editor' })).toBeVisible();
  // The plan is drawn fitted to the screen: each desk goes on the same spot of the plan (canvas units
  // 150 + 220 x index across, 150 down) whatever the screen's size.
  const surface = page.locator('[data-floor-surface]');
  const box = await surface.boundingBox();
  if (!box) throw new Error('The floor plan is not on screen');
  const scale = box.width / 1920;
  for (let index = 0; index < count; index += 1) {
    await surface.click({ position: { x: (150 + 220 * index) * scale, y: 150 * scale } });
    await expect(deskTile(page, `D${String(index + 1).padStart(2, '0')}`)).toBeVisible();
  }
  await editMode.click();
  await expect(editMode).not.toBeChecked();
}

/** From an admin's dashboard: Team Management, the addresses, Send invitations; waits for the answer and closes. */
export async function inviteThroughTeamManagement(page: Page, emails: string) {
  await page.getByRole('button', { name: 'Team Management' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team Management' });
  await dialog.getByLabel('Email addresses').fill(emails);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitations sent').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The invitee follows the mailed link, creates an account and ends on the organization's dashboard. */
export async function acceptInvitationThroughPage(page: Page, person: Person, organizationName: string) {
  await page.goto(await linkFromOutbox(person.email, '/signup?token='));
  await expect(page.getByRole('heading', { name: `Join ${organizationName}` })).toBeVisible();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
}

/**
 * The admin (on `adminPage`) invites `person`, who joins in `context`, a fresh browser context of
 * their own: returns the new member's page on the organization's dashboard.
 */
export async function inviteAndJoin(
  adminPage: Page,
  context: BrowserContext,
  person: Person,
  organizationName: string,
): Promise<Page> {
  await inviteThroughTeamManagement(adminPage, person.email);
  const page = await context.newPage();
  await acceptInvitationThroughPage(page, person, organizationName);
  return page;
}

// Subscriptions and platform administration.

/** A Perch server of a test's own, on embedded PGlite, for what needs the server stopped (the platform-admin CLI). */
export interface OwnServer {
  baseURL: string;
  dataDir: string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

function ownServerEnvironment(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return env;
}

/**
 * Starts Perch (src/server/main.ts) in a fresh data directory, with `env` on top of the usual settings (such as
 * BILLING), and waits until it answers its health check.
 */
export async function startOwnServer(name: string, env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const dataDir = `${e2eDataDir}-${name}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = perchProcess({ baseURL, env: { ...ownServerEnvironment(dataDir), ...env } });
  await server.start();
  return {
    baseURL,
    dataDir,
    stop: server.stop,
    restart: async () => {
      await server.stop();
      await server.start();
    },
  };
}

/**
 * Makes the account with `email` a platform admin the only way there is: the command-line entry
 * (`npm run platform-admin -- email`), run on the data directory of a stopped server.
 */
export function makePlatformAdmin(dataDir: string, email: string): string {
  return execFileSync(process.execPath, ['scripts/platform-admin.ts', email], {
    env: ownServerEnvironment(dataDir),
    encoding: 'utf8',
  });
}

/** A real 800 x 450 RGB PNG: a pale floor with walls every 100 px and some speckle (about 180 KB). */
export function floorPlanPng(width = 800, height = 450): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rowLength = width * 3 + 1;
  const pixels = Buffer.alloc(rowLength * height);
  let seed = 20_250_815;
  for (let y = 0; y < height; y += 1) {
    pixels[y * rowLength] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      const isWall = x % 100 < 4 || y % 90 < 4;
      const shade = isWall ? 60 : 236 + (seed >>> 29);
      pixels.fill(shade, y * rowLength + 1 + x * 3, y * rowLength + 4 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Calls Perch's API as the page's signed-in person (the same cookies, the app's own origin), for setting up; a page
 * that has opened nothing yet calls the browser tests' server.
 */
export function apiAs(page: Page) {
  const origin = page.url().startsWith('http') ? new URL(page.url()).origin : `http://localhost:${e2ePort}`;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await page.request.fetch(new URL(path, origin).toString(), {
      method,
      headers: { origin, 'content-type': 'application/json' },
      data: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** The signed-in person's first organization, its first floor and that floor's desks, read through the API. */
export async function firstFloorOf(
  page: Page,
): Promise<{ organizationId: string; floorId: string; desks: Array<{ id: string; name: string }> }> {
  const call = apiAs(page);
  const [organization] = await call<Array<{ id: string }>>('GET', '/api/organizations');
  if (!organization) throw new Error('the person belongs to no organization');
  const [floor] = await call<Array<{ id: string }>>('GET', `/api/organizations/${organization.id}/floors`);
  if (!floor) throw new Error('the organization has no floor');
  const desks = await call<Array<{ id: string; name: string }>>('GET', `/api/floors/${floor.id}/desks`);
  return { organizationId: organization.id, floorId: floor.id, desks };
}

// `npm run screenshots`: the README's pictures. Starts Perch on a free loopback port with a fresh data directory,
// seeds a demo office through the HTTP API only, photographs it in Chromium and writes docs/screenshots/*.png;
// then stops everything it started, whether or not it succeeded.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, chromium, type Page, request } from '@playwright/test';
import { addDays, todayIn } from '#domain/dates.ts';
import { freePort, repositoryRoot, spawnPerch, stopProcess } from '#test-support/perch-server.ts';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const outputDir = path.join(repositoryRoot, 'docs', 'screenshots');
const timeZone = 'Europe/London';
const password = 'perch-demo-2026';
const organizationName = 'Northbank Studio';
const mailDomain = 'northbank.example';

interface Person {
  firstName: string;
  lastName: string;
}

/** The admin first: the screenshots are hers. */
const people: Person[] = [
  { firstName: 'Amelia', lastName: 'Hart' },
  { firstName: 'Jonas', lastName: 'Weber' },
  { firstName: 'Priya', lastName: 'Raman' },
  { firstName: 'Tomás', lastName: 'Ortega' },
  { firstName: 'Chloé', lastName: 'Martin' },
  { firstName: 'Kwame', lastName: 'Mensah' },
  { firstName: 'Hannah', lastName: 'Lindqvist' },
  { firstName: 'Ravi', lastName: 'Patel' },
  { firstName: 'Sofia', lastName: 'Rossi' },
  { firstName: 'Daniel', lastName: 'Kim' },
  { firstName: 'Yuki', lastName: 'Tanaka' },
  { firstName: 'Leila', lastName: 'Haddad' },
];

const emailOf = (person: Person) =>
  `${person.firstName}.${person.lastName}@${mailDomain}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

// The floor: 1920 x 1080 canvas units, the plan drawn to the same size. Three clusters of four desks in the open
// studio, two standing desks on the terrace.
interface DeskPlan {
  name: string;
  x: number;
  y: number;
  description: string;
  amenities: string[];
}

const amenities = ['Dual monitors', 'Docking station', 'Standing desk', 'Window seat', 'Quiet zone'];

function clusterOf(letter: string, left: number, top: number, extras: string[]): DeskPlan[] {
  const spots = [
    [left, top],
    [left + 120, top],
    [left, top + 80],
    [left + 120, top + 80],
  ] as const;
  return spots.map(([x, y], index) => ({
    name: `${letter}${index + 1}`,
    x,
    y,
    description: `Studio ${letter}, ${index < 2 ? 'facing the windows' : 'facing the wall'}`,
    amenities: ['Docking station', ...extras],
  }));
}

const desks: DeskPlan[] = [
  ...clusterOf('A', 600, 200, ['Dual monitors', 'Window seat']),
  ...clusterOf('B', 920, 200, ['Dual monitors']),
  ...clusterOf('C', 1240, 200, ['Quiet zone']),
  { name: 'S1', x: 1240, y: 600, description: 'Standing desk by the terrace', amenities: ['Standing desk'] },
  { name: 'S2', x: 1240, y: 720, description: 'Standing desk by the terrace', amenities: ['Standing desk'] },
];

/** The plan behind the desks, as SVG: walls, rooms with their names, windows, plants, chairs around each desk. */
function floorPlanSvg(): string {
  const wall = '#475569';
  const room = (x: number, y: number, width: number, height: number, name: string, fill: string) =>
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}" stroke="${wall}" stroke-width="8"/>` +
    `<text x="${x + width / 2}" y="${y + 56}" text-anchor="middle" class="room">${name}</text>`;
  const table = (x: number, y: number, width: number, height: number, seats: number) => {
    const gap = width / seats;
    const seatsAround = Array.from({ length: seats }, (_, index) => x + gap * (index + 0.5))
      .map((cx) => chair(cx, y - 20) + chair(cx, y + height + 20))
      .join('');
    return `${seatsAround}<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="14" fill="#e7e0d4" stroke="#cbbfa8" stroke-width="3"/>`;
  };
  const plant = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="22" fill="#bbf7d0" stroke="#4ade80" stroke-width="3"/>` +
    `<circle cx="${x}" cy="${y}" r="9" fill="#86efac"/>`;
  const chair = (x: number, y: number) =>
    `<rect x="${x - 18}" y="${y - 14}" width="36" height="28" rx="10" fill="#e2e8f0" stroke="#cbd5e1" stroke-width="2"/>`;
  // A cluster's front row faces the windows (chairs above it), its back row the wall (chairs below it).
  const chairs = desks
    .filter((desk) => !desk.name.startsWith('S'))
    .map((desk) => chair(desk.x + 60, desk.y === 200 ? desk.y - 20 : desk.y + 100))
    .join('');
  const windows = [520, 760, 1000, 1240, 1480]
    .map((x) => `<rect x="${x}" y="35" width="180" height="10" fill="#bae6fd" stroke="#38bdf8" stroke-width="2"/>`)
    .join('');
  const booths = [0, 1, 2]
    .map(
      (index) =>
        `<rect x="${40 + index * 133}" y="660" width="133" height="140" fill="#f1f5f9" stroke="${wall}" stroke-width="6"/>` +
        chair(40 + index * 133 + 66, 740),
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
  <style>
    .room { font: 600 28px 'Inter', 'DejaVu Sans', sans-serif; fill: #334155; }
    .zone { font: 600 22px 'Inter', 'DejaVu Sans', sans-serif; fill: #94a3b8; letter-spacing: 4px; }
    .small { font: 500 22px 'Inter', 'DejaVu Sans', sans-serif; fill: #475569; }
  </style>
  <rect width="1920" height="1080" fill="#eef2f6"/>
  <rect x="40" y="40" width="1840" height="1000" fill="#fbfaf7" stroke="${wall}" stroke-width="12"/>
  <rect x="480" y="120" width="1040" height="370" rx="18" fill="#f5f3ee"/>
  ${room(40, 40, 400, 330, 'Meeting room · Atlas', '#f1f5f9')}
  ${table(140, 190, 200, 100, 3)}
  ${room(40, 370, 400, 290, 'Meeting room · Borealis', '#f1f5f9')}
  ${table(170, 500, 140, 80, 2)}
  ${booths}
  <text x="240" y="838" text-anchor="middle" class="small">Phone booths</text>
  ${room(40, 860, 400, 180, 'Kitchen &amp; café', '#fef3c7')}
  <rect x="100" y="950" width="280" height="50" rx="10" fill="#fde68a" stroke="#fcd34d" stroke-width="3"/>
  ${room(1560, 40, 320, 420, 'Lounge', '#ede9fe')}
  <rect x="1610" y="140" width="220" height="70" rx="24" fill="#ddd6fe" stroke="#c4b5fd" stroke-width="3"/>
  <rect x="1610" y="320" width="220" height="70" rx="24" fill="#ddd6fe" stroke="#c4b5fd" stroke-width="3"/>
  ${room(1560, 780, 320, 260, 'Reception', '#e0f2fe')}
  <rect x="1620" y="930" width="200" height="50" rx="12" fill="#bae6fd" stroke="#7dd3fc" stroke-width="3"/>
  <rect x="560" y="560" width="520" height="300" rx="18" fill="#f0f4ef"/>
  ${table(640, 660, 360, 100, 4)}
  <rect x="1180" y="560" width="240" height="300" rx="18" fill="#f5f3ee"/>
  <text x="1000" y="100" text-anchor="middle" class="zone">OPEN STUDIO</text>
  <text x="820" y="900" text-anchor="middle" class="zone">PROJECT TABLE</text>
  <text x="1300" y="900" text-anchor="middle" class="zone">TERRACE</text>
  ${windows}
  <rect x="1875" y="520" width="10" height="200" fill="#bae6fd" stroke="#38bdf8" stroke-width="2"/>
  <rect x="1490" y="1034" width="64" height="12" fill="#fbfaf7"/>
  ${chairs}
  ${plant(510, 150)}${plant(1490, 150)}${plant(510, 990)}${plant(1490, 990)}${plant(1130, 600)}
</svg>`;
}

/** The plan as a PNG, drawn by the same Chromium that takes the pictures. */
async function floorPlanPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.setContent(`<body style="margin:0">${floorPlanSvg()}</body>`);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

// Seeding through the HTTP API, one request context (cookie jar) per person.

type Api = <T>(method: string, url: string, body?: unknown) => Promise<T>;

function apiOf(context: APIRequestContext, origin: string): Api {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await context.fetch(new URL(url, origin).toString(), {
      method,
      headers: { origin, 'content-type': 'application/json' },
      data: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** The invitation link in the newest outbox mail to `email`. */
function invitationTokenFor(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const mail = fs
    .readdirSync(outbox)
    .filter((name) => name.includes(email))
    .sort()
    .map((name) =>
      fs
        .readFileSync(path.join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .at(-1);
  const token = mail?.match(/\/signup\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mail to ${email} in ${outbox}`);
  return token;
}

interface Demo {
  organizationId: string;
  admin: APIRequestContext;
  today: string;
  /** The working day after today: Amelia has no desk yet. */
  nextWorkingDay: string;
}

/** Working days from today to the end of next week. */
function workingDaysAhead(today: string): string[] {
  const days: string[] = [];
  for (let offset = 0; days.length < 10 && offset < 21; offset += 1) {
    const date = addDays(today, offset);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(date);
  }
  return days;
}

/** A small deterministic shuffle, so that every run seeds the same office. */
function shuffled<T>(items: T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let index = result.length - 1; index > 0; index -= 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

async function seedDemo(baseURL: string, dataDir: string, browser: Browser): Promise<Demo> {
  const [adminPerson, ...members] = people;
  const admin = await request.newContext({ baseURL });
  const adminApi = apiOf(admin, baseURL);
  await adminApi('POST', '/api/register', { email: emailOf(adminPerson!), password, ...adminPerson });
  const organization = await adminApi<{ id: string }>('POST', '/api/organizations', {
    name: organizationName,
    slug: 'northbank-studio',
    timeZone,
  });
  const organizationId = organization.id;
  const [floor] = await adminApi<Array<{ id: string }>>('GET', `/api/organizations/${organizationId}/floors`);
  if (!floor) throw new Error('the new organization has no floor');
  await adminApi('PUT', `/api/floors/${floor.id}`, { name: 'Level 3 · Studio' });

  // The plan: a single-use upload address, the bytes, then the floor's plan.
  const { uploadURL } = await adminApi<{ uploadURL: string }>('POST', '/api/objects/upload', { organizationId });
  const uploaded = await admin.fetch(uploadURL, {
    method: 'PUT',
    headers: { origin: baseURL, 'content-type': 'image/png' },
    data: await floorPlanPng(browser),
  });
  if (!uploaded.ok()) throw new Error(`upload: ${uploaded.status()} ${await uploaded.text()}`);
  const { location } = (await uploaded.json()) as { location: string };
  await adminApi('PUT', `/api/floors/${floor.id}/floor-plan`, { floorPlanURL: location });

  await adminApi('PUT', `/api/organizations/${organizationId}/amenities`, { amenities });
  const deskIds = new Map<string, string>();
  for (const desk of desks) {
    const created = await adminApi<{ id: string }>('POST', `/api/organizations/${organizationId}/desks`, {
      name: desk.name,
      description: desk.description,
      positionX: desk.x,
      positionY: desk.y,
      floorId: floor.id,
    });
    await adminApi('PUT', `/api/desks/${created.id}`, { amenities: desk.amenities });
    deskIds.set(desk.name, created.id);
  }
  // One desk waits for a new monitor: members see why.
  await adminApi('PUT', `/api/desks/${deskIds.get('C4')}`, {
    bookable: false,
    unavailableReason: 'New monitor arriving on Thursday',
  });

  // The office's rules are set, as a set-up office's are: the pictures show no first-run checklist (issue 27).
  await adminApi('PUT', `/api/organizations/${organizationId}/booking-rules`, { maxDaysAhead: 30 });

  // The team joins through invitations, as people do.
  await adminApi('POST', `/api/organizations/${organizationId}/invite`, {
    emails: members.map(emailOf),
    role: 'member',
  });
  const sessions: APIRequestContext[] = [admin];
  for (const member of members) {
    const context = await request.newContext({ baseURL });
    await apiOf(context, baseURL)('POST', '/api/signup-with-invitation', {
      token: invitationTokenFor(dataDir, emailOf(member)),
      password,
      ...member,
    });
    sessions.push(context);
  }

  // Bookings for today and the next two working weeks, busier midweek, some half days. Today Amelia sits at A2;
  // on the next working day she has no desk yet and B2 is free, for the Book Desk picture.
  const today = todayIn(timeZone);
  const days = workingDaysAhead(today);
  const bookable = desks.map((desk) => desk.name).filter((name) => name !== 'C4');
  const plans = new Map<number, Array<{ deskId: string; bookingDate: string; timeSlot: string }>>();
  days.forEach((date, dayIndex) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const share = dayIndex === 0 ? 0.8 : ([0, 0.5, 0.75, 0.85, 0.7, 0.4][weekday] ?? 0.5);
    const everyone = shuffled(
      people.map((_, index) => index).filter((index) => index !== 0),
      dayIndex + 7,
    );
    const attending = [...(dayIndex === 0 ? [0] : []), ...everyone].slice(0, Math.round(people.length * share));
    const free = shuffled(
      bookable.filter((name) => name !== (dayIndex === 0 ? 'A2' : 'B2')),
      dayIndex + 31,
    );
    for (const [order, personIndex] of attending.entries()) {
      const deskName = personIndex === 0 ? 'A2' : free.shift();
      if (!deskName) break;
      const timeSlot = order % 5 === 3 ? 'morning' : order % 7 === 5 ? 'afternoon' : 'full-day';
      const list = plans.get(personIndex) ?? [];
      list.push({ deskId: deskIds.get(deskName)!, bookingDate: date, timeSlot });
      plans.set(personIndex, list);
    }
  });
  for (const [personIndex, bookings] of plans) {
    await apiOf(sessions[personIndex]!, baseURL)('POST', '/api/bookings/bulk', { organizationId, bookings });
  }
  for (const session of sessions.slice(1)) await session.dispose();
  return { organizationId, admin, today, nextWorkingDay: days[1]! };
}

// The pictures.

async function settle(page: Page): Promise<void> {
  await page.waitForFunction('[...document.images].every((image) => image.complete)');
  // Any toast still on screen (an upload's, or 'Floor Plan Loaded' after a switch of floor) is closed before a picture.
  await page.waitForTimeout(500);
  const closeToast = page.getByRole('button', { name: 'Close notification' });
  while (await closeToast.first().isVisible()) await closeToast.first().click();
  await page.waitForTimeout(300);
}

async function takeScreenshots(browser: Browser, baseURL: string, demo: Demo): Promise<string[]> {
  const written: string[] = [];
  const shoot = async (page: Page, name: string) => {
    const file = path.join(outputDir, name);
    await page.screenshot({ path: file });
    written.push(file);
  };
  const storageState = await demo.admin.storageState();

  const laptop = await browser.newContext({
    baseURL,
    storageState,
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: timeZone,
  });
  const page = await laptop.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: /^Desk A1:/ }).waitFor();
  await settle(page);
  await shoot(page, 'map-laptop.png');

  // Book Desk for the next working day, when Amelia has no desk yet.
  await page.getByRole('button', { name: /^Desk B2:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Desk B2' });
  await dialog.getByLabel('Date').fill(demo.nextWorkingDay);
  await dialog.getByRole('heading', { name: 'Book Desk B2' }).click();
  await settle(page);
  await shoot(page, 'book-desk.png');
  await page.keyboard.press('Escape');

  await page.goto(
    `/organizations/${demo.organizationId}/analytics?startDate=${demo.today}&endDate=${addDays(demo.today, 13)}`,
  );
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  await settle(page);
  await shoot(page, 'analytics.png');
  await laptop.close();

  const phone = await browser.newContext({
    baseURL,
    storageState,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    timezoneId: timeZone,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/');
  await phonePage.getByRole('tab', { name: 'Map' }).click();
  await phonePage.getByRole('button', { name: /^Desk A1:/ }).waitFor();
  // Zoomed in on the studio so that desk names show.
  const zoomIn = phonePage.getByRole('button', { name: 'Zoom in' });
  await zoomIn.click();
  await zoomIn.click();
  const studioCorner = await phonePage.getByRole('button', { name: /^Desk A1:/ }).boundingBox();
  await phonePage.locator('[data-map-viewport]').evaluate((viewport, corner) => {
    const box = viewport.getBoundingClientRect();
    if (corner) {
      viewport.scrollTop += corner.y - box.top - 40;
      viewport.scrollLeft += corner.x - box.left - 24;
    }
  }, studioCorner);
  // The clicks scrolled the page down to the buttons: the picture starts at the top bar.
  await phonePage.evaluate('window.scrollTo(0, 0)');
  await settle(phonePage);
  await shoot(phonePage, 'map-phone.png');
  await phone.close();
  return written;
}

/** dist/web as `npm start` builds it: again only when the sources are newer. */
function ensureWebBuilt(): void {
  const newest = (directory: string): number =>
    Math.max(
      0,
      ...fs
        .readdirSync(directory, { withFileTypes: true })
        .map((entry) =>
          entry.isDirectory()
            ? newest(path.join(directory, entry.name))
            : fs.statSync(path.join(directory, entry.name)).mtimeMs,
        ),
    );
  const index = path.join(repositoryRoot, 'dist', 'web', 'index.html');
  const sources = Math.max(
    newest(path.join(repositoryRoot, 'src', 'web')),
    newest(path.join(repositoryRoot, 'src', 'domain')),
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  execFileSync(path.join(repositoryRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
}

const started = Date.now();
ensureWebBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-screenshots-'));
const port = await freePort();
const baseURL = `http://localhost:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', BILLING: 'local' };
delete env.DATABASE_URL;
const output: string[] = [];
let browser: Browser | undefined;
const server = await spawnPerch({ baseURL, env, output });
try {
  browser = await chromium.launch(chromiumLaunchOptions);
  const demo = await seedDemo(baseURL, dataDir, browser);
  fs.mkdirSync(outputDir, { recursive: true });
  const written = await takeScreenshots(browser, baseURL, demo);
  await demo.admin.dispose();
  for (const file of written) {
    console.log(`${path.relative(repositoryRoot, file)}  ${Math.round(fs.statSync(file).size / 1024)} KB`);
  }
  console.log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
} catch (error) {
  process.exitCode = 1;
  console.error(error);
  if (output.length) console.error(output.join('\n'));
} finally {
  await browser?.close();
  await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

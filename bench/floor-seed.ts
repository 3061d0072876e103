// Seeding for the browser benchmarks (floor-render.ts, list-render.ts): an admin's organization with an empty
// floor and a floor of many small desks, through Perch's own API (perch-api.ts); and the signed-in browser they
// start from.
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { type BenchOrganization, benchClient, type Floor, signUpWithOrganization } from './perch-api.ts';

/**
 * Signs a new admin up (unless `cookie` is given), makes sure their organization has an empty floor and a bench
 * floor (made in the order given, so the dashboard opens on the first), and fills the bench floor up
 * to `deskCount` desks: 50 columns by 40 rows of 34 x 22 desks fill the 1920 x 1080 canvas without overlapping.
 */
export async function seedBenchFloors(options: {
  baseUrl: string;
  cookie?: string | undefined;
  deskCount: number;
  /** For the new account and organization: "list" makes list.bench.…@example.com and "List bench …". */
  name: string;
  /** The floors are "<floorPrefix>: 2,000 desks" and "<floorPrefix>: empty". */
  floorPrefix: string;
  benchFloorFirst: boolean;
}) {
  const api = benchClient(options.baseUrl, options.cookie);
  if (!options.cookie) {
    const stamp = Date.now().toString(36);
    await signUpWithOrganization(
      api,
      {
        email: `${options.name}.bench.${stamp}@example.com`,
        password: 'bench-password-1',
        firstName: 'Bench',
        lastName: 'Runner',
      },
      { name: `Bench ${options.name} ${stamp}`, slug: `bench-${options.name}-${stamp}` },
    );
  }
  const organizations = await api.call<BenchOrganization[]>('GET', '/api/organizations');
  const organization = organizations.find((item) => item.role === 'admin');
  if (!organization) throw new Error('The signed-in user is not an admin of any organization');
  const floorsPath = `/api/organizations/${organization.id}/floors`;
  const findOrCreate = async (name: string) => {
    const floors = await api.call<Floor[]>('GET', floorsPath);
    return floors.find((floor) => floor.name === name) ?? (await api.call<Floor>('POST', floorsPath, { name }));
  };
  const [first, second] = options.benchFloorFirst
    ? [`${options.floorPrefix}: 2,000 desks`, `${options.floorPrefix}: empty`]
    : [`${options.floorPrefix}: empty`, `${options.floorPrefix}: 2,000 desks`];
  const firstFloor = await findOrCreate(first);
  const secondFloor = await findOrCreate(second);
  const [benchFloor, emptyFloor] = options.benchFloorFirst ? [firstFloor, secondFloor] : [secondFloor, firstFloor];
  const existing = await api.call<unknown[]>('GET', `/api/floors/${benchFloor.id}/desks`);
  const missing = Array.from(
    { length: Math.max(0, options.deskCount - existing.length) },
    (_, offset) => existing.length + offset,
  );
  for (let start = 0; start < missing.length; start += 16) {
    await Promise.all(
      missing.slice(start, start + 16).map((index) =>
        api.call('POST', `/api/organizations/${organization.id}/desks`, {
          name: `B${String(index + 1).padStart(4, '0')}`,
          description: 'Bench desk',
          positionX: String((index % 50) * 38 + 2),
          positionY: String(Math.floor(index / 50) * 26 + 2),
          width: '34',
          height: '22',
          floorId: benchFloor.id,
        }),
      ),
    );
  }
  return { api, organization, benchFloor, emptyFloor };
}

/** What every browser benchmark's figures end with. */
export interface BrowserBenchFigures {
  /** The machine's 1-minute load average when the run ended: figures from a busy machine read high. */
  loadAverage: number;
}

/** What the browser benchmarks (floor-render.ts, list-render.ts) are given. */
export interface BrowserBenchOptions {
  /** Where Perch runs, e.g. http://localhost:3000. */
  baseUrl: string;
  /** A signed-in admin's session cookie ("name=value"); without one a new account and organization are made. */
  cookie?: string;
  /** Desks on the measured floor (default 2,000). Missing desks are added; existing ones are kept. */
  deskCount?: number;
  executablePath?: string;
}

/**
 * Runs `work` in Chromium at a laptop's size, signed in with `cookie`, on the dashboard with `floorId` among the
 * floors offered (where the map and list benchmarks start); the browser is closed afterwards.
 */
export async function withSignedInDashboard<T>(
  options: { baseUrl: string; cookie: string; floorId: string; executablePath?: string },
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    ...(options.executablePath ? { executablePath: options.executablePath } : {}),
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      options.cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: options.baseUrl };
      }),
    );
    const page = await context.newPage();
    await page.goto(options.baseUrl);
    await page.locator('#floor-picker').waitFor();
    await page.waitForFunction(
      (id) => (globalThis as any).document.querySelector(`option[value="${id}"]`),
      options.floorId,
    );
    return await work(page);
  } finally {
    await browser.close();
  }
}

/** The machine's 1-minute load average, to 0.01: figures from a busy machine read high. */
export const loadAverageNow = () => Math.round(os.loadavg()[0]! * 100) / 100;

/**
 * A browser benchmark run as a program: against the server named on the command line (default
 * http://localhost:3000), signed in as PERCH_COOKIE when it is set; prints the figures.
 */
export async function printBrowserBenchmark(measure: (options: BrowserBenchOptions) => Promise<unknown>) {
  const baseUrl = process.argv[2] ?? 'http://localhost:3000';
  console.log(JSON.stringify(await measure({ baseUrl, cookie: process.env.PERCH_COOKIE }), null, 2));
}

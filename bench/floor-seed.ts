// Seeding for the browser benchmarks (floor-render.ts, list-render.ts): an admin's organization with an empty
// floor and a floor of many small desks, through Perch's own API (perch-api.ts); and the signed-in browser they
// start from.
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { type BenchOrganization, benchClient, type Floor, signUpWithOrganization } from './perch-api.ts';

/**
 * Signs a new admin up (unless `cookie` is given), makes sure their organization has `emptyFloorName` and
 * `benchFloorName` (made in the order given, so the dashboard opens on the first), and fills the bench floor up
 * to `deskCount` desks: 50 columns by 40 rows of 34 x 22 desks fill the 1920 x 1080 canvas without overlapping.
 */
export async function seedBenchFloors(options: {
  baseUrl: string;
  cookie?: string | undefined;
  deskCount: number;
  /** For the new account and organization: "list" makes list.bench.…@example.com and "List bench …". */
  name: string;
  floorNames: { bench: string; empty: string };
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
    ? [options.floorNames.bench, options.floorNames.empty]
    : [options.floorNames.empty, options.floorNames.bench];
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

/**
 * Chromium at a laptop's size, signed in with `cookie`, on the dashboard with `floorId` among the floors offered:
 * where the map and list benchmarks start.
 */
export async function openSignedInDashboard(options: {
  baseUrl: string;
  cookie: string;
  floorId: string;
  executablePath?: string;
}): Promise<{ browser: Browser; page: Page }> {
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
    return { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

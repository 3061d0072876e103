// Floor-plan rendering in headless Chromium: a floor of 2,000 desks must render in under 300 ms and a desk
// must drag at 55 frames per second or more. Run alone against a running server with
// `npx node bench/floor-render.ts http://localhost:3000` (it signs up a fresh admin and seeds the desks).
// Figures come from the page's own clock (performance.now and requestAnimationFrame), not from Playwright's.
import os from 'node:os';
import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

export interface FloorRenderOptions {
  /** Where Perch runs, e.g. http://localhost:3000. */
  baseUrl: string;
  /** A signed-in admin's session cookie ("name=value"); without one a new account and organization are made. */
  cookie?: string;
  /** Desks on the measured floor (default 2,000). Missing desks are added; existing ones are kept. */
  deskCount?: number;
  /** Pointer moves in the drag (default 120, about 2 s at one move per frame). */
  dragSteps?: number;
  executablePath?: string;
}

export interface FloorRenderFigures {
  deskCount: number;
  /** Choosing the floor to every tile painted, its desks' JSON fetched first. */
  fetchAndRenderMs: number;
  /** Switching to the floor with its desks already fetched (median of 5, and the slowest): render to first paint. */
  renderMs: number;
  slowestRenderMs: number;
  /** Frames per second while a desk is dragged, and the longest gap between two frames. */
  dragFps: number;
  worstFrameMs: number;
  /** Desk tiles whose DOM changed during the drag (only the dragged ones should). */
  tilesTouchedDuringDrag: number;
  /** The machine's 1-minute load average when the run ended: figures from a busy machine read high. */
  loadAverage: number;
}

const benchFloorName = 'Bench: 2,000 desks';
const emptyFloorName = 'Bench: empty';

interface Floor {
  id: string;
  name: string;
}

/** A tiny HTTP client that keeps the session cookie and says the request comes from the app's own origin. */
function client(baseUrl: string, initialCookie?: string) {
  let cookie = initialCookie ?? '';
  return {
    get cookie() {
      return cookie;
    },
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          origin: new URL(baseUrl).origin,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = response.headers.getSetCookie?.() ?? [];
      if (setCookie.length > 0) cookie = setCookie.map((item) => item.split(';')[0]).join('; ');
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** An admin's organization with an empty floor and a floor of `deskCount` small desks in a grid. */
async function seed(options: FloorRenderOptions, deskCount: number) {
  const api = client(options.baseUrl, options.cookie);
  if (!options.cookie) {
    const stamp = Date.now().toString(36);
    await api.call('POST', '/api/register', {
      email: `bench.${stamp}@example.com`,
      password: 'bench-password-1',
      firstName: 'Bench',
      lastName: 'Runner',
    });
    await api.call('POST', '/api/organizations', { name: `Render bench ${stamp}`, slug: `render-bench-${stamp}` });
  }
  const organizations = await api.call<Array<{ id: string; role: string }>>('GET', '/api/organizations');
  const organization = organizations.find((item) => item.role === 'admin');
  if (!organization) throw new Error('The signed-in user is not an admin of any organization');
  const floorsPath = `/api/organizations/${organization.id}/floors`;
  const findOrCreate = async (name: string) => {
    const floors = await api.call<Floor[]>('GET', floorsPath);
    return floors.find((floor) => floor.name === name) ?? (await api.call<Floor>('POST', floorsPath, { name }));
  };
  const emptyFloor = await findOrCreate(emptyFloorName);
  const benchFloor = await findOrCreate(benchFloorName);
  const existing = await api.call<unknown[]>('GET', `/api/floors/${benchFloor.id}/desks`);
  // 50 columns by 40 rows of 34 x 22 desks fill the 1920 x 1080 canvas without overlapping.
  const missing = Array.from(
    { length: Math.max(0, deskCount - existing.length) },
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
  return { cookie: api.cookie, emptyFloor, benchFloor };
}

// The functions below run inside the page (the bench's tsconfig has no DOM types, hence `any`).

/** Picks a floor in the sidebar and answers the milliseconds until its tiles are on screen and painted. */
function timeFloorSwitch({ floorId, count }: { floorId: string; count: number }): Promise<number> {
  const page = globalThis as any;
  return new Promise((resolve) => {
    const select = page.document.querySelector('#floor-picker');
    const start = page.performance.now();
    select.value = floorId;
    select.dispatchEvent(new page.Event('change', { bubbles: true }));
    const check = () => {
      if (page.document.querySelectorAll('[data-desk-id]').length === count) {
        // The timeout set in the next frame runs after that frame has been painted.
        page.requestAnimationFrame(() => page.setTimeout(() => resolve(page.performance.now() - start), 0));
      } else page.requestAnimationFrame(check);
    };
    check();
  });
}

function startFrameRecorder() {
  const page = globalThis as any;
  const state = { frames: [] as number[], running: true, touched: new Set<string>() };
  page.__floorBench = state;
  const tick = (time: number) => {
    state.frames.push(time);
    if (state.running) page.requestAnimationFrame(tick);
  };
  page.requestAnimationFrame(tick);
  new page.MutationObserver((records: any[]) => {
    for (const record of records) {
      const desk = record.target.closest?.('[data-desk-id]');
      if (desk) state.touched.add(desk.getAttribute('data-desk-id'));
    }
  }).observe(page.document.querySelector('[data-floor-surface]'), { attributes: true, childList: true, subtree: true });
}

function stopFrameRecorder() {
  const state = (globalThis as any).__floorBench as { frames: number[]; running: boolean; touched: Set<string> };
  state.running = false;
  const frames = state.frames.slice(1);
  const gaps = frames.slice(1).map((time, index) => time - frames[index]!);
  const seconds = (frames.at(-1)! - frames[0]!) / 1000;
  return { fps: (frames.length - 1) / seconds, worst: Math.max(...gaps), touched: state.touched.size };
}

export async function measureFloorRender(options: FloorRenderOptions): Promise<FloorRenderFigures> {
  const deskCount = options.deskCount ?? 2000;
  const { cookie, emptyFloor, benchFloor } = await seed(options, deskCount);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      ...chromiumLaunchOptions,
      ...(options.executablePath ? { executablePath: options.executablePath } : {}),
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: options.baseUrl };
      }),
    );
    const page = await context.newPage();
    await page.goto(options.baseUrl);
    await page.locator('#floor-picker').waitFor();
    await page.waitForFunction(
      (id) => (globalThis as any).document.querySelector(`option[value="${id}"]`),
      benchFloor.id,
    );

    // The bench floor's desks are not cached yet: their JSON is fetched, then rendered.
    const fetchAndRenderMs = await page.evaluate(timeFloorSwitch, { floorId: benchFloor.id, count: deskCount });
    // Away and back, five times: the desks are cached, so this is React's render, style, layout and paint only.
    const renders: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      await page.evaluate(timeFloorSwitch, { floorId: emptyFloor.id, count: 0 });
      renders.push(await page.evaluate(timeFloorSwitch, { floorId: benchFloor.id, count: deskCount }));
    }
    renders.sort((a, b) => a - b);

    // Drag a desk in edit mode, one pointer move per frame, counting frames and touched tiles in the page.
    await page.getByRole('switch', { name: 'Edit Mode' }).click();
    await page.getByRole('toolbar', { name: 'Floor plan editor' }).waitFor();
    const tile = page.locator('[data-desk-id]').nth(55);
    await tile.scrollIntoViewIfNeeded();
    const box = await tile.boundingBox();
    if (!box) throw new Error('The desk to drag is not on screen');
    await page.evaluate(startFrameRecorder);
    const steps = options.dragSteps ?? 120;
    const startX = box.x + box.width / 2;
    const startY = box.y + box.height / 2;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    for (let step = 1; step <= steps; step += 1) {
      await page.mouse.move(startX + step * 3, startY + step * 1.5);
      await page.waitForTimeout(16);
    }
    const drag = await page.evaluate(stopFrameRecorder);
    // Back to the start before letting go: a drag that ends within 5 px is not saved, so the data stays as seeded.
    await page.mouse.move(startX, startY);
    await page.mouse.up();

    return {
      deskCount,
      fetchAndRenderMs: Math.round(fetchAndRenderMs),
      renderMs: Math.round(renders[2]!),
      slowestRenderMs: Math.round(renders.at(-1)!),
      dragFps: Math.round(drag.fps * 10) / 10,
      worstFrameMs: Math.round(drag.worst * 10) / 10,
      tilesTouchedDuringDrag: drag.touched,
      loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
    };
  } finally {
    await browser?.close();
  }
}

if (import.meta.main) {
  const baseUrl = process.argv[2] ?? 'http://localhost:3000';
  console.log(JSON.stringify(await measureFloorRender({ baseUrl, cookie: process.env.PERCH_COOKIE }), null, 2));
}

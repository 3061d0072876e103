// Floor-plan rendering in headless Chromium at 1440 x 900: a floor of 2,000 desks must render, fitted to the
// screen, in under 300 ms; a desk must drag, and the map zoom and pan, at 55 frames per second or more. Run alone against a running server with
// `npx node bench/floor-render.ts http://localhost:3000` (it signs up a fresh admin and seeds the desks).
// Figures come from the page's own clock (performance.now and requestAnimationFrame), not from Playwright's.
import {
  type BrowserBenchFigures,
  type BrowserBenchOptions,
  loadAverageNow,
  printBrowserBenchmark,
  seedBenchFloors,
  withSignedInDashboard,
} from './floor-seed.ts';

export interface FloorRenderOptions extends BrowserBenchOptions {
  /** Pointer moves in the drag (default 120, about 2 s at one move per frame). */
  dragSteps?: number;
}

export interface FloorRenderFigures extends BrowserBenchFigures {
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
  /** Zooming in and out by Ctrl+wheel, one wheel step per frame (to 300 % and back, twice), then the pause in
   * which tile text is laid out again for the new scale: frames per second and the longest frame. */
  zoomFps: number;
  zoomWorstFrameMs: number;
  /** Panning the map zoomed to 300 %, 12 px right and 6 px down per frame for 120 frames. */
  panFps: number;
  panWorstFrameMs: number;
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

/** Ctrl+wheel steps on the map, one per frame, 8 in and 8 out, twice; then 300 ms of frames for the text to settle. */
function zoomByWheel(): Promise<{ fps: number; worst: number }> {
  const page = globalThis as any;
  const viewport = page.document.querySelector('[data-map-viewport]');
  const box = viewport.getBoundingClientRect();
  const deltas = [...Array(8).fill(-50), ...Array(8).fill(50), ...Array(8).fill(-50), ...Array(8).fill(50)];
  return new Promise((resolve) => {
    const frames: number[] = [];
    let index = 0;
    let settleUntil = 0;
    const tick = (time: number) => {
      frames.push(time);
      if (index < deltas.length) {
        viewport.dispatchEvent(
          new page.WheelEvent('wheel', {
            deltaY: deltas[index++],
            ctrlKey: true,
            clientX: box.left + box.width * 0.4,
            clientY: box.top + box.height * 0.6,
            bubbles: true,
            cancelable: true,
          }),
        );
        if (index === deltas.length) settleUntil = time + 300;
        page.requestAnimationFrame(tick);
      } else if (time < settleUntil) page.requestAnimationFrame(tick);
      else {
        const gaps = frames.slice(2).map((value, at) => value - frames[at + 1]!);
        const seconds = (frames.at(-1)! - frames[1]!) / 1000;
        resolve({ fps: (frames.length - 2) / seconds, worst: Math.max(...gaps) });
      }
    };
    page.requestAnimationFrame(tick);
  });
}

/** Scrolls the map 12 px right and 6 px down per frame for 120 frames (it is zoomed in, so there is room). */
function panByScrolling(): Promise<{ fps: number; worst: number }> {
  const page = globalThis as any;
  const viewport = page.document.querySelector('[data-map-viewport]');
  viewport.scrollTo({ left: 0, top: 0 });
  return new Promise((resolve) => {
    const frames: number[] = [];
    const tick = (time: number) => {
      frames.push(time);
      if (frames.length <= 120) {
        viewport.scrollLeft += 12;
        viewport.scrollTop += 6;
        page.requestAnimationFrame(tick);
      } else {
        const gaps = frames.slice(2).map((value, at) => value - frames[at + 1]!);
        const seconds = (frames.at(-1)! - frames[1]!) / 1000;
        resolve({ fps: (frames.length - 2) / seconds, worst: Math.max(...gaps) });
      }
    };
    page.requestAnimationFrame(tick);
  });
}

export async function measureFloorRender(options: FloorRenderOptions): Promise<FloorRenderFigures> {
  const deskCount = options.deskCount ?? 2000;
  // An admin's organization with an empty floor and a floor of `deskCount` small desks in a grid.
  const { api, emptyFloor, benchFloor } = await seedBenchFloors({
    ...options,
    deskCount,
    name: 'render',
    floorPrefix: 'Bench',
    benchFloorFirst: false,
  });
  const { cookie } = api;
  return withSignedInDashboard({ ...options, cookie, floorId: benchFloor.id }, async (page) => {
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
    await page.getByRole('switch', { name: 'Edit Mode' }).click();
    await page.getByRole('group', { name: 'Zoom' }).waitFor();
    // Leaving edit mode unmounts the editor and draws the tiles for viewing again: measured with the zoom, its
    // last frames were counted as zoom frames. A person's hand takes longer than this to reach for the wheel.
    await page.waitForTimeout(500);

    // Zoom for everyone: Ctrl+wheel around a point, then pan at 300 %.
    const zoom = await page.evaluate(zoomByWheel);
    for (let step = 0; step < 8; step += 1) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('group', { name: 'Zoom' }).getByText('300%').waitFor();
    await page.waitForTimeout(300);
    const pan = await page.evaluate(panByScrolling);
    await page.getByRole('button', { name: 'Fit the whole floor' }).click();

    return {
      deskCount,
      fetchAndRenderMs: Math.round(fetchAndRenderMs),
      renderMs: Math.round(renders[2]!),
      slowestRenderMs: Math.round(renders.at(-1)!),
      dragFps: Math.round(drag.fps * 10) / 10,
      worstFrameMs: Math.round(drag.worst * 10) / 10,
      tilesTouchedDuringDrag: drag.touched,
      zoomFps: Math.round(zoom.fps * 10) / 10,
      zoomWorstFrameMs: Math.round(zoom.worst * 10) / 10,
      panFps: Math.round(pan.fps * 10) / 10,
      panWorstFrameMs: Math.round(pan.worst * 10) / 10,
      loadAverage: loadAverageNow(),
    };
  });
}

if (import.meta.main) await printBrowserBenchmark(measureFloorRender);

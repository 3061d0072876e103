// The floor's list view in headless Chromium: a floor of 2,000 desks must be listed in under 200 ms from pressing
// the dashboard's List tab, and a keystroke in the search box or a change of filter must be painted in under
// 50 ms. Run alone against a running server with `npx node bench/list-render.ts http://localhost:3000` (it signs
// up a fresh admin, seeds the desks and books a fifth of them for today). Figures come from the page's own clock
// (performance.now and requestAnimationFrame), not from Playwright's.
import { todayIn } from '#domain/dates.ts';
import {
  type BrowserBenchFigures,
  type BrowserBenchOptions,
  loadAverageNow,
  printBrowserBenchmark,
  seedBenchFloors,
  withSignedInDashboard,
} from './floor-seed.ts';

export type ListRenderOptions = BrowserBenchOptions;

export interface ListRenderFigures extends BrowserBenchFigures {
  deskCount: number;
  /** Desks booked on the day listed (their rows name who has them). */
  bookedDesks: number;
  /** Pressing the List tab (the map showing) to every row in the page and painted: median of 5, and the slowest. */
  renderMs: number;
  slowestRenderMs: number;
  /**
   * The list alone: in the list view, choosing the floor of 2,000 desks after an empty one, to every row painted
   * (median of 5, and the slowest). Pressing List also takes the map down; this leaves that out.
   */
  listOnlyRenderMs: number;
  slowestListOnlyRenderMs: number;
  /** Typing or deleting one character in the search box to the filtered list painted: median of 10, slowest. */
  searchMs: number;
  slowestSearchMs: number;
  /** Choosing another filter (Free all day, back to All) to the list painted: median of 10, slowest. */
  filterMs: number;
  slowestFilterMs: number;
}

/** An admin's organization whose first floor holds `deskCount` desks, a fifth of them booked today. */
async function seed(options: ListRenderOptions, deskCount: number) {
  const {
    api,
    organization,
    benchFloor: floor,
    emptyFloor,
  } = await seedBenchFloors({
    ...options,
    deskCount,
    name: 'list',
    floorPrefix: 'Bench list',
    // The bench floor first, so that the dashboard opens on it.
    benchFloorFirst: true,
  });

  // Every fifth desk booked today (mornings, afternoons and full days), so rows carry names and states.
  const today = todayIn(organization.timeZone);
  const desks = await api.call<Array<{ id: string }>>('GET', `/api/floors/${floor.id}/desks`);
  const day = await api.call<unknown[]>(
    'GET',
    `/api/organizations/${organization.id}/bookings?startDate=${today}&endDate=${today}`,
  );
  const slots = ['morning', 'afternoon', 'full-day'] as const;
  const wanted = desks.filter((_, index) => index % 5 === 0);
  if (day.length === 0) {
    // One person books 400 desks of the day: one desk per person (on by default) stands aside.
    await api.call('PUT', `/api/organizations/${organization.id}/booking-rules`, {
      onePerPersonPerSlot: false,
      maxDaysAhead: 90,
      maxBookingsPerWeek: null,
      adminsExempt: true,
    });
    for (let start = 0; start < wanted.length; start += 31) {
      await api.call('POST', '/api/bookings/bulk', {
        organizationId: organization.id,
        bookings: wanted.slice(start, start + 31).map((desk, offset) => ({
          deskId: desk.id,
          bookingDate: today,
          timeSlot: slots[(start + offset) % slots.length],
        })),
      });
    }
  }
  return { cookie: api.cookie, floor, emptyFloor, deskCount: desks.length, bookedDesks: wanted.length };
}

// The functions below run inside the page (the bench's tsconfig has no DOM types, hence `any`). Each is sent
// on its own, so what they share is installed on the page first, as __listBench.

function installHelpers() {
  const page = globalThis as any;
  page.__listBench = {
    /** Resolves once the frame after `isDone()` turns true has been painted: the milliseconds since `start`. */
    whenPainted(start: number, isDone: () => boolean, resolve: (ms: number) => void) {
      const check = () => {
        // The timeout set in the next frame runs after that frame has been painted.
        if (isDone())
          page.requestAnimationFrame(() => page.setTimeout(() => resolve(page.performance.now() - start), 0));
        else page.requestAnimationFrame(check);
      };
      check();
    },
    /** The list's "12 of 2000 desks", which changes whenever the rows shown do. */
    listCount(): string | undefined {
      return page.document.querySelector('[data-list-desk-id]')?.closest('section')?.querySelector('[role="status"]')
        ?.textContent;
    },
  };
}

/** Presses a view tab (Radix tabs switch on mouse down) and answers the milliseconds until the view is painted. */
function timeViewSwitch({ view, count }: { view: 'Map' | 'List'; count: number }): Promise<number> {
  const page = globalThis as any;
  return new Promise((resolve) => {
    const tab = [...page.document.querySelectorAll('[role="tab"]')].find(
      (item: any) => item.textContent.trim() === view,
    );
    const start = page.performance.now();
    tab.dispatchEvent(new page.MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
    const rows = () => page.document.querySelectorAll('[data-list-desk-id]').length;
    page.__listBench.whenPainted(start, () => (view === 'List' ? rows() === count : rows() === 0), resolve);
  });
}

/** Picks a floor in the sidebar, the list showing, and answers the milliseconds until its rows are painted. */
function timeFloorSwitch({ floorId, count }: { floorId: string; count: number }): Promise<number> {
  const page = globalThis as any;
  return new Promise((resolve) => {
    const select = page.document.querySelector('#floor-picker');
    const start = page.performance.now();
    select.value = floorId;
    select.dispatchEvent(new page.Event('change', { bubbles: true }));
    page.__listBench.whenPainted(
      start,
      () => page.document.querySelectorAll('[data-list-desk-id]').length === count,
      resolve,
    );
  });
}

/** Sets the search box's text as typing does and answers the milliseconds until the new list is painted. */
function timeSearch(text: string): Promise<number> {
  const page = globalThis as any;
  return new Promise((resolve) => {
    const input = page.document.querySelector('input[type="search"][placeholder="Search desks or people"]');
    const setValue = Object.getOwnPropertyDescriptor(page.HTMLInputElement.prototype, 'value')!.set!;
    const before = page.__listBench.listCount();
    const start = page.performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new page.Event('input', { bubbles: true }));
    page.__listBench.whenPainted(start, () => page.__listBench.listCount() !== before, resolve);
  });
}

/** Chooses a filter and answers the milliseconds until the new list is painted. */
function timeFilter(filter: string): Promise<number> {
  const page = globalThis as any;
  return new Promise((resolve) => {
    const radio = page.document.querySelector(`input[type="radio"][value="${filter}"]`);
    const before = page.__listBench.listCount();
    const start = page.performance.now();
    radio.click();
    page.__listBench.whenPainted(start, () => page.__listBench.listCount() !== before, resolve);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

export async function measureListRender(options: ListRenderOptions): Promise<ListRenderFigures> {
  const { cookie, floor, emptyFloor, deskCount, bookedDesks } = await seed(options, options.deskCount ?? 2000);
  // A laptop's width, where the dashboard opens on the map.
  return withSignedInDashboard({ ...options, cookie, floorId: floor.id }, async (page) => {
    await page.locator('#floor-picker').selectOption(floor.id);
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.evaluate(installHelpers);
    await page.waitForFunction(
      (count) => (globalThis as any).document.querySelectorAll('[data-desk-id]').length === count,
      deskCount,
    );

    // Map to List and back, five times: the desks and the day's bookings are cached, so this is React's render,
    // style, layout and paint (the map's unmounting included, as a person pressing List waits for it too).
    const renders: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      renders.push(await page.evaluate(timeViewSwitch, { view: 'List' as const, count: deskCount }));
      if (round < 4) await page.evaluate(timeViewSwitch, { view: 'Map' as const, count: deskCount });
    }
    await page.evaluate(timeViewSwitch, { view: 'List' as const, count: deskCount });

    // Away to the empty floor and back, in the list view, five times: the list's own render.
    const listOnly: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      await page.evaluate(timeFloorSwitch, { floorId: emptyFloor.id, count: 0 });
      listOnly.push(await page.evaluate(timeFloorSwitch, { floorId: floor.id, count: deskCount }));
    }

    // One character typed ('7' keeps about a third of B0001…B2000), then deleted, five times.
    const searches: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      searches.push(await page.evaluate(timeSearch, '7'));
      searches.push(await page.evaluate(timeSearch, ''));
    }
    const filters: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      filters.push(await page.evaluate(timeFilter, 'free-all-day'));
      filters.push(await page.evaluate(timeFilter, 'all'));
    }

    return {
      deskCount,
      bookedDesks,
      renderMs: round(median(renders)),
      slowestRenderMs: round(Math.max(...renders)),
      listOnlyRenderMs: round(median(listOnly)),
      slowestListOnlyRenderMs: round(Math.max(...listOnly)),
      searchMs: round(median(searches)),
      slowestSearchMs: round(Math.max(...searches)),
      filterMs: round(median(filters)),
      slowestFilterMs: round(Math.max(...filters)),
      loadAverage: loadAverageNow(),
    };
  });
}

if (import.meta.main) await printBrowserBenchmark(measureListRender);

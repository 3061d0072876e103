import { expect, type Page, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  deskTile,
  expectNoSeriousAxeViolations,
  laptop,
  newPerson,
  phone,
} from './support.ts';

// Issue 34: the map on a phone: it starts within the first screen, a full-screen mode (one tap; Back, Close and
// Escape return), desk names never drawn below 11 px, and zoom controls that never cover a desk.

/** 16 desks D01…D16 spread over the whole 1920 x 1080 canvas, four rows of four, corners included. */
async function spreadSixteenDesks(page: Page, organizationId: string, floorId: string): Promise<void> {
  const call = apiAs(page);
  for (let index = 0; index < 16; index += 1) {
    await call('POST', `/api/organizations/${organizationId}/desks`, {
      name: `D${String(index + 1).padStart(2, '0')}`,
      positionX: String(Math.round((index % 4) * ((1920 - 120) / 3))),
      positionY: String(Math.round(Math.floor(index / 4) * ((1080 - 80) / 3))),
      width: '120',
      height: '80',
      floorId,
    });
  }
}

interface MapFacts {
  /** The smallest desk name on screen, in CSS pixels (its computed size times the canvas's scale). */
  smallestNamePx: number | null;
  namesShown: number;
  /** Desks whose visible part the zoom controls overlap. */
  coveredDesks: string[];
  viewport: { top: number; bottom: number; height: number };
  controlsBottom: number;
}

/**
 * Reads the map as it is drawn once zooming has settled (tile text is laid out for the scale a moment after a zoom,
 * decision 015): what the names measure on screen, and whether the zoom controls cover a desk.
 */
async function readMap(page: Page): Promise<MapFacts> {
  await expect.poll(() => page.evaluate(isMapSettled)).toBe(true);
  return readMapNow(page);
}

/** Whether the tiles' text is laid out for the scale the canvas is drawn at. */
function isMapSettled(): boolean {
  const surface = (globalThis as any).document.querySelector('[data-floor-surface]');
  const style = (globalThis as any).getComputedStyle(surface);
  const scale = new (globalThis as any).DOMMatrixReadOnly(style.transform).a as number;
  return Math.abs(Number.parseFloat(style.getPropertyValue('--scale')) - scale) < 1e-6;
}

function readMapNow(page: Page): Promise<MapFacts> {
  return page.evaluate(() => {
    // In the page (the tests' tsconfig has no DOM types).
    const document = (globalThis as any).document;
    const getComputedStyle = (globalThis as any).getComputedStyle as (element: unknown) => {
      fontSize: string;
      transform: string;
    };
    const surface = document.querySelector('[data-floor-surface]');
    const scale = new (globalThis as any).DOMMatrixReadOnly(getComputedStyle(surface).transform).a as number;
    const viewport = document.querySelector('[data-map-viewport]').getBoundingClientRect();
    const controls = document.querySelector('[role="group"][aria-label="Zoom"]').getBoundingClientRect();
    const sizes = [...document.querySelectorAll('.desk-tile-name')].map(
      (name: any) => Number.parseFloat(getComputedStyle(name).fontSize) * scale,
    );
    const coveredDesks: string[] = [];
    for (const tile of document.querySelectorAll('[data-desk-id]')) {
      const box = tile.getBoundingClientRect();
      // Only the part of a desk inside the map's viewport can be covered; the rest is scrolled out of sight.
      const left = Math.max(box.left, viewport.left);
      const right = Math.min(box.right, viewport.right);
      const top = Math.max(box.top, viewport.top);
      const bottom = Math.min(box.bottom, viewport.bottom);
      if (left >= right || top >= bottom) continue;
      if (left < controls.right && controls.left < right && top < controls.bottom && controls.top < bottom) {
        coveredDesks.push(tile.getAttribute('aria-label'));
      }
    }
    return {
      smallestNamePx: sizes.length > 0 ? Math.min(...sizes) : null,
      namesShown: sizes.length,
      coveredDesks,
      viewport: { top: viewport.top, bottom: viewport.bottom, height: viewport.height },
      controlsBottom: controls.bottom,
    };
  });
}

function expectLegibleAndUncovered(facts: MapFacts) {
  // Computed styles round in their last digits.
  if (facts.smallestNamePx !== null) expect(facts.smallestNamePx).toBeGreaterThanOrEqual(10.99);
  expect(facts.coveredDesks).toEqual([]);
}

const zoomLevel = (page: Page) => page.getByRole('group', { name: 'Zoom' }).getByLabel('Zoom level');

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true });

  test('the map starts in the first screen, goes full screen with one tap and comes back with Back, Escape and Close; names stay legible and the zoom covers no desk', async ({
    page,
  }, testInfo) => {
    const { organizationId, floorId } = await createOrganizationThroughApi(
      page,
      newPerson('Pho', 'Ne'),
      'Phone Office',
    );
    await spreadSixteenDesks(page, organizationId, floorId);
    await page.reload();
    await page.getByRole('tab', { name: 'Map' }).tap();
    await expect(page.locator('[data-desk-id]')).toHaveCount(16);

    // The whole fitted plan and its controls are on the first screen, without scrolling.
    const onPage = await readMap(page);
    expect(onPage.viewport.bottom).toBeLessThanOrEqual(phone.height);
    expect(onPage.controlsBottom).toBeLessThanOrEqual(phone.height);
    expectLegibleAndUncovered(onPage);
    await page.screenshot({ path: testInfo.outputPath('phone-map-390.png') });

    // Zoomed in, the controls still cover nothing, and names are legible.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let step = 0; step < 4; step += 1) await zoomIn.tap();
    await expect(zoomLevel(page)).toHaveText('200%');
    await expect.poll(async () => (await readMap(page)).namesShown).toBeGreaterThan(0);
    expectLegibleAndUncovered(await readMap(page));
    await page.getByRole('button', { name: 'Fit the whole floor' }).tap();
    await expect(zoomLevel(page)).toHaveText('100%');

    // One tap: the map takes the whole screen, as a dialog; focus is on its close button.
    const opener = page.getByRole('button', { name: 'Full screen map' });
    await opener.tap();
    const fullScreen = page.getByRole('dialog', { name: 'Floor 1, map on the whole screen' });
    await expect(fullScreen).toBeVisible();
    const close = fullScreen.getByRole('button', { name: 'Close full screen map' });
    await expect(close).toBeFocused();
    // Upright, the full-screen plan is drawn larger than the page's fit: every desk has its name, 11 px or more.
    await expect.poll(async () => (await readMap(page)).namesShown).toBe(16);
    const full = await readMap(page);
    expect(full.viewport.height).toBeGreaterThan(phone.height * 0.75);
    expect(full.controlsBottom).toBeLessThanOrEqual(phone.height);
    expectLegibleAndUncovered(full);
    await page.screenshot({ path: testInfo.outputPath('phone-map-full-screen-390.png') });
    await expectNoSeriousAxeViolations(page);

    // A tiny desk shows its name on tap: the Book Desk dialog opens over the full-screen map, and its Escape closes
    // the dialog only.
    await deskTile(page, 'D06').tap();
    const book = page.getByRole('dialog', { name: 'Book Desk D06' });
    await expect(book).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(book).toBeHidden();
    await expect(fullScreen).toBeVisible();

    // The browser's Back button leaves full screen, and focus goes back to the button that opened it.
    await page.goBack();
    await expect(fullScreen).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Phone Office' })).toBeVisible();

    // Escape leaves it, and so does Close.
    await opener.tap();
    await expect(fullScreen).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(fullScreen).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.tap();
    await close.tap();
    await expect(fullScreen).toBeHidden();
    await expect(opener).toBeFocused();
    // Leaving took its history entry with it: the page is where it was.
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test('on a laptop the full-screen map fills the window and Back returns; names stay legible and the zoom covers no desk', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(laptop);
  const { organizationId, floorId } = await createOrganizationThroughApi(
    page,
    newPerson('Lap', 'Top'),
    'Laptop Office',
  );
  await spreadSixteenDesks(page, organizationId, floorId);
  await page.reload();
  await expect(page.locator('[data-desk-id]')).toHaveCount(16);
  const onPage = await readMap(page);
  expect(onPage.controlsBottom).toBeLessThanOrEqual(laptop.height);
  expectLegibleAndUncovered(onPage);
  for (let index = 1; index <= 16; index += 1) {
    await expect(deskTile(page, `D${String(index).padStart(2, '0')}`)).toBeInViewport({ ratio: 0.99 });
  }

  await page.getByRole('button', { name: 'Full screen map' }).click();
  const fullScreen = page.getByRole('dialog', { name: 'Floor 1, map on the whole screen' });
  await expect(fullScreen).toBeVisible();
  const full = await readMap(page);
  expect(full.viewport.height).toBeGreaterThan(laptop.height * 0.8);
  expectLegibleAndUncovered(full);
  // The rest of the page is out of reach while the map has the screen.
  const isInert = page
    .getByRole('button', { name: 'Sign Out' })
    .evaluate((element) => element.closest('[inert]') !== null);
  expect(await isInert).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('laptop-map-full-screen-1440.png') });
  await expectNoSeriousAxeViolations(page);
  await page.goBack();
  await expect(fullScreen).toBeHidden();
  await expect(page.getByRole('button', { name: 'Full screen map' })).toBeFocused();
  expect(await page.getByRole('button', { name: 'Sign Out' }).evaluate((element) => element.closest('[inert]'))).toBe(
    null,
  );
});

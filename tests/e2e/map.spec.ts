import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  deskTile,
  expectNoSeriousAxeViolations,
  floorPlanPng,
  fullName,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
} from './support.ts';

// Issue 14: the whole floor at first sight, zoom for everyone, legible desks, and finding a colleague.

interface Floor {
  id: string;
}
interface Organization {
  id: string;
  name: string;
}

/** 16 desks D01…D16 spread over the whole 1920 x 1080 canvas, four rows of four, corners included. */
async function spreadSixteenDesks(page: Page): Promise<Organization> {
  const call = apiAs(page);
  const [organization] = await call<Organization[]>('GET', '/api/organizations');
  const [floor] = await call<Floor[]>('GET', `/api/organizations/${organization!.id}/floors`);
  for (let index = 0; index < 16; index += 1) {
    await call('POST', `/api/organizations/${organization!.id}/desks`, {
      name: `D${String(index + 1).padStart(2, '0')}`,
      positionX: String(Math.round((index % 4) * ((1920 - 120) / 3))),
      positionY: String(Math.round(Math.floor(index / 4) * ((1080 - 80) / 3))),
      width: '120',
      height: '80',
      floorId: floor!.id,
    });
  }
  return organization!;
}

/** The on-screen scale of the canvas: its surface's transform. */
async function mapScale(page: Page): Promise<number> {
  return page.locator('[data-floor-surface]').evaluate((surface) => {
    // In the page (the tests' tsconfig has no DOM types).
    const page = globalThis as any;
    return new page.DOMMatrixReadOnly(page.getComputedStyle(surface).transform).a as number;
  });
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Uploads a plan image for the organization's first floor through the API, as the editor's uploader does. */
async function uploadPlanThroughApi(page: Page, organizationId: string): Promise<void> {
  const call = apiAs(page);
  const [floor] = await call<Floor[]>('GET', `/api/organizations/${organizationId}/floors`);
  const { uploadURL } = await call<{ uploadURL: string }>('POST', '/api/objects/upload', { organizationId });
  const origin = new URL(page.url()).origin;
  const stored = await page.request.put(new URL(uploadURL, origin).toString(), {
    headers: { origin, 'content-type': 'image/png' },
    data: floorPlanPng(320, 180),
  });
  expect(stored.ok()).toBe(true);
  const { location } = (await stored.json()) as { location: string };
  await call('PUT', `/api/floors/${floor!.id}/floor-plan`, { floorPlanURL: location });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const zoomLevel = (page: Page) => page.getByRole('group', { name: 'Zoom' }).getByLabel('Zoom level');

test.describe('on a laptop', () => {
  test.use({ viewport: laptop });

  test('every desk of a floor spread over the canvas is on screen at first sight, and every name is at least 9 px', async ({
    page,
  }) => {
    await createOrganizationThroughApi(page, newPerson('Olivia', 'Manager'), 'Spread Office');
    await spreadSixteenDesks(page);
    await page.reload();
    await expect(page.locator('[data-desk-id]')).toHaveCount(16);
    for (let index = 1; index <= 16; index += 1) {
      const tile = deskTile(page, `D${String(index).padStart(2, '0')}`);
      await expect(tile).toBeInViewport({ ratio: 0.99 });
    }
    await expect(zoomLevel(page)).toHaveText('100%');
    const scale = await mapScale(page);
    const smallest = await page
      .locator('.desk-tile-name')
      .evaluateAll((names) =>
        Math.min(...names.map((name) => Number.parseFloat((globalThis as any).getComputedStyle(name).fontSize))),
      );
    expect(smallest * scale).toBeGreaterThanOrEqual(8.99); // computed styles round in the last digits
    // Hover shows a desk's full text.
    await deskTile(page, 'D07').hover();
    await expect(page.locator('[data-desk-card]')).toHaveText(/^Desk D07: Available/);
    await expectNoSeriousAxeViolations(page);
  });

  test('Ctrl+wheel zooms around the pointer, the keys zoom and fit, and a trackpad pinch zooms too', async ({
    page,
  }) => {
    await createOrganizationThroughApi(page, newPerson('Wheel', 'Zoomer'), 'Wheel Office');
    await spreadSixteenDesks(page);
    await page.reload();
    const target = deskTile(page, 'D06');
    await expect(target).toBeInViewport();
    const before = await centreOf(target);
    const fitted = await mapScale(page);

    await page.mouse.move(before.x, before.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect(zoomLevel(page)).toHaveText('150%');
    await expect.poll(() => mapScale(page)).toBeCloseTo(fitted * 1.5, 5);
    // The desk under the pointer stays under it.
    const after = await centreOf(target);
    expect(Math.abs(after.x - before.x)).toBeLessThan(2);
    expect(Math.abs(after.y - before.y)).toBeLessThan(2);

    // A trackpad pinch arrives as many small wheel events with ctrlKey set (no key held).
    await page.locator('[data-map-viewport]').dispatchEvent('wheel', {
      deltaY: 30,
      ctrlKey: true,
      clientX: before.x,
      clientY: before.y,
    });
    await page.locator('[data-map-viewport]').dispatchEvent('wheel', {
      deltaY: 30,
      ctrlKey: true,
      clientX: before.x,
      clientY: before.y,
    });
    await expect(zoomLevel(page)).toHaveText('125%');

    await page.getByRole('region', { name: 'Floor 1 canvas' }).focus();
    await page.keyboard.press('0');
    await expect(zoomLevel(page)).toHaveText('100%');
    await page.keyboard.press('+');
    await expect(zoomLevel(page)).toHaveText('125%');
    await page.keyboard.press('-');
    await expect(zoomLevel(page)).toHaveText('100%');
    // The page itself was never zoomed by the browser.
    expect(await page.evaluate(() => (globalThis as any).visualViewport?.scale ?? 1)).toBe(1);
  });

  test('a member zooms with the buttons, keeps it in their own browser, and "Who\'s in today?" finds a colleague\'s desk', async ({
    page,
    browser,
  }) => {
    const admin = newPerson('Ada', 'Admin');
    const member = newPerson('Mo', 'Member');
    await createOrganizationThroughApi(page, admin, 'Finder Office');
    const organization = await spreadSixteenDesks(page);
    // The admin books D16, in the far corner.
    const desks = await apiAs(page)<Array<{ id: string; name: string }>>(
      'GET',
      `/api/organizations/${organization.id}/desks`,
    );
    const today = await page.getByLabel('Date', { exact: true }).inputValue();
    await apiAs(page)('POST', '/api/bookings', {
      organizationId: organization.id,
      deskId: desks.find((desk) => desk.name === 'D16')!.id,
      bookingDate: today,
      timeSlot: 'full-day',
    });

    const memberContext = await browser.newContext({ viewport: laptop });
    const memberPage = await inviteAndJoinThroughApi(page, memberContext, member, 'Finder Office');
    const zoom = memberPage.getByRole('group', { name: 'Zoom' });
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByLabel('Zoom level')).toHaveText('150%');
    await memberPage.reload();
    await expect(memberPage.getByRole('group', { name: 'Zoom' }).getByLabel('Zoom level')).toHaveText('150%');
    // At 150 % the far corner is off screen; the roster takes the member there.
    await memberPage.getByRole('button', { name: "Who's in today?" }).click();
    const roster = memberPage.getByRole('dialog', { name: "Who's in today?" });
    await roster.getByRole('button', { name: `Show ${fullName(admin)}'s desk D16 on the map` }).click();
    await expect(roster).toBeHidden();
    const found = deskTile(memberPage, 'D16');
    await expect(found).toHaveAttribute('data-highlighted', '');
    await expect(found).toBeFocused();
    await expect(found).toBeInViewport({ ratio: 0.99 });
    await expectNoSeriousAxeViolations(memberPage);
    await memberContext.close();
  });
});

test('the keyboard skips to the map, moves between desks in plan order and opens one; a revisit shows no "Floor Plan Loaded", on a laptop and a phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(laptop);
  await createOrganizationThroughApi(page, newPerson('Kim', 'Keys'), 'Keyboard Office');
  const organization = await spreadSixteenDesks(page);
  await uploadPlanThroughApi(page, organization.id);
  await page.reload();
  const plan = page.getByRole('img', { name: 'Floor plan of Floor 1' });
  await expect(plan).toHaveJSProperty('naturalWidth', 320);
  await expect(page.getByText('Floor Plan Loaded', { exact: true })).toHaveCount(0);

  // The first Tab stop skips the sidebar and the top bar; the map is one Tab stop, the arrows go on from there.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the map' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(deskTile(page, 'D01')).toBeFocused();
  for (const [key, name] of [
    ['ArrowRight', 'D02'],
    ['ArrowDown', 'D06'],
    ['ArrowLeft', 'D05'],
    ['ArrowUp', 'D01'],
    ['ArrowUp', 'D01'],
    ['End', 'D16'],
    ['Home', 'D01'],
    ['ArrowDown', 'D05'],
    ['ArrowRight', 'D06'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(deskTile(page, name)).toBeFocused();
  }
  // The focused desk's card covers none of its neighbours.
  const card = page.locator('[data-desk-card]');
  await expect(card).toHaveText(/^Desk D06: Available/);
  const cardBox = (await card.boundingBox())!;
  for (const name of ['D01', 'D02', 'D03', 'D05', 'D06', 'D07', 'D09', 'D10', 'D11']) {
    expect(overlaps(cardBox, (await deskTile(page, name).boundingBox())!), `the card covers ${name}`).toBe(false);
  }
  await page.screenshot({ path: testInfo.outputPath('map-keyboard-1440.png') });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(deskTile(page, 'D06')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Book Desk D06' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');

  // A phone opens on the list: the skip link shows the map and lands on its desks.
  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(deskTile(page, 'D01')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(deskTile(page, 'D02')).toBeFocused();
  await expect(plan).toHaveJSProperty('naturalWidth', 320);
  await expect(page.getByText('Floor Plan Loaded', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('map-keyboard-390.png') });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a two-finger pinch on the map zooms it around the fingers and one finger pans it', async ({ page }) => {
    await createOrganizationThroughApi(page, newPerson('Pia', 'Pincher'), 'Pinch Office');
    await spreadSixteenDesks(page);
    await page.reload();
    await page.getByRole('tab', { name: 'Map' }).click();
    const viewport = page.locator('[data-map-viewport]');
    await expect(deskTile(page, 'D06')).toBeVisible();
    // The whole floor fits the phone's width at first sight.
    for (const name of ['D01', 'D04', 'D13', 'D16']) await expect(deskTile(page, name)).toBeInViewport({ ratio: 0.95 });
    const box = (await viewport.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const client = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      client.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: middle.x - spread, y: middle.y, id: 1 },
                { x: middle.x + spread, y: middle.y, id: 2 },
              ],
      });
    await touch('touchStart', 20);
    for (const spread of [30, 40, 50, 60]) await touch('touchMove', spread);
    await touch('touchEnd', 60);
    await expect(zoomLevel(page)).toHaveText('300%');
    expect(await page.evaluate(() => (globalThis as any).visualViewport?.scale ?? 1)).toBe(1);

    const scrolled = await viewport.evaluate((element) => element.scrollLeft);
    await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: middle.x, y: middle.y }] });
    for (let step = 1; step <= 5; step += 1) {
      await client.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: middle.x - step * 30, y: middle.y }],
      });
    }
    await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => viewport.evaluate((element) => element.scrollLeft)).toBeGreaterThan(scrolled);
  });
});

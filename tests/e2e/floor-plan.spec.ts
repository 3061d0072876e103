import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import {
  apiAs,
  expectNoSeriousAxeViolations,
  floorPlanPng,
  holdRequests,
  signUpThroughPage,
  uniqueEmail,
} from './support.ts';

// Tall enough for the whole 1200 px canvas viewport to be on screen next to the sidebar, so every
// click lands where a person would put it, and the toasts (bottom right) stay clear of the desks.
test.use({ viewport: { width: 1440, height: 1700 } });

/** Signs a new person up, creates their organization through /setup and waits for the dashboard. */
async function startOrganization(page: Page, organizationName: string): Promise<void> {
  await signUpThroughPage(page, {
    firstName: 'Priya',
    lastName: 'Natarajan',
    email: uniqueEmail('planner'),
    password: 'desk-hopper-42',
  });
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel('Organization name').fill(organizationName);
  // Slugs are unique across the server, which lives for the whole run (--repeat-each included).
  const slug = page.getByLabel('Slug');
  await slug.fill(`${await slug.inputValue()}-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
}

async function turnOnEditMode(page: Page): Promise<Locator> {
  const editMode = page.getByRole('switch', { name: 'Edit Mode' });
  await editMode.click();
  await expect(editMode).toBeChecked();
  const toolbar = page.getByRole('toolbar', { name: 'Floor plan editor' });
  await expect(toolbar).toBeVisible();
  return toolbar;
}

const canvasOf = (page: Page, floorName = 'Floor 1') => page.getByRole('region', { name: `${floorName} canvas` });
const deskTile = (canvas: Locator, name: string) => canvas.getByRole('button', { name: new RegExp(`^Desk ${name}:`) });

interface Placement {
  x: number;
  y: number;
  rotation: number;
}

/** Where a tile is drawn, in canvas units: the tiles are placed by a translate (and turned by a rotate). */
async function placementOf(tile: Locator): Promise<Placement> {
  const transform = (await tile.getAttribute('style')) ?? '';
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)(?: rotate\((-?[\d.]+)deg\))?/.exec(transform);
  if (!match) throw new Error(`Unexpected desk style: ${transform}`);
  return { x: Number(match[1]), y: Number(match[2]), rotation: Number(match[3] ?? 0) };
}

async function placementsOf(canvas: Locator, names: readonly string[]): Promise<Record<string, Placement>> {
  const placements: Record<string, Placement> = {};
  for (const name of names) placements[name] = await placementOf(deskTile(canvas, name));
  return placements;
}

/** The on-screen scale of the canvas (zoom 1 is the plan fitted to the screen): its surface's transform. */
async function mapScale(page: Page): Promise<number> {
  return page.locator('[data-floor-surface]').evaluate((surface) => {
    const window = globalThis as any;
    return new window.DOMMatrixReadOnly(window.getComputedStyle(surface).transform).a as number;
  });
}

/** Clicks an empty spot of the canvas (relative to its top-left corner) and waits for the new desk. */
async function addDeskByClicking(page: Page, canvas: Locator, point: { x: number; y: number }, name: string) {
  await canvas.click({ position: point });
  await expect(deskTile(canvas, name)).toBeVisible();
  await expect(page.getByText('New desk added successfully!').first()).toBeVisible();
}

/** Presses a desk, moves the mouse by (dx, dy) in small steps and lets go. */
async function dragBy(page: Page, tile: Locator, dx: number, dy: number): Promise<void> {
  const box = await tile.boundingBox();
  if (!box) throw new Error('The desk is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/**
 * Follows the page's writes to the API (desk moves, rotations, uploads) so a test can wait for the
 * editor's changes to be saved before reloading, the way a person waits for the screen to settle.
 */
function followSaves(page: Page): () => Promise<void> {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  const settle = (request: Request) => pending.delete(request);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return () => expect.poll(() => pending.size, { message: 'every change to be saved' }).toBe(0);
}

/** Chooses a file with the Upload Floor Plan control, as a person would in the file dialog. */
async function chooseFloorPlan(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Floor Plan' }).click();
  await (await chooser).setFiles(file);
}

test('an admin uploads a floor plan: what is not an image is refused, a PNG shows progress and then the plan', async ({
  page,
}) => {
  await startOrganization(page, 'Harbour Street Studio');
  await turnOnEditMode(page);
  await expect(page.getByText('No floor plan uploaded')).toBeVisible();
  await expect(page.getByText(/Upload an image of your office layout with Upload Floor Plan/)).toBeVisible();

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
  await chooseFloorPlan(page, { name: 'office.svg', mimeType: 'image/svg+xml', buffer: svg });
  await expect(page.getByText('Please choose a PNG, JPEG or WebP image').first()).toBeVisible();
  // Named and typed as a PNG, but the server looks at the bytes.
  const html = Buffer.from('<html><body>not a plan</body></html>');
  await chooseFloorPlan(page, { name: 'office.png', mimeType: 'image/png', buffer: html });
  await expect(page.getByText('The floor plan must be a PNG, JPEG or WebP image').first()).toBeVisible();
  await expect(page.getByText('No floor plan uploaded')).toBeVisible();

  // Hold the upload, then the image itself, until the passing states have been seen: no clocks involved.
  const releaseUpload = await holdRequests(page, '**/api/objects/upload/*');
  const releaseImage = await holdRequests(page, '**/api/objects/*', (request) => request.method() === 'GET');

  await chooseFloorPlan(page, { name: 'harbour-street.png', mimeType: 'image/png', buffer: floorPlanPng() });
  const progress = page.getByRole('progressbar', { name: 'Uploading harbour-street.png' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Floor Plan' })).toBeDisabled();
  releaseUpload();

  await expect(page.getByText('Floor plan uploaded and updated successfully!').first()).toBeVisible();
  await expect(progress).toBeHidden();
  releaseImage();

  await expect(page.getByText('Floor Plan Loaded').first()).toBeVisible();
  const plan = page.getByRole('img', { name: 'Floor plan of Floor 1' });
  await expect(plan).toHaveAttribute('src', /^\/api\/objects\/[^/]+$/);
  await expect(plan).toHaveJSProperty('naturalWidth', 800);
  await expect(page.getByText('No floor plan uploaded')).toBeHidden();

  await page.unrouteAll();
  await page.reload();
  await expect(plan).toHaveJSProperty('naturalHeight', 450);
  // A revisit shows the plan without announcing it (issue 27): the toast is for a new plan or another floor.
  await expect(page.getByText('Floor Plan Loaded', { exact: true })).toHaveCount(0);
});

test('an admin adds, drags, rotates, aligns and distributes desks, undoes with Ctrl+Z, and a reload keeps it all', async ({
  page,
}) => {
  const saved = followSaves(page);
  await startOrganization(page, 'Quayside Works');
  const toolbar = await turnOnEditMode(page);
  const canvas = canvasOf(page);
  const undo = toolbar.getByRole('button', { name: /^Undo/ });
  await expect(undo).toHaveAccessibleName('Undo');

  await addDeskByClicking(page, canvas, { x: 200, y: 150 }, 'D01');
  await addDeskByClicking(page, canvas, { x: 450, y: 300 }, 'D02');
  await addDeskByClicking(page, canvas, { x: 900, y: 200 }, 'D03');
  await addDeskByClicking(page, canvas, { x: 650, y: 450 }, 'D04');
  await expect(page.getByText('4 desks', { exact: true })).toBeVisible();
  const [d01, d02, d03, d04] = ['D01', 'D02', 'D03', 'D04'].map((name) => deskTile(canvas, name)) as [
    Locator,
    Locator,
    Locator,
    Locator,
  ];

  // A new desk is centred on the click.
  const canvasBox = (await canvas.boundingBox())!;
  const d03Box = (await d03.boundingBox())!;
  expect(Math.abs(d03Box.x + d03Box.width / 2 - (canvasBox.x + 900))).toBeLessThanOrEqual(2);
  expect(Math.abs(d03Box.y + d03Box.height / 2 - (canvasBox.y + 200))).toBeLessThanOrEqual(2);

  // A drag of more than 5 px moves the desk; one of less than 5 px leaves it where it was (and selects it).
  // The plan is drawn fitted to the screen: 60 px on screen is 60 / scale canvas units, to the whole unit.
  const d01Before = await placementOf(d01);
  const scale = await mapScale(page);
  await dragBy(page, d01, 60, 40);
  await expect
    .poll(async () => {
      const after = await placementOf(d01);
      return [after.x - d01Before.x - 60 / scale, after.y - d01Before.y - 40 / scale].every(
        (error) => Math.abs(error) <= 1,
      );
    })
    .toBe(true);
  await expect(undo).toHaveAccessibleName('Undo Move desk D01');

  const d02Before = await placementOf(d02);
  await dragBy(page, d02, 3, 2);
  await expect(d02).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 desk selected.')).toBeVisible();
  expect(await placementOf(d02)).toEqual(d02Before);
  await expect(undo).toHaveAccessibleName('Undo Move desk D01');

  await toolbar.getByRole('button', { name: 'Rotate 15° clockwise' }).click();
  await expect.poll(() => placementOf(d02)).toEqual({ ...d02Before, rotation: 15 });
  await expect(undo).toHaveAccessibleName('Undo Rotate desk D02');

  // Ctrl+click adds desks to the selection.
  await d01.click({ modifiers: ['Control'] });
  await d03.click({ modifiers: ['Control'] });
  await d04.click({ modifiers: ['Control'] });
  await expect(page.getByText('4 desks selected.')).toBeVisible();
  for (const tile of [d01, d02, d03, d04]) await expect(tile).toHaveAttribute('aria-pressed', 'true');

  const beforeAlign = await placementsOf(canvas, ['D01', 'D02', 'D03', 'D04']);
  await toolbar.getByRole('button', { name: 'Align top edges' }).click();
  await expect(undo).toHaveAccessibleName('Undo Align top');
  const aligned = await placementsOf(canvas, ['D01', 'D02', 'D03', 'D04']);
  const top = Math.min(...Object.values(beforeAlign).map((placement) => placement.y));
  expect(Object.values(aligned).map((placement) => placement.y)).toEqual([top, top, top, top]);
  expect(aligned.D02!.rotation).toBe(15);

  await toolbar.getByRole('button', { name: 'Distribute horizontally' }).click();
  await expect(undo).toHaveAccessibleName('Undo Distribute horizontally');
  // Polled: under load the tiles can be drawn a frame after the toolbar has changed its label.
  const unevenness = (placements: Record<string, Placement>) => {
    const lefts = Object.values(placements)
      .map((placement) => placement.x)
      .sort((a, b) => a - b);
    const gaps = lefts.slice(1).map((left, index) => left - (lefts[index]! + 120));
    return Math.max(...gaps.map((gap) => Math.abs(gap - gaps[0]!)));
  };
  await expect
    .poll(async () => unevenness(await placementsOf(canvas, ['D01', 'D02', 'D03', 'D04'])))
    .toBeLessThanOrEqual(1);
  const distributed = await placementsOf(canvas, ['D01', 'D02', 'D03', 'D04']);
  expect(distributed.D01!.x).toBe(aligned.D01!.x); // the leftmost desk stays
  expect(distributed.D03!.x).toBe(aligned.D03!.x); // and so does the rightmost
  expect(distributed).not.toEqual(aligned);

  await page.keyboard.press('Control+z');
  await expect(page.getByText('Action undone').first()).toBeVisible();
  await expect(page.getByText('Reverted: Distribute horizontally').first()).toBeVisible();
  await expect.poll(() => placementsOf(canvas, ['D01', 'D02', 'D03', 'D04'])).toEqual(aligned);
  await expect(undo).toHaveAccessibleName('Undo Align top');

  await saved();
  await page.reload();
  await expect(page.getByText('4 desks', { exact: true })).toBeVisible();
  expect(await placementsOf(canvas, ['D01', 'D02', 'D03', 'D04'])).toEqual(aligned);
  await turnOnEditMode(page);
  expect(await placementsOf(canvas, ['D01', 'D02', 'D03', 'D04'])).toEqual(aligned);
});

test('with the keyboard alone an admin adds desks, selects one, moves and turns it, the move is saved, and axe finds nothing serious', async ({
  page,
}) => {
  const saved = followSaves(page);
  await startOrganization(page, 'Keyboard Collective');
  const toolbar = await turnOnEditMode(page);
  const canvas = canvasOf(page);

  await toolbar.getByRole('button', { name: 'Add desk' }).focus();
  await page.keyboard.press('Enter');
  const desk = deskTile(canvas, 'D01');
  await expect(desk).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(deskTile(canvas, 'D02')).toBeVisible();
  await expect(page.getByText('2 desks', { exact: true })).toBeVisible();

  await canvas.focus();
  await page.keyboard.press('Tab');
  await expect(desk).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(desk).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 desk selected.')).toBeVisible();

  const start = await placementOf(desk);
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => placementOf(desk)).toEqual({ x: start.x + 3, y: start.y + 19, rotation: 0 });
  await expect(toolbar.getByRole('button', { name: 'Undo Move desk D01' })).toBeVisible();

  await page.keyboard.press('r');
  await expect.poll(() => placementOf(desk)).toEqual({ x: start.x + 3, y: start.y + 19, rotation: 15 });
  await page.keyboard.press('Shift+R');
  await page.keyboard.press('Shift+R');
  await expect.poll(() => placementOf(desk)).toEqual({ x: start.x + 3, y: start.y + 19, rotation: 345 });
  await expect(toolbar.getByRole('button', { name: 'Undo Rotate desk D01' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(desk).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('No desks selected.')).toBeVisible();

  await saved();
  await page.reload();
  await expect(desk).toBeVisible();
  expect(await placementOf(desk)).toEqual({ x: start.x + 3, y: start.y + 19, rotation: 345 });
  expect(await placementOf(deskTile(canvas, 'D02'))).not.toEqual(await placementOf(desk));
});

test('two quick turns of a desk are saved in the order they were made, even when the first save is slow', async ({
  page,
}) => {
  const saved = followSaves(page);
  await startOrganization(page, 'Slow Network Partners');
  await turnOnEditMode(page);
  const canvas = canvasOf(page);
  await addDeskByClicking(page, canvas, { x: 300, y: 300 }, 'D01');
  const desk = deskTile(canvas, 'D01');
  await desk.click();
  await expect(desk).toHaveAttribute('aria-pressed', 'true');

  // The first turn's save is held on the network until the second turn is on screen.
  const releaseFirstTurn = await holdRequests(
    page,
    '**/api/desks/*',
    (request) => request.method() === 'PUT' && (request.postData()?.includes('"rotation":"15"') ?? false),
  );
  await page.keyboard.press('r');
  await page.keyboard.press('r');
  await expect.poll(() => placementOf(desk)).toMatchObject({ rotation: 30 });
  releaseFirstTurn();

  await saved();
  await page.unrouteAll();
  await page.reload();
  await expect(desk).toBeVisible();
  expect(await placementOf(desk)).toMatchObject({ rotation: 30 });
});

test('an admin deletes a desk after confirming, then deletes all desks, and a second Delete all says No Desks', async ({
  page,
}) => {
  await startOrganization(page, 'Tidy Desks Ltd');
  const toolbar = await turnOnEditMode(page);
  const canvas = canvasOf(page);
  await addDeskByClicking(page, canvas, { x: 200, y: 200 }, 'D01');
  await addDeskByClicking(page, canvas, { x: 500, y: 200 }, 'D02');
  await addDeskByClicking(page, canvas, { x: 800, y: 200 }, 'D03');

  await deskTile(canvas, 'D02').click();
  await toolbar.getByRole('button', { name: 'Delete selected desks' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Delete desk' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Are you sure you want to delete desk D02? This will also remove any associated bookings.', {
      exact: true,
    }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(deskTile(canvas, 'D02')).toBeVisible();

  await toolbar.getByRole('button', { name: 'Delete selected desks' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Desk deleted successfully!').first()).toBeVisible();
  await expect(deskTile(canvas, 'D02')).toHaveCount(0);
  await expect(page.getByText('2 desks', { exact: true })).toBeVisible();

  // A second floor with a desk, made elsewhere (the API): the confirmation counts every floor's desks afresh.
  const call = apiAs(page);
  const [organization] = await call<Array<{ id: string }>>('GET', '/api/organizations');
  const floor2 = await call<{ id: string }>('POST', `/api/organizations/${organization?.id}/floors`, {
    name: 'Floor 2',
  });
  await call('POST', `/api/organizations/${organization?.id}/desks`, {
    name: 'E01',
    positionX: 300,
    positionY: 300,
    floorId: floor2.id,
  });
  await toolbar.getByRole('button', { name: 'Delete all desks' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Delete all desks' });
  await expect(dialog).toContainText(
    'delete every desk on every floor of Tidy Desks Ltd, not only this one? Floor 1: 2 desks, Floor 2: 1 desk (3 desks in all). Their bookings will be removed too.',
  );
  await dialog.getByRole('button', { name: 'Delete all desks' }).click();
  await expect(page.getByText('All desks deleted').first()).toBeVisible();
  await expect(canvas.getByRole('button', { name: /^Desk / })).toHaveCount(0);
  await expect(page.getByText('0 desks', { exact: true })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Delete all desks' }).click();
  await expect(dialog).toContainText('There are no desks on any floor of Tidy Desks Ltd.');
  await dialog.getByRole('button', { name: 'Delete all desks' }).click();
  await expect(page.getByText('No Desks', { exact: true }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByText('0 desks', { exact: true })).toBeVisible();
  await expect(canvas.getByRole('button', { name: /^Desk / })).toHaveCount(0);
});

test('an admin adds a floor through Add New Floor; it joins the floor picker and starts empty', async ({ page }) => {
  await startOrganization(page, 'Two Storey Co');
  await turnOnEditMode(page);
  await addDeskByClicking(page, canvasOf(page), { x: 300, y: 200 }, 'D01');

  await page.getByRole('button', { name: 'Add Floor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Floor' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Add Floor' });
  await dialog.getByLabel('Floor name').fill('   ');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Floor name').fill('Level 2');
  await dialog.getByLabel('Floor name').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Floor added').first()).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'Floor' });
  await expect(picker.getByRole('option')).toHaveText(['Floor 1', 'Level 2']);
  await expect(picker.locator('option:checked')).toHaveText('Level 2');
  await expect(page.getByRole('heading', { name: /^Level 2/ })).toBeVisible();
  const level2 = canvasOf(page, 'Level 2');
  await expect(level2).toBeVisible();
  await expect(page.getByText('0 desks', { exact: true })).toBeVisible();
  await expect(level2.getByRole('button', { name: /^Desk / })).toHaveCount(0);
  await expect(page.getByText('No floor plan uploaded')).toBeVisible();

  await picker.selectOption({ label: 'Floor 1' });
  await expect(deskTile(canvasOf(page), 'D01')).toBeVisible();

  await page.reload();
  await expect(picker.getByRole('option')).toHaveText(['Floor 1', 'Level 2']);
  await picker.selectOption({ label: 'Level 2' });
  await expect(canvasOf(page, 'Level 2')).toBeVisible();
  await expect(page.getByText('0 desks', { exact: true })).toBeVisible();
});

import { expect, type Page, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  deskTile,
  expectMailTo,
  expectNoSeriousAxeViolations,
  firstFloorOf,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  screenshotDirFor,
} from './support.ts';

// Issue 15: desk and floor properties. Admins rename, describe, tag and take desks out of service in edit mode, and
// rename and delete floors; members see what a desk offers, filter by it, and cannot book a desk out of service.
test.use({ viewport: laptop });

const screenshotDir = screenshotDirFor('desk-properties');

async function turnOnEditMode(page: Page) {
  await page.getByRole('switch', { name: 'Edit Mode' }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Floor plan editor' });
  await expect(toolbar).toBeVisible();
  return toolbar;
}

/** Counts the browser's requests that change desks, by kind. */
function followDeskWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'GET' && /\/api\/(desks|floors\/[^/]+\/desks)/.test(path)) {
      writes.push(`${request.method()} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`);
    }
  });
  return writes;
}

test('an admin renames and describes a desk in edit mode and sees the new name on the map and in mails; a clash is named', async ({
  page,
}) => {
  const admin = newPerson('Rhea', 'Admin');
  await createOrganizationThroughApi(page, admin, 'Renaming Rooms', { desks: 2 });
  await turnOnEditMode(page);

  await deskTile(page, 'D01').dblclick();
  const dialog = page.getByRole('dialog', { name: 'Desk properties: D01' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill('Window seat');
  await dialog.getByLabel('Description').fill('By the south window, next to the printer.');
  await dialog.getByRole('checkbox', { name: 'monitor' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'monitor' })).toBeChecked();
  await dialog.getByLabel('New amenity').fill('Dual monitors');
  await dialog.getByRole('button', { name: 'Add to list' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Dual monitors' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/desk-properties-dialog.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(deskTile(page, 'Window seat')).toBeVisible();
  await expect(deskTile(page, 'Window seat')).toHaveAccessibleName(/amenities: monitor, Dual monitors/);

  // The keyboard way: Enter on a desk selects it, Enter again opens its properties.
  await deskTile(page, 'D02').focus();
  await page.keyboard.press('Enter');
  await expect(deskTile(page, 'D02')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  const second = page.getByRole('dialog', { name: 'Desk properties: D02' });
  await second.getByLabel('Name').fill('window SEAT');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('A desk named window SEAT is already on this floor.')).toBeVisible();
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(deskTile(page, 'D02')).toBeVisible();

  await page.reload();
  await expect(deskTile(page, 'Window seat')).toBeVisible();
  await deskTile(page, 'Window seat').hover();
  await expect(page.locator('[data-desk-card]')).toContainText('By the south window, next to the printer.');

  // The booking confirmation names the desk by its new name.
  const { organizationId, desks } = await firstFloorOf(page);
  const renamed = desks.find((desk) => desk.name === 'Window seat');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await apiAs(page)('POST', '/api/bookings', {
    organizationId,
    deskId: renamed?.id,
    bookingDate: tomorrow,
    timeSlot: 'morning',
  });
  await expectMailTo(admin.email, 'Window seat');
});

test('several desks get amenities, move and go in one request each', async ({ page }) => {
  await createOrganizationThroughApi(page, newPerson('Gus', 'Group'), 'Group Edits', { desks: 3 });
  const toolbar = await turnOnEditMode(page);
  const writes = followDeskWrites(page);

  await deskTile(page, 'D01').click();
  await deskTile(page, 'D02').click({ modifiers: ['ControlOrMeta'] });
  await toolbar.getByRole('button', { name: 'Desk properties' }).click();
  const dialog = page.getByRole('dialog', { name: 'Properties of 2 desks' });
  await dialog.getByRole('checkbox', { name: 'quiet' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(deskTile(page, 'D01')).toHaveAccessibleName(/amenities: quiet/);
  await expect(deskTile(page, 'D02')).toHaveAccessibleName(/amenities: quiet/);
  expect(writes).toEqual(['POST /api/floors/:id/desks/batch']);

  // A group move: both selected desks, one request.
  writes.length = 0;
  const box = await deskTile(page, 'D01').boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.down();
  await page.mouse.move(box!.x + box!.width / 2 + 60, box!.y + box!.height / 2 + 80, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => writes).toEqual(['POST /api/floors/:id/desks/batch']);

  writes.length = 0;
  await toolbar.getByRole('button', { name: 'Delete selected desks' }).click();
  await page.getByRole('alertdialog', { name: 'Delete desks' }).getByRole('button', { name: 'Delete' }).click();
  await expect(deskTile(page, 'D01')).toBeHidden();
  await expect(deskTile(page, 'D02')).toBeHidden();
  await expect(deskTile(page, 'D03')).toBeVisible();
  expect(writes).toEqual(['POST /api/floors/:id/desks/batch']);
});

test('an admin sets a desk out of service; a member sees the reason and no Book, and filters desks by amenity', async ({
  page,
  browser,
}) => {
  await createOrganizationThroughApi(page, newPerson('Olga', 'Office'), 'Service Desk Co', { desks: 3 });
  const { desks } = await firstFloorOf(page);
  const call = apiAs(page);
  const byName = (name: string) => desks.find((desk) => desk.name === name)!.id;
  await call('PUT', `/api/desks/${byName('D01')}`, { amenities: ['monitor', 'window'] });
  await call('PUT', `/api/desks/${byName('D02')}`, { amenities: ['monitor'] });

  const toolbar = await turnOnEditMode(page);
  await deskTile(page, 'D03').click();
  await toolbar.getByRole('button', { name: 'Desk properties' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desk properties: D03' });
  await dialog.getByRole('switch', { name: 'Bookable' }).click();
  await expect(dialog.getByRole('switch', { name: 'Bookable' })).not.toBeChecked();
  await dialog.getByLabel('Reason members see (optional)').fill('Chair broken');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('switch', { name: 'Edit Mode' }).click();
  await expect(deskTile(page, 'D03')).toHaveAttribute('data-out-of-service', '');

  const memberContext = await browser.newContext({ viewport: laptop });
  const member = await inviteAndJoinThroughApi(page, memberContext, newPerson('Milo', 'Member'), 'Service Desk Co');
  const outOfService = deskTile(member, 'D03');
  await expect(outOfService).toHaveAccessibleName(/^Desk D03: Out of service: Chair broken/);
  await expect(outOfService).toContainText('Out of service');
  await member.screenshot({ path: `${screenshotDir}/map-out-of-service.png` });
  await outOfService.click();
  const deskDialog = member.getByRole('dialog', { name: 'Desk D03 is out of service' });
  await expect(deskDialog.getByText('Out of service: Chair broken')).toBeVisible();
  await expect(deskDialog.getByRole('button', { name: /Book/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${screenshotDir}/desk-dialog-out-of-service.png` });
  await deskDialog.getByRole('button', { name: 'Close', exact: true }).first().click();

  // The amenity filter on the map: the desks without every chosen tag are drawn quietly.
  const filter = member.getByRole('group', { name: 'Amenities' });
  await filter.getByRole('button', { name: 'window' }).click();
  await expect(filter.getByRole('status')).toHaveText('1 of 3 desks have window');
  await expect(deskTile(member, 'D01')).not.toHaveAttribute('data-dimmed');
  await expect(deskTile(member, 'D02')).toHaveAttribute('data-dimmed', '');
  await member.screenshot({ path: `${screenshotDir}/map-amenity-filter.png` });
  await filter.getByRole('button', { name: 'window' }).click();
  await filter.getByRole('button', { name: 'monitor' }).click();
  await expect(filter.getByRole('status')).toHaveText('2 of 3 desks have monitor');

  // The list keeps the choice, shows what each desk offers, and offers no Book for D03.
  await member.getByRole('tab', { name: 'List' }).click();
  const list = member.getByRole('list', { name: /Desks on/ });
  await expect(list.getByRole('listitem').filter({ visible: true })).toHaveCount(2);
  await expect(member.getByRole('button', { name: 'Book desk D01' })).toBeVisible();
  await member.getByRole('group', { name: 'Amenities' }).getByRole('button', { name: 'Clear' }).click();
  const row = list.getByRole('listitem').filter({ hasText: 'D03' });
  await expect(row).toContainText('Out of service: Chair broken');
  await expect(member.getByRole('button', { name: 'Book desk D03' })).toHaveCount(0);
  await expect(list.getByRole('listitem').filter({ hasText: 'D01' })).toContainText('monitor · window');
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${screenshotDir}/list-amenities.png` });
  await memberContext.close();
});

test('an admin renames a floor and deletes it through a confirmation that names its desks and upcoming bookings', async ({
  page,
}) => {
  await createOrganizationThroughApi(page, newPerson('Fay', 'Floors'), 'Floor Shuffle');
  await page.getByRole('button', { name: 'Add Floor' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Floor' });
  await addDialog.getByLabel('Floor name').fill('Annex');
  await addDialog.getByRole('button', { name: 'Add Floor' }).click();
  await expect(page.getByLabel('Floor', { exact: true })).toHaveValue(/.+/);
  await expect(page.getByRole('heading', { name: /^Annex/ })).toBeVisible();

  await page.getByRole('button', { name: 'Rename floor Annex' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Annex' });
  await rename.getByLabel('Floor name').fill('3rd floor');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: /^3rd floor/ })).toBeVisible();
  await expect(page.getByRole('option', { name: '3rd floor' })).toHaveCount(1);

  // A desk on it, booked tomorrow.
  const call = apiAs(page);
  const [organization] = await call<Array<{ id: string }>>('GET', '/api/organizations');
  const floors = await call<Array<{ id: string; name: string }>>(
    'GET',
    `/api/organizations/${organization!.id}/floors`,
  );
  const third = floors.find((floor) => floor.name === '3rd floor')!;
  const desk = await call<{ id: string; name: string }>('POST', `/api/organizations/${organization!.id}/desks`, {
    name: 'T01',
    positionX: 300,
    positionY: 300,
    floorId: third.id,
  });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await call('POST', '/api/bookings', {
    organizationId: organization!.id,
    deskId: desk.id,
    bookingDate: tomorrow,
    timeSlot: 'morning',
  });

  await page.getByRole('button', { name: 'Delete floor 3rd floor' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 3rd floor?' });
  await expect(confirm).toContainText(
    'Its 1 desk and 1 upcoming booking will be removed, and the people who made them will be told by e-mail.',
  );
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/delete-floor-confirmation.png` });
  await confirm.getByRole('button', { name: 'Delete floor' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Floor deleted').first()).toBeVisible();
  await expect(page.getByRole('option', { name: '3rd floor' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Floor 1/ })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/after-floor-deleted.png` });
});

import { expect, type Page, test } from '@playwright/test';
import { addDays } from '#domain/dates.ts';
import { formatDay, formatDayRange } from '#domain/releases.ts';
import {
  apiAs,
  chooseSlot,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
  screenshotDirFor,
} from './support.ts';

const shots = screenshotDirFor('assigned-desks');

// Issue 29: D01 is Dana Scully's assigned desk (a permanent booking the admin made for her). The map says whose it is;
// Dana releases days from My Bookings ("I'm out…"); a colleague books one of them, and that day can no longer be taken
// back. Set up through the API; the browser is driven only for what the tests are about.

interface Office {
  adminPage: Page;
  danaPage: Page;
  foxPage: Page;
  organizationId: string;
  assignmentId: string;
  today: string;
}

async function setUpOffice(page: Page, browser: import('@playwright/test').Browser, name: string): Promise<Office> {
  const { organizationId } = await createOrganizationThroughApi(page, newPerson('Walter', 'Skinner'), name, {
    desks: 2,
  });
  const danaPage = await inviteAndJoinThroughApi(
    page,
    await browser.newContext({ viewport: laptop }),
    newPerson('Dana', 'Scully'),
    name,
  );
  const foxPage = await inviteAndJoinThroughApi(
    page,
    await browser.newContext({ viewport: laptop }),
    newPerson('Fox', 'Mulder'),
    name,
  );
  const call = apiAs(page);
  const today = await dashboardDate(page);
  const members = await call<Array<{ userId: string; user: { firstName: string } }>>(
    'GET',
    `/api/organizations/${organizationId}/members`,
  );
  const dana = members.find((member) => member.user.firstName === 'Dana');
  const desks = await call<Array<{ id: string; name: string }>>(
    'GET',
    `/api/floors/${(await call<Array<{ id: string }>>('GET', `/api/organizations/${organizationId}/floors`))[0]?.id}/desks`,
  );
  const assignment = await call<{ id: string }>('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D01')?.id,
    bookingDate: today,
    timeSlot: 'full-day',
    isPermanent: true,
    userId: dana?.userId,
  });
  return { adminPage: page, danaPage, foxPage, organizationId, assignmentId: assignment.id, today };
}

test('Dana is out some days: she releases them from My Bookings, a colleague books one, and that day cannot be taken back; laptop and phone, axe clean', async ({
  page,
  browser,
}) => {
  // Three people on a laptop and a phone: as long as the other multi-person flows on a busy 2-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize(laptop);
  const office = await setUpOffice(page, browser, 'Assigned Desks Co');
  const { danaPage, foxPage, today } = office;
  const [first, taken, last] = [addDays(today, 2), addDays(today, 3), addDays(today, 4)];

  await danaPage.reload();
  await expect(deskTile(danaPage, 'D01')).toHaveAccessibleName(/^Desk D01: Assigned to Dana Scully/);
  await danaPage.getByRole('button', { name: 'My Bookings' }).click();
  const myBookings = danaPage.getByRole('dialog', { name: 'My Bookings' });
  await myBookings.getByRole('button', { name: 'I’m out…' }).click();
  const out = danaPage.getByRole('dialog', { name: 'I’m out' });
  await out.getByLabel('First day').fill(first);
  await out.getByLabel('Last day').fill(last);
  await danaPage.screenshot({ path: `${shots}/release-dialog-laptop.png` });
  await expectNoSeriousAxeViolations(danaPage);
  await out.getByRole('button', { name: 'Release these days' }).click();
  await expect(out).toBeHidden();
  const range = formatDayRange(first, last);
  await expect(myBookings.getByText(`Released ${range}`)).toBeVisible();
  await expect(myBookings.getByRole('button', { name: `Take back ${range}` })).toBeEnabled();

  // Fox books the middle day on the map; Dana, whose My Bookings stays open, reads at once (live) that it cannot be
  // taken back: the change names only Fox, and Dana's My Bookings holds the released days it touched.
  await foxPage.getByRole('banner').getByLabel('Date').fill(taken);
  await expect(deskTile(foxPage, 'D01')).toHaveAccessibleName(/^Desk D01: Available/);
  await deskTile(foxPage, 'D01').click();
  const book = foxPage.getByRole('dialog', { name: 'Book Desk D01' });
  await chooseSlot(book, 'Full day');
  await book.getByRole('button', { name: 'Book Desk' }).click();
  await expect(foxPage.getByText('Desk booked successfully!', { exact: true })).toBeVisible();

  await expect(myBookings.getByText(`Someone has booked ${formatDay(taken)}: it can’t be taken back.`)).toBeVisible();
  await expect(myBookings.getByRole('button', { name: `Take back ${range}` })).toBeDisabled();
  await danaPage.screenshot({ path: `${shots}/my-bookings-laptop.png` });
  await expectNoSeriousAxeViolations(danaPage);

  await danaPage.setViewportSize(phone);
  await expect(myBookings.getByRole('button', { name: 'I’m out…' })).toBeVisible();
  await danaPage.screenshot({ path: `${shots}/my-bookings-phone.png` });
  await expectNoSeriousAxeViolations(danaPage);
});

test('the map and the list say whose assigned desk it is, and an admin releases days from the desk’s dialog; laptop and phone, axe clean', async ({
  page,
  browser,
}) => {
  // Three people on a laptop and a phone: as long as the other multi-person flows on a busy 2-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize(laptop);
  const office = await setUpOffice(page, browser, 'Assigned Map Co');
  const { foxPage, adminPage, today } = office;

  await foxPage.reload();
  const tile = deskTile(foxPage, 'D01');
  await expect(tile).toHaveAccessibleName(/^Desk D01: Assigned to Dana Scully/);
  await expect(tile.getByText('Assigned to Dana Scully')).toBeVisible();
  await expect(tile.getByText('BLOCKED')).toHaveCount(0);
  await foxPage.screenshot({ path: `${shots}/map-laptop.png` });
  await expectNoSeriousAxeViolations(foxPage);

  await adminPage.reload();
  await deskTile(adminPage, 'D01').click();
  const dialog = adminPage.getByRole('dialog', { name: 'Desk D01 is assigned' });
  await dialog.getByRole('button', { name: 'Release days…' }).click();
  const release = adminPage.getByRole('dialog', { name: 'Release days of D01' });
  const day = addDays(today, 1);
  await release.getByLabel('First day').fill(day);
  await release.getByLabel('Last day').fill(day);
  await release.getByRole('button', { name: 'Release these days' }).click();
  await expect(dialog.getByText(`Released ${formatDay(day)}`)).toBeVisible();
  await adminPage.screenshot({ path: `${shots}/desk-dialog-admin-laptop.png` });
  await expectNoSeriousAxeViolations(adminPage);

  await foxPage.setViewportSize(phone);
  await foxPage.getByRole('banner').getByLabel('Date').fill(day);
  await expect(deskTile(foxPage, 'D01')).toHaveAccessibleName(/^Desk D01: Available/);
  await foxPage.getByRole('banner').getByLabel('Date').fill(today);
  await expect(deskTile(foxPage, 'D01')).toHaveAccessibleName(/^Desk D01: Assigned to Dana Scully/);
  await foxPage.getByRole('tab', { name: 'List' }).click();
  const row = foxPage.getByRole('list', { name: 'Desks on Floor 1' }).getByRole('listitem').first();
  // It reads as assigned, not as blocked (issue 29).
  await expect(row.locator('.desk-list-status')).toHaveText('Assigned to Dana Scully');
  await expect(row).not.toContainText('Blocked');
  await expect(row).not.toContainText('Permanent:');
  await row.screenshot({ path: `${shots}/list-row-phone.png` });
  await foxPage.screenshot({ path: `${shots}/list-phone.png` });
  await expectNoSeriousAxeViolations(foxPage);
  // On the day Dana released, the row is the day's own state and still says whose desk it is.
  await foxPage.getByRole('banner').getByLabel('Date').fill(day);
  await expect(row.locator('.desk-list-status')).toHaveText(/^AvailableAssigned to Dana Scully, released this day$/);

  // Team Bookings says whose assigned desk it is too.
  await adminPage.keyboard.press('Escape');
  await adminPage.getByRole('button', { name: 'Team Bookings' }).click();
  const teamBookings = adminPage.getByRole('dialog', { name: 'Team Bookings Management' });
  const booking = teamBookings.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: 'D01' });
  await expect(booking).toContainText('Assigned to Dana Scully');
  await booking.screenshot({ path: `${shots}/team-bookings-row-laptop.png` });
  await expectNoSeriousAxeViolations(adminPage);
});

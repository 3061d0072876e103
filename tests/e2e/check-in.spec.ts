import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays } from '#domain/dates.ts';
import { zoneWhereHourIs } from '#test-support/time-zones.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  firstFloorOf,
  newPerson,
} from './support.ts';

async function openBookingRules(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Booking rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking rules' });
  await expect(dialog.getByLabel('Bookings open … days ahead')).toBeVisible();
  return dialog;
}

test('an admin requires check-in, and a person checks in from My Bookings: the roster and the map say so', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // The organization takes the browser's zone when it is created: one where it is 10 or 11 in the morning now, so
  // that a full-day booking of today is inside its check-in window (08:30 to 13:00 with 240 minutes of grace).
  const timezoneId = zoneWhereHourIs([10, 11]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId });
  const page = await context.newPage();
  await createOrganizationThroughApi(page, newPerson('Ines', 'Duarte'), 'Check-in Works', { desks: 3 });
  const today = await dashboardDate(page);

  const rules = await openBookingRules(page);
  const required = rules.getByRole('switch', { name: 'Check-in required' });
  await expect(required).not.toBeChecked();
  await required.click();
  await rules.getByLabel('Minutes to check in after the start').fill('240');
  await expect(rules.getByRole('switch', { name: 'Release desks nobody checked in to' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('booking-rules-check-in-1440.png') });
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Booking rules saved', { exact: true })).toBeVisible();

  const { organizationId, desks } = await firstFloorOf(page);
  const call = apiAs(page);
  await call('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D01')?.id,
    bookingDate: today,
    timeSlot: 'full-day',
  });
  await call('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D02')?.id,
    bookingDate: addDays(today, 1),
    timeSlot: 'afternoon',
  });

  // My Bookings offers Check in on today's booking; afterwards it shows the time. Each booking says that check-in is
  // required and when its window opens or closes (issue 27).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My Bookings' }).click();
  const myBookings = page.getByRole('dialog', { name: 'My Bookings' });
  const checkIn = myBookings.getByRole('button', { name: 'Check in to D01' });
  await expect(checkIn).toBeVisible();
  await expect(myBookings.getByRole('listitem').filter({ hasText: 'D01' })).toContainText(
    'Check-in required · open until 1:00 PM',
  );
  await expect(myBookings.getByRole('listitem').filter({ hasText: 'D02' })).toContainText(
    'Check-in required · opens 12:30 PM',
  );
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-bookings-check-in-required-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('my-bookings-check-in-required-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await checkIn.click();
  await expect(page.getByText('Checked in', { exact: true })).toBeVisible();
  await expect(myBookings.getByText(/^Checked in \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await expect(checkIn).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('my-bookings-checked-in-1440.png') });
  await myBookings.getByRole('button', { name: 'Close' }).click();
  await expect(myBookings).toBeHidden();

  // The desk's tile and Who's in today say so too; the tile's own "You" mark with a check (issue 27).
  await expect(deskTile(page, 'D01')).toHaveAccessibleName(/your booking, Ines Duarte, full day, checked in/);
  await expect(deskTile(page, 'D01').locator('.desk-tile-you')).toHaveText('You ✓');
  await page.getByRole('tab', { name: 'List' }).click();
  const firstRow = page.getByRole('list', { name: 'Desks on Floor 1' }).getByRole('listitem').first();
  await expect(firstRow).toContainText(/^D01.*Full day: You, ✓ checked in/);
  await page.screenshot({ path: testInfo.outputPath('list-checked-in-1440.png') });
  await page.getByRole('tab', { name: 'Map' }).click();
  await page.getByRole('banner').getByRole('button', { name: "Who's in today?" }).click();
  const roster = page.getByRole('dialog', { name: "Who's in today?" });
  await expect(roster.getByText(/^Checked in \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await context.close();
});

test('Book Desk greys out a slot of today whose check-in has closed, says when it closed, and books the afternoon', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // 10 or 11 in the morning in the organization's zone, with 15 minutes of grace: the check-in of the morning and of
  // the full day closed at 9:15, the afternoon's opens at 12:30.
  const timezoneId = zoneWhereHourIs([10, 11]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId });
  const page = await context.newPage();
  await createOrganizationThroughApi(page, newPerson('Ana', 'Lima'), 'Late Works', { desks: 1 });
  const { organizationId } = await firstFloorOf(page);
  const rulesUrl = `/api/organizations/${organizationId}/booking-rules`;
  const call = apiAs(page);
  const rules = await call<Record<string, unknown>>('GET', rulesUrl);
  await call('PUT', rulesUrl, { ...rules, checkInRequired: true, checkInGraceMinutes: 15 });
  await page.reload();

  await deskTile(page, 'D01').click();
  const book = page.getByRole('dialog', { name: 'Book Desk D01' });
  const slot = (name: string) => book.getByRole('radio', { name: new RegExp(`^${name}`) });
  await expect(slot('Morning')).toBeDisabled();
  await expect(slot('Morning')).toHaveAccessibleName(
    /Check-in for this morning closed at 9:15 AM: book this afternoon instead, or use Sit here at the desk to book and check in at once$/,
  );
  await expect(slot('Full day')).toBeDisabled();
  await expect(slot('Full day')).toHaveAccessibleName(/Check-in for the full day today closed at 9:15 AM/);
  await expect(slot('Afternoon')).toBeEnabled();
  await expect(slot('Afternoon')).toHaveAccessibleName(/Available$/);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('book-desk-check-in-closed-1440.png') });

  await book.getByText('Afternoon', { exact: true }).click();
  await expect(slot('Afternoon')).toBeChecked();
  await book.getByRole('button', { name: 'Book Desk' }).click();
  await expect(page.getByText('Desk booked successfully!', { exact: true })).toBeVisible();
  await context.close();
});

import { expect, type Page, test } from '@playwright/test';
import { addDays, formatLongDate } from '#domain/dates.ts';
import {
  apiAs,
  chooseSlot,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  firstFloorOf,
  laptop,
  newPerson,
  nextMonday,
  phone,
  sidebarItem,
} from './support.ts';

// Office days that repeat (issue 29): Book Desk's Repeat option shows which dates will be booked and which not, and
// why, before anything is sent; My Bookings shows the series once, cancelled from a date on or as a whole.

/** An organization working Monday to Friday whose admin already holds `deskName` all day on `takenDate`. */
async function officeWithOneDateTaken(
  page: Page,
  name: string,
  deskName: string,
  takenDate: (today: string) => string,
) {
  await createOrganizationThroughApi(page, newPerson('Rosa', 'Diaz'), name, { desks: 2, workingDays: [1, 2, 3, 4, 5] });
  const today = await dashboardDate(page);
  const { organizationId, desks } = await firstFloorOf(page);
  const desk = desks.find((item) => item.name === deskName);
  await apiAs(page)('POST', '/api/bookings', {
    organizationId,
    deskId: desk?.id,
    bookingDate: takenDate(today),
    timeSlot: 'full-day',
  });
  await page.reload();
  return today;
}

async function openRepeat(page: Page, deskName: string, startDate: string) {
  // A phone shows the list, a laptop the map.
  const isPhone = (page.viewportSize()?.width ?? 0) < 640;
  await (isPhone ? page.getByRole('button', { name: `Book desk ${deskName}` }) : deskTile(page, deskName)).click();
  const dialog = page.getByRole('dialog', { name: `Book Desk ${deskName}` });
  await dialog.getByLabel('Date').fill(startDate);
  await chooseSlot(dialog, 'Morning');
  await dialog.getByRole('switch', { name: 'Repeat on chosen weekdays' }).check();
  return dialog;
}

test('Repeat lists the dates that will and will not be booked before booking them, and My Bookings cancels the series from a date and whole', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(laptop);
  const today = await officeWithOneDateTaken(page, 'Ferry Lane', 'D01', (day) => addDays(nextMonday(day), 14));
  const monday = nextMonday(today);
  const dialog = await openRepeat(page, 'D01', monday);

  // The date's weekday is chosen to begin with; only the site's working days are offered.
  await expect(dialog.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: 'Saturday' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Wednesday' }).click();
  await dialog.getByRole('radio', { name: 'Every other week' }).check();
  await dialog.getByLabel('Until').fill(addDays(monday, 20));

  const dates = dialog.getByRole('region', { name: 'Dates of the series' });
  await expect(dialog.getByText('3 dates will be booked, 1 will not.')).toBeVisible();
  for (const date of [monday, addDays(monday, 2), addDays(monday, 16)]) {
    await expect(dates.getByText(formatLongDate(date), { exact: true })).toBeVisible();
  }
  await expect(dates.getByText(formatLongDate(addDays(monday, 14)), { exact: true })).toBeVisible();
  await expect(dates.getByText(`You already have D01 all day on ${formatLongDate(addDays(monday, 14))}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('repeat-preview-1440.png') });

  await dialog.getByRole('button', { name: 'Book 3 dates' }).click();
  await expect(page.getByText('3 dates booked, 1 not', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await sidebarItem(page, 'My Bookings').click();
  const myBookings = page.getByRole('dialog', { name: 'My Bookings' });
  const repeating = myBookings.getByRole('region', { name: 'Repeating bookings' });
  await expect(repeating.getByText(/^Every other Monday and Wednesday until /)).toBeVisible();
  await repeating.getByText('3 upcoming dates').click();
  await expect(repeating.getByRole('button', { name: `Cancel D01 on ${addDays(monday, 16)}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-bookings-series-1440.png') });

  await repeating.getByRole('button', { name: 'Cancel from…' }).click();
  const fromQuestion = page.getByRole('alertdialog', { name: 'Cancel from a date on?' });
  await fromQuestion.getByLabel('From').fill(addDays(monday, 2));
  await expectNoSeriousAxeViolations(page);
  await fromQuestion.getByRole('button', { name: 'Cancel these dates' }).click();
  await expect(page.getByText(`Cancelled from ${formatLongDate(addDays(monday, 2))}`, { exact: true })).toBeVisible();
  await expect(repeating.getByText('1 upcoming date')).toBeVisible();

  await repeating.getByRole('button', { name: 'Cancel series' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel this series?' })
    .getByRole('button', { name: 'Cancel series' })
    .click();
  await expect(page.getByText('Series cancelled', { exact: true })).toBeVisible();
  await expect(repeating).toBeHidden();
});

test('on a phone, Repeat says why a date will not be booked, books the others, and My Bookings shows the series once', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const today = await officeWithOneDateTaken(page, 'Quay Works', 'D02', (day) => addDays(nextMonday(day), 8));
  const monday = nextMonday(today);
  const dialog = await openRepeat(page, 'D02', monday);
  await dialog.getByRole('button', { name: 'Monday' }).click();
  await dialog.getByRole('button', { name: 'Tuesday' }).click();
  await dialog.getByLabel('Until').fill(addDays(monday, 13));
  await expect(dialog.getByText('1 date will be booked, 1 will not.')).toBeVisible();
  await expect(dialog.getByText(`You already have D02 all day on ${formatLongDate(addDays(monday, 8))}`)).toBeVisible();
  await dialog.getByRole('region', { name: 'Dates of the series' }).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('repeat-preview-390.png'), fullPage: true });

  await dialog.getByRole('button', { name: 'Book 1 date' }).click();
  await expect(page.getByText('1 date booked, 1 not', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await sidebarItem(page, 'My Bookings').click();
  const repeating = page
    .getByRole('dialog', { name: 'My Bookings' })
    .getByRole('region', { name: 'Repeating bookings' });
  await expect(repeating.getByText(/^Every Tuesday until /)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-bookings-series-390.png') });
});

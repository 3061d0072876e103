import { expect, type Page, test } from '@playwright/test';
import { addDays, formatLongDate } from '#domain/dates.ts';
import {
  chooseSlot,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  fullName,
  inviteAndJoinThroughApi,
  newPerson,
  nextMonday,
  type Slot,
  screenshotDirFor,
} from './support.ts';

const shots = screenshotDirFor('desk-dialogs');

/** Opens a free desk from the floor plan and books it through the Book Desk dialog. */
async function bookDesk(
  page: Page,
  deskName: string,
  slot: Slot,
  options: { date?: string; notes?: string; isPermanent?: boolean } = {},
) {
  await deskTile(page, deskName).click();
  const dialog = page.getByRole('dialog', { name: `Book Desk ${deskName}` });
  if (options.date) await dialog.getByLabel('Date').fill(options.date);
  await chooseSlot(dialog, slot);
  if (options.notes) await dialog.getByLabel('Notes').fill(options.notes);
  if (options.isPermanent) await dialog.getByRole('switch', { name: 'Permanent booking (Admin only)' }).check();
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Desk booked successfully!', { exact: true })).toBeVisible();
}

test('a member opens their own booking from the map, sees when and why, and cancels it only after confirming', async ({
  page,
  browser,
}) => {
  // Two or three people sign up and join through the pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const organizationName = 'Quayside Works';
  const mia = newPerson('Mia', 'Sato');
  await createOrganizationThroughApi(page, newPerson('Noor', 'Khan'), organizationName, { desks: 2 });
  const miaContext = await browser.newContext();
  const miaPage = await inviteAndJoinThroughApi(page, miaContext, mia, organizationName);
  const today = await dashboardDate(miaPage);

  await bookDesk(miaPage, 'D01', 'Morning', { notes: 'Near the window, please' });
  const tile = deskTile(miaPage, 'D01');
  await expect(tile).toHaveAccessibleName(`Desk D01: Partially booked, your booking, ${fullName(mia)}, morning`);

  await tile.click();
  const yours = miaPage.getByRole('dialog', { name: 'Your booking: Desk D01' });
  await expect(yours).toContainText(formatLongDate(today));
  await expect(yours).toContainText('Morning, 9:00 AM – 1:00 PM');
  await expect(yours).toContainText('Near the window, please');
  await expect(yours.getByRole('button', { name: 'Book Desk' })).toHaveCount(0);
  await expect(yours.getByRole('button', { name: 'Book the afternoon' })).toBeVisible();
  await expectNoSeriousAxeViolations(miaPage);
  await miaPage.screenshot({ path: `${shots}/desk-dialogs-your-booking.png` });

  // The half day still free: the Book Desk form with the afternoon chosen. Escape hands focus back to the desk.
  await yours.getByRole('button', { name: 'Book the afternoon' }).click();
  const bookAfternoon = miaPage.getByRole('dialog', { name: 'Book Desk D01' });
  await expect(bookAfternoon.getByRole('radio', { name: /^Afternoon/ })).toBeChecked();
  await expect(bookAfternoon.getByRole('radio', { name: /^Morning/ })).toBeDisabled();
  // The form takes the place of the booking in the same dialog, and the focus goes to its first field.
  await expect(bookAfternoon.getByLabel('Date')).toBeFocused();
  await miaPage.keyboard.press('Escape');
  await expect(bookAfternoon).toBeHidden();
  await expect(tile).toBeFocused();

  // Cancel asks first; keeping the booking changes nothing.
  await tile.click();
  await yours.getByRole('button', { name: 'Cancel booking' }).click();
  const question = miaPage.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(question).toContainText(`Desk D01 on ${formatLongDate(today)}, morning.`);
  await expectNoSeriousAxeViolations(miaPage);
  await question.getByRole('button', { name: 'Keep booking' }).click();
  await expect(question).toBeHidden();
  await expect(yours).toBeVisible();
  await expect(yours).toContainText('Near the window, please');

  await yours.getByRole('button', { name: 'Cancel booking' }).click();
  await question.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(miaPage.getByText('Booking cancelled', { exact: true })).toBeVisible();
  await expect(yours).toBeHidden();
  await expect(tile).toHaveAccessibleName('Desk D01: Available');

  // My Bookings lists the cancelled booking, and also asks before cancelling an upcoming one.
  const tomorrow = addDays(today, 1);
  await bookDesk(miaPage, 'D02', 'Full day', { date: tomorrow });
  await miaPage.getByRole('button', { name: 'My Bookings' }).click();
  const myBookings = miaPage.getByRole('dialog', { name: 'My Bookings' });
  await expect(myBookings.getByRole('listitem')).toHaveCount(2);
  await expect(myBookings.getByRole('listitem').first()).toContainText('D02');
  await expect(myBookings.getByRole('listitem').last()).toContainText('Cancelled');
  await myBookings.getByRole('button', { name: `Cancel D02 on ${tomorrow}` }).click();
  await miaPage
    .getByRole('alertdialog', { name: 'Cancel this booking?' })
    .getByRole('button', { name: 'Cancel booking' })
    .click();
  await expect(miaPage.getByText(`D02 on ${formatLongDate(tomorrow)} is free again.`, { exact: true })).toBeVisible();
  await expect(myBookings.getByRole('button', { name: /^Cancel D02 on / })).toHaveCount(0);

  await miaContext.close();
});

test('a blocked desk tells a member why, since when and who holds it, and an admin releases it', async ({
  page,
  browser,
}) => {
  // Two or three people sign up and join through the pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const organizationName = 'Foundry Row';
  const admin = newPerson('Kofi', 'Mensah');
  const eli = newPerson('Eli', 'Novak');
  await createOrganizationThroughApi(page, admin, organizationName, { desks: 2 });
  const today = await dashboardDate(page);
  await bookDesk(page, 'D02', 'Full day', { notes: 'Standing desk being repaired', isPermanent: true });
  await expect(deskTile(page, 'D02')).toHaveAccessibleName('Desk D02: Blocked, permanent');

  const eliContext = await browser.newContext();
  const eliPage = await inviteAndJoinThroughApi(page, eliContext, eli, organizationName);
  await deskTile(eliPage, 'D02').click();
  const blocked = eliPage.getByRole('dialog', { name: 'Desk D02 is blocked' });
  await expect(blocked).toContainText('Standing desk being repaired');
  await expect(blocked).toContainText(formatLongDate(today));
  await expect(blocked).toContainText(fullName(admin));
  await expect(blocked).toContainText(`Only an admin of ${organizationName} can release this desk.`);
  await expect(blocked.getByRole('button', { name: 'Release desk' })).toHaveCount(0);
  await expect(blocked.getByRole('button', { name: 'Book Desk' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(eliPage);
  await eliPage.screenshot({ path: `${shots}/desk-dialogs-blocked-member.png` });
  await blocked.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(blocked).toBeHidden();

  await deskTile(page, 'D02').click();
  const adminView = page.getByRole('dialog', { name: 'Desk D02 is blocked' });
  await adminView.getByRole('button', { name: 'Release desk' }).click();
  const question = page.getByRole('alertdialog', { name: 'Release desk D02?' });
  await expect(question).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await question.getByRole('button', { name: 'Release desk' }).click();
  await expect(page.getByText('Desk released', { exact: true })).toBeVisible();
  await expect(adminView).toBeHidden();
  await expect(deskTile(page, 'D02')).toHaveAccessibleName('Desk D02: Available');
  // The member's map follows the live stream: the desk can be booked again.
  await expect(deskTile(eliPage, 'D02')).toHaveAccessibleName('Desk D02: Available');
  await deskTile(eliPage, 'D02').click();
  await expect(eliPage.getByRole('dialog', { name: 'Book Desk D02' })).toBeVisible();

  await eliContext.close();
});

test('Book Desk says a desk is fully booked, refuses past dates before asking, and names the days a weekly booking cannot have', async ({
  page,
  browser,
}) => {
  // Two or three people sign up and join through the pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const organizationName = 'Ropewalk Lane';
  const ada = newPerson('Ada', 'Quinn');
  await createOrganizationThroughApi(page, newPerson('Remy', 'Fontaine'), organizationName, { desks: 2 });
  const today = await dashboardDate(page);
  const monday = nextMonday(today);
  // Today last: once D01 is the admin's for today, clicking it opens the admin's own booking instead.
  await bookDesk(page, 'D01', 'Full day', { date: addDays(monday, 1) });
  await bookDesk(page, 'D01', 'Morning', { date: addDays(monday, 3) });
  await bookDesk(page, 'D01', 'Full day');

  const adaContext = await browser.newContext();
  const adaPage = await inviteAndJoinThroughApi(page, adaContext, ada, organizationName);
  const bookings: string[] = [];
  adaPage.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/bookings')) bookings.push(request.url());
  });

  await deskTile(adaPage, 'D01').click();
  const dialog = adaPage.getByRole('dialog', { name: 'Book Desk D01' });
  await expect(dialog.getByRole('status').filter({ hasText: 'fully booked' })).toHaveText(
    `D01 is fully booked on ${formatLongDate(today)}. Choose another date or another desk.`,
  );
  await expect(dialog.getByRole('button', { name: 'Book Desk' })).toHaveCount(0);
  for (const slot of ['Full day', 'Morning', 'Afternoon']) {
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${slot}`) })).toBeDisabled();
  }
  await expectNoSeriousAxeViolations(adaPage);
  await adaPage.screenshot({ path: `${shots}/desk-dialogs-fully-booked.png` });

  // A typed past date is refused at once and asks for no availability; an empty date is only required on Book Desk,
  // and each error goes as soon as the date is fine again.
  const date = dialog.getByLabel('Date');
  const availabilityAsked: string[] = [];
  adaPage.on('request', (request) => {
    if (request.url().includes('/availability?date=')) availabilityAsked.push(request.url());
  });
  await date.fill(addDays(today, -1));
  await expect(dialog.getByText('Choose today or a later date: past days cannot be booked')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Checking…')).toHaveCount(0);
  await chooseSlot(dialog, 'Morning');
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(dialog).toBeVisible();
  await date.fill('');
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(dialog.getByText('Date is required', { exact: true })).toBeVisible();
  await date.fill(addDays(monday, 2));
  await expect(dialog.getByText('Date is required', { exact: true })).toBeHidden();
  await expect(date).toHaveAttribute('aria-invalid', 'false');
  await expect(dialog.getByRole('radio', { name: /^Morning/ })).toHaveAccessibleName(/Available$/);
  expect(availabilityAsked.filter((url) => url.includes(addDays(today, -1)))).toEqual([]);
  expect(bookings).toEqual([]);

  // A week from Monday: D01 is taken on Tuesday (a full day) and Thursday (the morning), so D02 is offered and
  // the dialog is named after it.
  await date.fill(monday);
  await chooseSlot(dialog, 'Full day');
  await dialog.getByRole('switch', { name: 'Book for the rest of the week' }).check();
  const weekly = adaPage.getByRole('dialog', { name: 'Book Desk D02' });
  await expect(weekly.getByText(/^D01 is taken on Tuesday and Thursday\./)).toBeVisible();
  await expect(weekly.getByRole('combobox', { name: 'Alternative desk' }).locator('option:checked')).toHaveText(
    'D02 (Floor 1)',
  );
  await expectNoSeriousAxeViolations(adaPage);
  await adaPage.screenshot({ path: `${shots}/desk-dialogs-weekly.png` });
  await weekly.getByRole('button', { name: 'Book Desk' }).click();
  await expect(adaPage.getByText('Desk booked successfully!', { exact: true })).toBeVisible();
  expect(bookings).toHaveLength(1);

  await adaContext.close();
});

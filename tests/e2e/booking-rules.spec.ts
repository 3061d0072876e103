import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, formatLongDate } from '#domain/dates.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  fullName,
  inviteAndJoinThroughApi,
  newPerson,
  nextMonday,
  type Slot,
} from './support.ts';

const slotRadio = (dialog: Locator, slot: Slot) => dialog.getByRole('radio', { name: new RegExp(`^${slot}`) });

/** The slot radios are visually hidden inside their cards: a person clicks the card. */
async function chooseSlot(dialog: Locator, slot: Slot) {
  await dialog.getByText(slot, { exact: true }).click();
  await expect(slotRadio(dialog, slot)).toBeChecked();
}

async function openBookingRules(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Booking rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking rules' });
  await expect(dialog.getByLabel('Bookings open … days ahead')).toBeVisible();
  return dialog;
}

test('an admin sets the booking rules, Book Desk explains them to a member before she tries, and the admin books for her', async ({
  page,
  browser,
}, testInfo) => {
  // Two people sign up and join through the pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const organizationName = 'Tannery Yard';
  const mia = newPerson('Mia', 'Sato');
  const { organizationId } = await createOrganizationThroughApi(page, newPerson('Noor', 'Khan'), organizationName, {
    desks: 3,
  });
  const today = await dashboardDate(page);

  // The rules in force: the defaults.
  let rules = await openBookingRules(page);
  await expect(rules.getByRole('switch', { name: 'One desk per person' })).toBeChecked();
  await expect(rules.getByLabel('Bookings open … days ahead')).toHaveValue('90');
  await expect(rules.getByLabel('Weekly limit', { exact: true })).toHaveValue('off');
  await expect(
    rules.getByRole('switch', { name: 'Admins are exempt from the advance window and the weekly limit' }),
  ).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('booking-rules-dialog-1440.png') });

  // The schema's problem is said under the field, and nothing is saved.
  const daysAhead = rules.getByLabel('Bookings open … days ahead');
  await daysAhead.fill('800');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByText('Days ahead can be at most 730', { exact: true })).toBeVisible();
  await expect(daysAhead).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeViolations(page);

  await daysAhead.fill('14');
  await rules.getByLabel('Weekly limit', { exact: true }).selectOption({ label: '3 days per person per week' });
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Booking rules saved', { exact: true })).toBeVisible();
  await expect(rules).toBeHidden();

  await page.reload();
  rules = await openBookingRules(page);
  await expect(rules.getByLabel('Bookings open … days ahead')).toHaveValue('14');
  await expect(rules.getByLabel('Weekly limit', { exact: true })).toHaveValue('3');
  await expect(rules.getByRole('switch', { name: 'One desk per person' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(rules).toBeHidden();

  // Mia holds D01 this morning: on D02 the morning and the full day are not hers to take, the afternoon is.
  const miaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const miaPage = await inviteAndJoinThroughApi(page, miaContext, mia, organizationName);
  await deskTile(miaPage, 'D01').click();
  const bookD01 = miaPage.getByRole('dialog', { name: 'Book Desk D01' });
  await chooseSlot(bookD01, 'Morning');
  await bookD01.getByRole('button', { name: 'Book Desk' }).click();
  await expect(miaPage.getByText('Desk booked successfully!', { exact: true })).toBeVisible();
  await expect(bookD01).toBeHidden();

  const posted: string[] = [];
  miaPage.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/bookings')) posted.push(request.url());
  });
  await deskTile(miaPage, 'D02').click();
  const bookD02 = miaPage.getByRole('dialog', { name: 'Book Desk D02' });
  await expect(bookD02.getByLabel('Book for', { exact: true })).toHaveCount(0);
  for (const slot of ['Morning', 'Full day'] as const) {
    await expect(slotRadio(bookD02, slot)).toBeDisabled();
    await expect(slotRadio(bookD02, slot)).toHaveAccessibleName(/You already have D01 this morning$/);
  }
  await expect(slotRadio(bookD02, 'Afternoon')).toBeEnabled();
  await expect(slotRadio(bookD02, 'Afternoon')).toHaveAccessibleName(/Available$/);
  await expectNoSeriousAxeViolations(miaPage);
  await miaPage.screenshot({ path: testInfo.outputPath('booking-rules-slots-1440.png') });

  // Beyond the advance window the date itself is the problem, and no availability is asked for it.
  const date = bookD02.getByLabel('Date');
  await date.fill(addDays(today, 15));
  await expect(
    bookD02.getByText(`Bookings open 14 days ahead: choose a date until ${formatLongDate(addDays(today, 14))}`),
  ).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await chooseSlot(bookD02, 'Afternoon');
  await bookD02.getByRole('button', { name: 'Book Desk' }).click();
  await expect(bookD02).toBeVisible();
  expect(posted).toEqual([]);
  await date.fill(addDays(today, 14));
  await expect(date).toHaveAttribute('aria-invalid', 'false');
  await expect(slotRadio(bookD02, 'Morning')).toHaveAccessibleName(/Available$/);

  // The office now works Monday to Friday (issue 28: the weekly option books the site's working days); the open form
  // follows the site's change as it happens.
  const [site] = await apiAs(page)<Array<{ id: string }>>('GET', `/api/organizations/${organizationId}/sites`);
  await apiAs(page)('PUT', `/api/sites/${site!.id}`, { workingDays: [1, 2, 3, 4, 5] });

  // The rest of next week is five days, the quota three, and Mia has none booked there (issue 27): the weekly option
  // says how many are left, once, and nothing says they are booked or that the desk is the answer.
  const monday = nextMonday(today);
  await date.fill(monday);
  await chooseSlot(bookD02, 'Full day');
  await bookD02.getByRole('switch', { name: 'Book for the rest of the week' }).check();
  await expect(bookD02.getByRole('alert')).toHaveText(
    `You can book only 3 more days in the week of ${formatLongDate(monday)}, not 5.Try booking individual days instead`,
  );
  await expect(slotRadio(bookD02, 'Full day')).toHaveAccessibleName(/Available$/);
  await expect(bookD02.getByText(/is free every day|booked your/)).toHaveCount(0);
  await expectNoSeriousAxeViolations(miaPage);
  await miaPage.screenshot({ path: testInfo.outputPath('booking-rules-weekly-quota-1440.png') });
  // From its Friday the series is that one day, said so, within the quota.
  await date.fill(addDays(monday, 4));
  await expect(bookD02.getByRole('status').filter({ hasText: 'last weekday' })).toHaveText(
    `${formatLongDate(addDays(monday, 4))} is the last weekday of its week: only that day will be booked.D02 is free that day.`,
  );
  await miaPage.setViewportSize({ width: 390, height: 844 });
  await miaPage.screenshot({ path: testInfo.outputPath('booking-rules-weekly-friday-390.png') });
  await miaPage.setViewportSize({ width: 1440, height: 900 });
  await miaPage.keyboard.press('Escape');
  await expect(bookD02).toBeHidden();
  await expect(miaPage.getByRole('button', { name: 'Booking rules' })).toHaveCount(0);

  // The office works every day again, so that the forms below open on today, where Mia holds D01 (on a Saturday or a
  // Sunday they would open on Monday, a day she has nothing).
  await apiAs(page)('PUT', `/api/sites/${site!.id}`, { workingDays: [1, 2, 3, 4, 5, 6, 7] });

  // Should the browser judge by rules that have changed since it read them, the server's refusal is the form's error.
  await miaPage.route('**/api/organizations/*/booking-rules', (route) =>
    route.fulfill({
      json: { onePerPersonPerSlot: false, maxDaysAhead: 14, maxBookingsPerWeek: null, adminsExempt: true },
    }),
  );
  await miaPage.reload();
  await deskTile(miaPage, 'D02').click();
  await expect(slotRadio(bookD02, 'Morning')).toHaveAccessibleName(/Available$/);
  await chooseSlot(bookD02, 'Morning');
  await bookD02.getByRole('button', { name: 'Book Desk' }).click();
  await expect(bookD02.getByRole('alert')).toHaveText('You already have D01 this morning');
  await expect(bookD02).toBeVisible();
  await miaPage.unroute('**/api/organizations/*/booking-rules');
  await miaPage.keyboard.press('Escape');
  await expect(bookD02).toBeHidden();

  // The admin books D02 for Mia: the rules are judged for her, and the booking is hers.
  await deskTile(page, 'D02').click();
  const adminBook = page.getByRole('dialog', { name: 'Book Desk D02' });
  const bookFor = adminBook.getByRole('combobox', { name: 'Book for' });
  await expect(bookFor).toHaveValue('Myself');
  await bookFor.fill(mia.firstName);
  await adminBook.getByRole('option', { name: `${fullName(mia)} ${mia.email}` }).click();
  await expect(bookFor).toHaveValue(fullName(mia));
  await expect(slotRadio(adminBook, 'Morning')).toHaveAccessibleName(
    new RegExp(`${fullName(mia)} already has D01 this morning$`),
  );
  await expect(slotRadio(adminBook, 'Morning')).toBeDisabled();
  await chooseSlot(adminBook, 'Afternoon');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('booking-rules-book-for-1440.png') });
  await adminBook.getByRole('button', { name: 'Book Desk' }).click();
  await expect(page.getByText(`Desk D02 booked for ${fullName(mia)}`, { exact: true })).toBeVisible();
  await expect(adminBook).toBeHidden();
  await expect(deskTile(page, 'D02')).toHaveAccessibleName(`Desk D02: Partially booked, ${fullName(mia)}, afternoon`);

  // Mia, signed in afresh, finds it in My Bookings.
  await miaPage.reload();
  await miaPage.getByRole('button', { name: 'My Bookings' }).click();
  const myBookings = miaPage.getByRole('dialog', { name: 'My Bookings' });
  await expect(myBookings.getByRole('listitem')).toHaveCount(2);
  await expect(myBookings.getByRole('listitem').filter({ hasText: 'D02' })).toContainText(/afternoon/i);

  // On a phone the rules and Book for fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  rules = await openBookingRules(page);
  const box = await rules.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('booking-rules-dialog-390.png') });
  await page.keyboard.press('Escape');
  await expect(rules).toBeHidden();
  await myBookings.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(myBookings).toBeHidden();
  await miaPage.setViewportSize({ width: 390, height: 844 });
  await deskTile(miaPage, 'D03').click();
  const phoneBook = miaPage.getByRole('dialog', { name: 'Book Desk D03' });
  await expect(slotRadio(phoneBook, 'Morning')).toHaveAccessibleName(/You already have D01 this morning$/);
  const phoneBox = await phoneBook.boundingBox();
  expect(phoneBox && phoneBox.x >= 0 && phoneBox.x + phoneBox.width <= 390).toBe(true);
  await miaPage.screenshot({ path: testInfo.outputPath('booking-rules-slots-390.png') });
  await miaContext.close();
});

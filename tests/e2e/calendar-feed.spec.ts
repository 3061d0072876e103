import { expect, request, test } from '@playwright/test';
import { addDays } from '#domain/dates.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  expectMailTo,
  expectNoSeriousAxeViolations,
  linkFromOutbox,
  newPerson,
  signUpThroughPage,
} from './support.ts';

test('a person adds their bookings to a calendar from the account menu, and turns the link off again', async ({
  page,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const person = newPerson('Cleo', 'Calendar');
  await createOrganizationThroughApi(page, person, 'Almanac Works');

  // A desk and tomorrow's booking of it, through the API: this test is about the calendar, not booking.
  const api = apiAs(page);
  const [organization] = await api<Array<{ id: string }>>('GET', '/api/organizations');
  const [floor] = await api<Array<{ id: string }>>('GET', `/api/organizations/${organization?.id}/floors`);
  const desk = await api<{ id: string }>('POST', `/api/organizations/${organization?.id}/desks`, {
    name: 'Window 7',
    positionX: 150,
    positionY: 150,
    floorId: floor?.id,
  });
  const today = await page.getByRole('banner').getByLabel('Date').inputValue();
  const booking = await api<{ id: string }>('POST', '/api/bookings', {
    organizationId: organization?.id,
    deskId: desk.id,
    bookingDate: addDays(today, 1),
    timeSlot: 'morning',
  });

  // From the keyboard: the account menu, then Add to calendar.
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Add to calendar' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
  await expect(dialog.getByText('Subscribe to this private link in Google Calendar')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create calendar link' }).click();

  const field = dialog.getByLabel('Your calendar link');
  await expect(field).toHaveValue(/^webcal:\/\/localhost:\d+\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(field).toHaveAttribute('readonly', '');
  const webcal = await field.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', webcal);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  // Run in the page; the tests' type check has no DOM library, so the clipboard is typed here.
  const copied = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(copied).toBe(webcal);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('calendar-feed-dialog-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('calendar-feed-dialog-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The copied address, read as a calendar program does: over http, with no cookie.
  const address = webcal.replace(/^webcal:\/\//, 'http://');
  const calendarProgram = await request.newContext();
  const feed = await calendarProgram.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = (await feed.text()).replaceAll('\r\n ', '');
  expect(text).toContain(`UID:booking-${booking.id}@localhost:`);
  expect(text).toContain('SUMMARY:Desk Window 7 (morning)');
  expect(text).toContain('LOCATION:Window 7\\, Floor 1\\, Almanac Works');

  // Closed and opened again, the link cannot be shown again: it can be turned off.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Add to calendar' }).click();
  await expect(dialog.getByText(/You made a calendar link on .+\. It is shown only once/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('calendar-feed-made-earlier-1440.png') });
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  const question = page.getByRole('alertdialog', { name: 'Turn off the calendar link?' });
  await expect(question).toContainText('The link stops working: calendars subscribed to it stop updating.');
  await page.screenshot({ path: testInfo.outputPath('calendar-feed-turn-off-1440.png') });
  await question.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Calendar link turned off', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await calendarProgram.get(address)).status()).toBe(404);
  await calendarProgram.dispose();
});

test('a person turns check-in reminders off and on from the account menu, and the choice is kept', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createOrganizationThroughApi(page, newPerson('Remy', 'Reminder'), 'Bellfounders');

  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.click();
  const reminders = page.getByRole('menuitemcheckbox', { name: 'Check-in reminders' });
  await expect(reminders).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await reminders.click();
  await expect(page.getByText('Check-in reminders off', { exact: true })).toBeVisible();
  // The menu stays open for another change.
  await expect(reminders).not.toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('check-in-reminders-390.png') });

  await page.reload();
  await menuButton.click();
  // The switch is off and disabled while the settings load: a person waits for it to come on before using it.
  await expect(reminders).toBeEnabled();
  await expect(reminders).not.toBeChecked();
  await reminders.press('Enter');
  await expect(page.getByText('Check-in reminders on', { exact: true })).toBeVisible();
  await expect(reminders).toBeChecked();
});

test('after a password reset, the page offers to replace the calendar link, which until then still works', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const person = newPerson('Rhea', 'Reset');
  await signUpThroughPage(page, person);
  await expect(page).toHaveURL(/\/setup$/);
  const api = apiAs(page);
  const { url: oldAddress } = await api<{ url: string }>('POST', '/api/user/calendar-feed', {});

  // Signed out, as someone who forgot the password: the mailed link, then a new password.
  await page.context().clearCookies();
  await api('POST', '/api/forgot-password', { email: person.email });
  await page.goto(await linkFromOutbox(person.email, '/reset-password?token='));
  await page.getByLabel('New Password', { exact: true }).fill('a-new-password-7');
  await page.getByLabel('Confirm New Password').fill('a-new-password-7');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();

  // The link still works, and both the page and the mail after the reset say so.
  const offer = page.getByRole('region', { name: 'Your calendar link still works' });
  await expect(offer).toContainText('If someone else may have it, replace it. The old link then stops working.');
  const calendarProgram = await request.newContext();
  expect((await calendarProgram.get(oldAddress)).status()).toBe(200);
  await expectMailTo(person.email, 'Your calendar link still works');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('reset-calendar-offer-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('reset-calendar-offer-390.png'), fullPage: true });

  await offer.getByRole('button', { name: 'Replace calendar link' }).click();
  const replaced = page.getByRole('region', { name: 'Your calendar link was replaced' });
  await expect(replaced.getByRole('status')).toHaveText(
    'The old link has stopped working. Add this one to your calendar app in its place.',
  );
  const field = replaced.getByLabel('Your calendar link');
  await expect(field).toHaveValue(/^webcal:\/\/localhost:\d+\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const newAddress = (await field.inputValue()).replace(/^webcal:\/\//, 'http://');
  expect(newAddress).not.toBe(oldAddress);
  expect((await calendarProgram.get(oldAddress)).status()).toBe(404);
  expect((await calendarProgram.get(newAddress)).status()).toBe(200);
  await calendarProgram.dispose();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('reset-calendar-replaced-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('reset-calendar-replaced-1440.png'), fullPage: true });

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/setup$/);
});

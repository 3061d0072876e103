import { expect, request, test } from '@playwright/test';
import { addDays } from '#domain/dates.ts';
import { apiAs, createOrganizationThroughPage, expectNoSeriousAxeViolations, newPerson } from './support.ts';

test('a person adds their bookings to a calendar from the account menu, and turns the link off again', async ({
  page,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const person = newPerson('Cleo', 'Calendar');
  await createOrganizationThroughPage(page, person, 'Almanac Works');

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
  await createOrganizationThroughPage(page, newPerson('Remy', 'Reminder'), 'Bellfounders');

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
  await expect(reminders).not.toBeChecked();
  await reminders.press('Enter');
  await expect(page.getByText('Check-in reminders on', { exact: true })).toBeVisible();
  await expect(reminders).toBeChecked();
});

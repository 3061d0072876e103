import fs from 'node:fs';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { addDays, formatLongDate } from '#domain/dates.ts';
import { csvRecords } from '#test-support/team-bookings.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  dashboardDate,
  expectNoSeriousAxeViolations,
  fullName,
  linkFromOutbox,
  newPerson,
  type Person,
  screenshotDirFor,
  uniqueEmail,
} from './support.ts';

/**
 * The person joins through their invitation and books `days` full days of one desk, tomorrow on, all through the API
 * in a request context of their own (the screens for that are other tests' business).
 */
async function joinAndBook(
  baseURL: string,
  person: Person,
  booking: { organizationId: string; deskId: string; firstDate: string; days: number },
): Promise<APIRequestContext> {
  const token = new URL(await linkFromOutbox(person.email, '/signup?token=')).searchParams.get('token');
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const joined = await context.post('/api/signup-with-invitation', {
    data: { token, firstName: person.firstName, lastName: person.lastName, password: person.password },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  for (let day = 0; day < booking.days; day += 1) {
    const booked = await context.post('/api/bookings', {
      data: {
        organizationId: booking.organizationId,
        deskId: booking.deskId,
        bookingDate: addDays(booking.firstDate, day),
        timeSlot: 'full-day',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }
  return context;
}

test('an admin searches Team Bookings for a person, filters, pages, exports the list and cancels all of one person’s bookings', async ({
  page,
  baseURL,
}) => {
  const admin = newPerson('Grace', 'Hopper');
  const ada = newPerson('Ada', 'Lovelace');
  // Accented names, with plain addresses.
  const elodie = { ...newPerson('Élodie', 'Durand'), email: uniqueEmail('elodie') };
  const tomas = { ...newPerson('Tomás', 'Reyes'), email: uniqueEmail('tomas') };
  await createOrganizationThroughApi(page, admin, 'Dock Street', { desks: 3 });
  const today = await dashboardDate(page);
  const api = apiAs(page);
  const [organization] = await api<Array<{ id: string }>>('GET', '/api/organizations');
  const desks = await api<Array<{ id: string; name: string }>>('GET', `/api/organizations/${organization?.id}/desks`);
  const deskId = (name: string) => desks.find((desk) => desk.name === name)?.id ?? '';
  await api('POST', `/api/organizations/${organization?.id}/invite`, {
    emails: [ada.email, elodie.email, tomas.email],
    role: 'member',
  });
  // 60 bookings from tomorrow on: 20 days each of D01 (Ada), D02 (Élodie) and D03 (Tomás).
  const contexts = [];
  for (const [person, desk] of [
    [ada, 'D01'],
    [elodie, 'D02'],
    [tomas, 'D03'],
  ] as const) {
    contexts.push(
      await joinAndBook(baseURL ?? '', person, {
        organizationId: organization?.id ?? '',
        deskId: deskId(desk),
        firstDate: addDays(today, 1),
        days: 20,
      }),
    );
  }

  await page.getByRole('button', { name: 'Team Bookings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team Bookings Management' });
  const summary = dialog.getByRole('status').filter({ hasText: 'bookings' });
  const rows = dialog.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
  await expect(summary).toHaveText('1–50 of 60 bookings');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText('Upcoming');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDirFor('team-bookings')}/team-bookings.png` });

  // Pages: the last ten, then back.
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(summary).toHaveText('51–60 of 60 bookings');
  await expect(rows).toHaveCount(10);
  await expect(dialog.getByText('Page 2 of 2')).toBeVisible();
  // Exported from page 2: a CSV file of the whole list, not of the page.
  const fromPageTwo = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Export CSV' }).click();
  const pageTwoFile = await fromPageTwo;
  expect(pageTwoFile.suggestedFilename()).toMatch(/\.csv$/);
  expect(csvRecords(fs.readFileSync((await pageTwoFile.path()) ?? '', 'utf8'))).toHaveLength(60);
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(summary).toHaveText('1–50 of 60 bookings');

  // A search by person, typed without the accent, from the keyboard.
  const search = dialog.getByRole('searchbox', { name: 'Search by person or desk' });
  await search.focus();
  await page.keyboard.type('elodie');
  await expect(summary).toHaveText('1–20 of 20 bookings');
  await expect(rows.filter({ hasText: fullName(elodie) })).toHaveCount(20);

  // Filters: a date range, then a kind that has nothing, then a sort.
  await dialog.getByLabel('From').fill(addDays(today, 3));
  await dialog.getByLabel('To').fill(addDays(today, 7));
  await expect(summary).toHaveText('1–5 of 5 bookings');
  await dialog.getByLabel('Kind').selectOption('Permanent only');
  await expect(dialog.getByText('No bookings match these filters.')).toBeVisible();
  await dialog.getByLabel('Kind').selectOption('All kinds');
  await dialog.getByLabel('Sort by').selectOption('Latest first');
  await expect(rows.first()).toContainText(formatLongDate(addDays(today, 7)));
  await expect(rows.last()).toContainText(formatLongDate(addDays(today, 3)));

  // The export is the filtered list: Ada's 20 bookings, whatever page is shown.
  await search.fill('lovelace');
  await dialog.getByLabel('From').fill('');
  await dialog.getByLabel('To').fill('');
  await dialog.getByLabel('Sort by').selectOption('Earliest first');
  // Elodie also has 20: the list must show Ada's before the export is the list shown.
  await expect(rows.filter({ hasText: fullName(ada) })).toHaveCount(20);
  await expect(summary).toHaveText('1–20 of 20 bookings');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dock-street-[a-z0-9]+-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = csvRecords(fs.readFileSync((await download.path()) ?? '', 'utf8'));
  expect(records).toHaveLength(20);
  expect(new Set(records.map((record) => record.Email))).toEqual(new Set([ada.email]));
  expect(records.map((record) => record.Date)).toEqual(
    Array.from({ length: 20 }, (_, index) => addDays(today, 1 + index)),
  );
  expect(records[0]).toMatchObject({ Desk: 'D01', 'First name': 'Ada', 'Last name': 'Lovelace', Status: 'active' });

  // Cancel all: the question names the person and says what goes.
  await dialog
    .getByRole('button', { name: `Cancel all bookings of ${fullName(ada)}` })
    .first()
    .click();
  const question = page.getByRole('alertdialog', { name: `Cancel all of ${fullName(ada)}'s bookings?` });
  await expect(question).toContainText(`Every active booking ${fullName(ada)} holds from today on is cancelled`);
  await expectNoSeriousAxeViolations(page);
  await question.getByRole('button', { name: 'Cancel all', exact: true }).click();
  await expect(page.getByText('20 bookings cancelled', { exact: true })).toBeVisible();
  await expect(dialog.getByText('No bookings match these filters.')).toBeVisible();
  await dialog.getByLabel('Status').selectOption('Cancelled');
  await expect(summary).toHaveText('1–20 of 20 bookings');
  await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(20);

  for (const context of contexts) await context.dispose();
});

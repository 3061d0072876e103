import { expect, test } from '@playwright/test';
import {
  apiAs,
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

// Issue 29, planning the week together: following a colleague from Who's in, the Week tab, Book near, and the
// organization's hidden names.

const shots = screenshotDirFor('week-view');

test('a person follows a colleague from Who’s in, finds them in the week and books a desk near them', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(laptop);
  const ada = newPerson('Ada', 'Lovelace');
  const ana = newPerson('Ana', 'Alves');
  const { organizationId, floorId } = await createOrganizationThroughApi(page, ada, 'Week Works', { desks: 4 });
  const anaContext = await browser.newContext();
  const anaPage = await inviteAndJoinThroughApi(page, anaContext, ana, 'Week Works');
  const desks = await apiAs(page)<Array<{ id: string; name: string }>>('GET', `/api/floors/${floorId}/desks`);
  const today = await dashboardDate(page);
  await apiAs(anaPage)('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D01')?.id,
    bookingDate: today,
    timeSlot: 'full-day',
  });
  await anaContext.close();

  await page.reload();
  await page.getByRole('button', { name: "Who's in today?" }).click();
  const roster = page.getByRole('dialog', { name: "Who's in today?" });
  await roster.getByRole('button', { name: 'Follow Ana Alves' }).click();
  await expect(roster.getByRole('button', { name: 'Follow Ana Alves' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousAxeViolations(page);

  await roster.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByRole('dialog', { name: "Who's in this week?" });
  const day = week.getByRole('region').first();
  await expect(day.getByText('Ana Alves')).toBeVisible();
  await expect(day.getByText('D01 · Floor 1 · full day')).toBeVisible();
  await expect(day.getByLabel('Followed')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/week-laptop.png` });

  await page.setViewportSize(phone);
  await expect(day.getByText('Ana Alves')).toBeVisible();
  await page.screenshot({ path: `${shots}/week-phone.png` });
  await expectNoSeriousAxeViolations(page);

  // Book near: Book Desk opens on the nearest free desk of Ana's floor, that day.
  await day.getByRole('button', { name: /^Book D02 near Ana Alves on / }).click();
  const book = page.getByRole('dialog', { name: 'Book Desk D02' });
  await expect(book).toBeVisible();
  await page.screenshot({ path: `${shots}/book-near-phone.png` });
});

test('with names hidden a member sees “Booked” for others, their own name, and a week of their own days', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(laptop);
  const ada = newPerson('Ada', 'Hidden');
  const mo = newPerson('Mo', 'Member');
  const { organizationId, floorId } = await createOrganizationThroughApi(page, ada, 'Quiet Corp', { desks: 3 });
  const desks = await apiAs(page)<Array<{ id: string; name: string }>>('GET', `/api/floors/${floorId}/desks`);
  const today = await dashboardDate(page);
  await apiAs(page)('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D01')?.id,
    bookingDate: today,
    timeSlot: 'full-day',
  });

  // The admin hides names in the booking rules' Privacy section: saved at once.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Booking rules' }).click();
  const rules = page.getByRole('dialog', { name: 'Booking rules' });
  await rules.getByRole('switch', { name: 'Hide who booked which desk from members' }).check();
  await expect(page.getByText('Names hidden from members', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/hide-names-laptop.png` });

  const moContext = await browser.newContext();
  const moPage = await inviteAndJoinThroughApi(page, moContext, mo, 'Quiet Corp');
  await moPage.setViewportSize(laptop);
  await apiAs(moPage)('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D02')?.id,
    bookingDate: today,
    timeSlot: 'morning',
  });
  await moPage.reload();
  await expect(deskTile(moPage, 'D01')).toHaveAccessibleName(/Booked/);
  await expect(deskTile(moPage, 'D01')).not.toHaveAccessibleName(/Ada/);
  await moPage.screenshot({ path: `${shots}/map-hidden-laptop.png` });
  await expect(moPage.getByRole('main').getByText(/Ada/)).toHaveCount(0);
  await moPage.setViewportSize(phone);

  await moPage.getByRole('button', { name: "Who's in today?" }).click();
  const roster = moPage.getByRole('dialog', { name: "Who's in today?" });
  await expect(roster.getByText('Booked', { exact: true })).toBeVisible();
  await expect(roster.getByText('Mo Member', { exact: true })).toBeVisible();
  await expect(roster.getByText(/Ada/)).toHaveCount(0);
  await expect(roster.getByRole('button', { name: /^Follow / })).toHaveCount(0);
  await roster.getByRole('button', { name: 'Week', exact: true }).click();
  const week = moPage.getByRole('dialog', { name: "Who's in this week?" });
  await expect(week.getByText(/following colleagues is turned off/)).toBeVisible();
  await expect(week.getByText('You’re in · D02 · Floor 1 · morning')).toBeVisible();
  await expect(week.getByText('2 people in').first()).toBeVisible();
  await expectNoSeriousAxeViolations(moPage);
  await moPage.screenshot({ path: `${shots}/week-hidden-phone.png` });
  await moContext.close();
});

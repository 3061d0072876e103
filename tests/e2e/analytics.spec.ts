import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { analyticsDayCsvColumns, analyticsDeskCsvColumns } from '#domain/analytics.ts';
import { addDays, formatLongDate } from '#domain/dates.ts';
import { csvRecords } from '#test-support/team-bookings.ts';
import { zoneWhereHourIs } from '#test-support/time-zones.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  dashboardDate,
  expectNoSeriousAxeViolations,
  firstFloorOf,
  floorPlanPng,
  inviteAndJoinThroughApi,
  newPerson,
  screenshotDirFor,
} from './support.ts';

const shots = screenshotDirFor('analytics');

/** The figures of one day's row of "Utilization per day": Desks, Booked half days, Utilization, People. */
function dayRow(page: Page, date: string): Locator {
  return page
    .getByRole('table', { name: 'Utilization per day' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: formatLongDate(date), exact: true }) });
}

async function downloadText(page: Page, linkName: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: linkName, exact: true }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path()) ?? '', 'utf8') };
}

test('an admin opens Analytics from the sidebar and reads the last 4 weeks: the chart, its table, a floor, the heat map, live changes and the CSV files', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The organization takes the browser's time zone: one where it is 6 or 7 in the morning, so that with check-in
  // required every slot of today can still be booked (none's check-in has closed) whatever the hour of the run.
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: zoneWhereHourIs([6, 7]),
  });
  const page = await context.newPage();
  await createOrganizationThroughApi(page, newPerson('Nadia', 'Okafor'), 'Harbour Works', {
    desks: 4,
    workingDays: [1, 2, 3, 4, 5],
  });
  // A plan to draw the heat map on.
  const editMode = page.getByRole('switch', { name: 'Edit Mode' });
  await editMode.click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Floor Plan' }).click();
  await (await chooser).setFiles({ name: 'harbour-works.png', mimeType: 'image/png', buffer: floorPlanPng() });
  await expect(page.getByText('Floor plan uploaded and updated successfully!').first()).toBeVisible();
  await editMode.click();
  await expect(editMode).not.toBeChecked();
  const today = await dashboardDate(page);
  const { organizationId, floorId, desks } = await firstFloorOf(page);
  const deskId = (name: string) => desks.find((desk) => desk.name === name)?.id ?? '';
  const api = apiAs(page);

  // A second floor with one desk, E01; one person may hold several desks at once (the admin books three).
  const floor2 = await api<{ id: string }>('POST', `/api/organizations/${organizationId}/floors`, { name: 'Floor 2' });
  const e01 = await api<{ id: string }>('POST', `/api/organizations/${organizationId}/desks`, {
    name: 'E01',
    positionX: 300,
    positionY: 300,
    floorId: floor2.id,
  });
  // Check-in is required (nobody is released during the test): the screen shows Reality.
  await api('PUT', `/api/organizations/${organizationId}/booking-rules`, {
    onePerPersonPerSlot: false,
    checkInRequired: true,
    autoRelease: false,
  });
  const book = (call: typeof api, desk: string, date: string, timeSlot: string) =>
    call('POST', '/api/bookings', { organizationId, deskId: desk, bookingDate: date, timeSlot });
  // Today: D01 all day, D02 the morning, D03 the afternoon (the admin); E01 all day (Mia). D04 stays free. Tomorrow
  // is after the range and does not count.
  await book(api, deskId('D01'), today, 'full-day');
  await book(api, deskId('D02'), today, 'morning');
  await book(api, deskId('D03'), today, 'afternoon');
  await book(api, deskId('D01'), addDays(today, 1), 'full-day');
  const mia = newPerson('Mia', 'Member');
  const miaContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const miaPage = await inviteAndJoinThroughApi(page, miaContext, mia, 'Harbour Works');
  // Mia's bookings are made for her by the admin: the site works Monday to Friday (the counts below are of working
  // days), and an admin may book a closed day, so the test passes whatever day it runs on.
  const miaId = (await apiAs(miaPage)<{ id: string }>('GET', '/api/user')).id;
  const bookForMia = (desk: string, date: string, timeSlot: string) =>
    api('POST', '/api/bookings', { organizationId, deskId: desk, bookingDate: date, timeSlot, userId: miaId });
  await bookForMia(e01.id, today, 'full-day');

  // From the sidebar's Admin block.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/organizations/${organizationId}/analytics$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Harbour Works')).toBeVisible();

  // The presets: one pressed at a time, the last 4 weeks first.
  const range = page.getByRole('group', { name: 'Range' });
  const lastFourWeeks = range.getByRole('button', { name: 'Last 4 weeks' });
  await expect(lastFourWeeks).toHaveAttribute('aria-pressed', 'true');
  await range.getByRole('button', { name: 'This week' }).click();
  await expect(range.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lastFourWeeks).toHaveAttribute('aria-pressed', 'false');
  await lastFourWeeks.click();
  await expect(lastFourWeeks).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(addDays(today, -27));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);

  // Four whole weeks hold 20 working days: the chart says so, and its table has a row for each.
  await expect(page.getByRole('img', { name: /^Utilization per day, 20 days from / })).toBeVisible();
  await page.locator('summary', { hasText: 'utilization per day' }).click();
  const table = page.getByRole('table', { name: 'Utilization per day' });
  await expect(table.getByRole('row')).toHaveCount(21);

  // With weekends, 28 days; today's figures by hand: D01 2 halves + D02 1 + D03 1 + E01 2 = 6 of 2 x 5 desks, two
  // people (Nadia and Mia).
  await page.getByRole('checkbox', { name: 'Include weekends' }).check();
  await expect(table.getByRole('row')).toHaveCount(29);
  await expect(dayRow(page, today).getByRole('cell')).toHaveText(['5', '6', '60%', '2']);
  // The desks were all made today: every day before counts no desks, so today is the peak.
  await expect(page.getByRole('img', { name: /^Utilization per day, 28 days from .*highest 60% on / })).toBeVisible();
  const peak = page.getByRole('term').filter({ hasText: 'Peak day' }).locator('xpath=..');
  await expect(peak).toContainText('60%');
  await expect(peak).toContainText(formatLongDate(today));

  // Reality: nobody has checked in yet, so there is no no-show rate.
  await expect(page.getByRole('heading', { level: 2, name: 'Reality' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'No-show rate' }).first().locator('xpath=..')).toContainText(
    '—',
  );

  // The heat map of Floor 1 (the first floor, while all floors are shown), each desk over the one day it existed.
  await expect(page.getByRole('img', { name: 'D01: 100% used' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'D02: 50% used' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'D04: 0% used' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // One floor: Floor 1 has four desks and the admin's three bookings (4 halves of 8), one person.
  await page.getByRole('search').getByLabel('Floor').selectOption({ label: 'Floor 1' });
  await expect(dayRow(page, today).getByRole('cell')).toHaveText(['4', '4', '50%', '1']);
  await expect(page).toHaveURL(new RegExp(`floorId=${floorId}`));

  // Live: Mia takes D04 for the morning; the open screen reads it again (5 halves of 8, two people).
  await bookForMia(deskId('D04'), today, 'morning');
  await expect(dayRow(page, today).getByRole('cell')).toHaveText(['4', '5', '63%', '2']);
  await expect(page.getByRole('img', { name: 'D04: 50% used' })).toBeVisible();

  // The CSV files are the same figures: a row per day, and a row per desk.
  const byDay = await downloadText(page, 'Download CSV');
  expect(byDay.name).toMatch(/\.csv$/);
  expect(byDay.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    analyticsDayCsvColumns.map(([name]) => name).join(','),
  );
  const days = csvRecords(byDay.text);
  expect(days).toHaveLength(28);
  expect(days.find((row) => row.Date === today)).toMatchObject({
    Desks: '4',
    'Booked half days': '5',
    'Utilization %': '62.5',
    People: '2',
  });
  const byDesk = await downloadText(page, 'Download desks CSV');
  expect(byDesk.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    analyticsDeskCsvColumns.map(([name]) => name).join(','),
  );
  expect(csvRecords(byDesk.text).map((row) => [row.Desk, row['Utilization %']])).toEqual([
    ['D01', '100.0'],
    ['D02', '50.0'],
    ['D03', '50.0'],
    ['D04', '50.0'],
  ]);

  // A range the server would refuse is explained under the dates, in its words.
  await page.getByLabel('From', { exact: true }).fill(addDays(today, 1));
  await expect(page.getByText('endDate must not be before startDate')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(addDays(today, -27));
  await expect(page.getByText('endDate must not be before startDate')).toBeHidden();
  // The dates typed are the last 4 weeks': the preset reads as chosen.
  await expect(lastFourWeeks).toHaveAttribute('aria-pressed', 'true');

  // Every table open, for axe and the screenshot.
  const closed = page.locator('details:not([open]) > summary');
  while ((await closed.count()) > 0) await closed.first().click();
  await expectNoSeriousAxeViolations(page);
  fs.mkdirSync(shots, { recursive: true });
  // No chart tooltip in the pictures: the pointer rests on the header.
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).hover();
  await page.screenshot({ path: `${shots}/analytics-desktop.png`, fullPage: true });

  // All floors again, tables closed: the screen as a manager first sees it.
  await page.getByRole('search').getByLabel('Floor').selectOption({ label: 'All floors' });
  const open = page.locator('details[open] > summary');
  while ((await open.count()) > 0) await open.first().click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).hover();
  await expect(dayRow(page, today)).toBeHidden();
  await page.screenshot({ path: `${shots}/analytics-desktop-overview.png`, fullPage: true });

  // A second site with a floor and a desk: a Site filter shows beside Floor (issue 28). One site reads on its own
  // dates and lists its own floors; all sites, in two zones, count each on its own dates.
  const [firstSite] = await api<Array<{ timeZone: string }>>('GET', `/api/organizations/${organizationId}/sites`);
  const secondZone = firstSite?.timeZone === 'Asia/Tokyo' ? 'Asia/Seoul' : 'Asia/Tokyo';
  const tokyo = await api<{ id: string }>('POST', `/api/organizations/${organizationId}/sites`, {
    name: 'Tokyo',
    timeZone: secondZone,
  });
  const shibuya = await api<{ id: string }>('POST', `/api/organizations/${organizationId}/floors`, {
    name: 'Shibuya',
    siteId: tokyo.id,
  });
  await api('POST', `/api/organizations/${organizationId}/desks`, {
    name: 'T01',
    positionX: 100,
    positionY: 100,
    floorId: shibuya.id,
  });
  const filters = page.getByRole('search');
  await filters.getByLabel('Site').selectOption({ label: 'Tokyo' });
  await expect(filters.getByLabel('Floor').getByRole('option')).toHaveText(['All floors', 'Shibuya']);
  await expect(page.getByText(`Tokyo · All floors · 28 days · dates in ${secondZone}`)).toBeVisible();
  await filters.getByLabel('Site').selectOption({ label: 'All sites' });
  await expect(page.getByText('All sites · All floors · 28 days · each site’s own dates')).toBeVisible();
  await expect(filters.getByLabel('Floor').getByRole('option')).toHaveText([
    'All floors',
    'Floor 1',
    'Floor 2',
    'Shibuya',
  ]);
  await page.screenshot({ path: `${shots}/analytics-desktop-sites.png` });

  // A long desk name is written in full, wrapping: beside the plan (not cut to "Window s…") and, on a phone, where the
  // plan becomes a row per desk, with nothing to scroll sideways.
  const longName = 'Window seat by the kitchen, north wing';
  await api('PUT', `/api/desks/${deskId('D03')}`, { name: longName });
  await expect(page.getByRole('img', { name: `${longName}: 50% used` })).toBeVisible();
  // Its tile is small: the plan reads it in full under it, for the desk the arrow keys are on (End: the last by name).
  await page.getByRole('group', { name: 'Desks on Floor 1 by use' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(`${longName}: 50% used`, { exact: true })).toBeVisible();
  const notCut = (name: Locator) => name.evaluate((element) => element.scrollWidth <= element.clientWidth);
  const ranked = page.getByRole('listitem').filter({ hasText: longName }).getByText(longName, { exact: true });
  await expect(ranked.first()).toBeVisible();
  expect(await notCut(ranked.first())).toBe(true);

  // On a phone everything stacks in one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('img', { name: /^Utilization per day, 28 days/ })).toBeVisible();
  const phoneRow = page
    .getByRole('list', { name: 'Desks on Floor 1 by use' })
    .getByRole('listitem')
    .filter({ hasText: longName });
  await expect(phoneRow).toHaveText(`${longName}50% used`);
  expect(await notCut(phoneRow.getByText(longName, { exact: true }))).toBe(true);
  const fitsThePhone = () =>
    page.evaluate(() => {
      const browserWindow = globalThis as any;
      return browserWindow.document.scrollingElement.scrollWidth <= browserWindow.innerWidth;
    });
  expect(await fitsThePhone()).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/analytics-phone.png`, fullPage: true });
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/analytics-phone-top.png` });

  await miaContext.close();
  await context.close();
});

test('a member has no Analytics in the sidebar and is told the screen is for administrators; an admin sees a refusal with Try again, then that there are no desks', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await createOrganizationThroughApi(page, newPerson('Omar', 'Haddad'), 'Quay Studio');
  const { organizationId } = await firstFloorOf(page);
  const lena = newPerson('Lena', 'Berg');
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await inviteAndJoinThroughApi(page, memberContext, lena, 'Quay Studio');

  const nav = member.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'My Bookings' })).toBeVisible();
  await expect(nav.getByText('Analytics')).toHaveCount(0);
  // Their empty floor says who can upload the plan; the admins' first steps (issue 27) are not theirs.
  await expect(member.getByText('Your admin has not uploaded a floor plan yet.')).toBeVisible();
  await expect(member.getByRole('region', { name: /^First steps/ })).toHaveCount(0);

  await member.goto(`/organizations/${organizationId}/analytics`);
  await expect(member.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(member.getByText('Only administrators of Quay Studio can see analytics.')).toBeVisible();
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${shots}/analytics-member.png` });
  await member.getByRole('link', { name: 'Back to the map' }).click();
  await expect(member.getByRole('heading', { name: 'Quay Studio' })).toBeVisible();

  // An organization one is not in is not found, whatever it holds.
  await member.goto('/organizations/00000000-0000-4000-8000-000000000000/analytics');
  await expect(member.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  // The admin: a refused read shows the server's sentence and Try again; the organization has no desks yet.
  const refusal = 'Dates must lie within 2 years of today, from 2024-11-23 to 2028-11-23 (startDate)';
  await page.route('**/api/organizations/*/analytics?*', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: refusal }) }),
  );
  await page.goto(`/organizations/${organizationId}/analytics`);
  await expect(page.getByRole('alert')).toContainText(refusal);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Quay Studio has no desks yet')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await memberContext.close();
  await context.close();
});

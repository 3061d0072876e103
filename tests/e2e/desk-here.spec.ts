import { type Browser, expect, type Page, test } from '@playwright/test';
import { todayIn } from '#domain/dates.ts';
import { zonePlaceName } from '#domain/sites.ts';
import { zoneWhereHourIs } from '#test-support/time-zones.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  type Person,
  phone,
  signUpThroughPage,
} from './support.ts';

// Issue 16: a desk's QR code opens /desk/{deskId} on a phone, which checks in to one's booking of the desk, takes
// the desk when it is free (Sit here), or says until when it is taken and offers the nearest free desk. The
// organization takes the browser's time zone when it is created: one where it is 10 or 11 in the morning now, so
// that the walk-in slots are the rest of the day and the morning, and a full day's check-in window (08:30 to 13:00
// with 240 minutes of grace) is open, whatever the hour of the run.
interface Office {
  organizationId: string;
  timeZone: string;
  today: string;
  /** Desk ids by name: D01 at (100, 100), D02 at (400, 100), D03 at (1400, 900). */
  desks: Record<string, string>;
}

/** An admin's organization at 10 or 11 in the morning, with three desks placed through the API. */
async function createOffice(browser: Browser, admin: Person, name: string): Promise<{ page: Page; office: Office }> {
  const timeZone = zoneWhereHourIs([10, 11]);
  const context = await browser.newContext({ viewport: laptop, timezoneId: timeZone });
  const page = await context.newPage();
  await createOrganizationThroughApi(page, admin, name);
  const call = apiAs(page);
  const [organization] = await call<Array<{ id: string }>>('GET', '/api/organizations');
  const organizationId = organization?.id ?? '';
  const [floor] = await call<Array<{ id: string }>>('GET', `/api/organizations/${organizationId}/floors`);
  const desks: Record<string, string> = {};
  for (const [deskName, x, y] of [
    ['D01', 100, 100],
    ['D02', 400, 100],
    ['D03', 1400, 900],
  ] as const) {
    const desk = await call<{ id: string }>('POST', `/api/organizations/${organizationId}/desks`, {
      name: deskName,
      positionX: x,
      positionY: y,
      floorId: floor?.id,
    });
    desks[deskName] = desk.id;
  }
  return { page, office: { organizationId, timeZone, today: todayIn(timeZone), desks } };
}

/** A phone of its own (no cookies yet), in the organization's time zone. */
async function openPhone(browser: Browser, office: Office): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone,
    timezoneId: office.timeZone,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

async function signInOnPhone(page: Page, person: Person) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a phone opens a desk’s address signed out, signs in, checks in, and moves the booking to another desk', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = newPerson('Ines', 'Duarte');
  const { page: laptopPage, office } = await createOffice(browser, admin, 'Harbour Desk Works');
  const call = apiAs(laptopPage);
  const rulesUrl = `/api/organizations/${office.organizationId}/booking-rules`;
  const rules = await call<Record<string, unknown>>('GET', rulesUrl);
  await call('PUT', rulesUrl, { ...rules, checkInRequired: true, checkInGraceMinutes: 240 });
  await call('POST', '/api/bookings', {
    organizationId: office.organizationId,
    deskId: office.desks.D01,
    bookingDate: office.today,
    timeSlot: 'full-day',
  });

  const page = await openPhone(browser, office);
  await page.goto(`/desk/${office.desks.D01}`);
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fdesk%2F/);
  await signInOnPhone(page, admin);
  await expect(page).toHaveURL(new RegExp(`/desk/${office.desks.D01}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'D01' })).toBeVisible();
  await expect(page.getByText('Harbour Desk Works · Floor 1')).toBeVisible();
  await expect(page.getByText('Your booking today: full day, 9:00 AM – 6:00 PM')).toBeVisible();
  await expect(page.getByText('Check in before 1:00 PM')).toBeVisible();
  const checkIn = page.getByRole('button', { name: 'Check in', exact: true });
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-check-in-390.png') });

  await checkIn.click();
  const status = page.getByRole('status').filter({ hasText: 'checked in' });
  await expect(status).toContainText("You're checked in at D01");
  await expect(status).toContainText(/Checked in at \d{1,2}:\d\d [AP]M/);
  await expect(checkIn).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-checked-in-390.png') });

  // The booking reads say so too.
  const [booking] = await call<Array<{ deskId: string; checkedInAt: string | null }>>(
    'GET',
    `/api/users/bookings?organizationId=${office.organizationId}`,
  );
  expect(booking?.checkedInAt).not.toBeNull();

  // Issue 27: at another desk the page is no dead end; it offers to move the day's booking there, in one step.
  await page.goto(`/desk/${office.desks.D02}`);
  await expect(page.getByText('You have D01 all day today')).toBeVisible();
  await expect(page.getByText('D02 is free. Moving frees D01 for others.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Sit here/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-move-offer-390.png') });
  await page.getByRole('button', { name: 'Move my booking here' }).click();
  const moved = page.getByRole('status').filter({ hasText: "You're at D02" });
  await expect(moved).toContainText("You're at D02 all day today");
  await expect(moved).toContainText(/Checked in at \d{1,2}:\d\d [AP]M/);
  await expect(moved).toContainText('D01 is free again for the rest of today.');
  await expect(page.getByRole('button', { name: 'Move my booking here' })).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-moved-390.png') });
  await page.setViewportSize(laptop);
  await expect(moved).toContainText('D01 is free again for the rest of today.');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-moved-1440.png') });

  // What the floor plan reads: the day's one booking is at D02 now, checked in; D01 is free.
  const map = await call<Array<{ deskId: string; checkedInAt: string | null }>>(
    'GET',
    `/api/organizations/${office.organizationId}/bookings?startDate=${office.today}&endDate=${office.today}`,
  );
  expect(map).toEqual([expect.objectContaining({ deskId: office.desks.D02, checkedInAt: expect.any(String) })]);
  await page.context().close();
  await laptopPage.context().close();
});

test('a phone takes a free desk with Sit here and is checked in at once', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const admin = newPerson('Wes', 'Walker');
  const { page: laptopPage, office } = await createOffice(browser, admin, 'Walk-in Works');
  const page = await openPhone(browser, office);
  await page.goto(`/desk/${office.desks.D02}`);
  await signInOnPhone(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'D02' })).toBeVisible();
  await expect(page.getByText('Free now. Sitting here books the desk for you and checks you in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Only this morning' })).toBeVisible();
  // At the desk, the phone's clock is the site's: nothing to say about zones.
  await expect(page.getByText(/^Times are /)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-sit-here-390.png') });

  await page.getByRole('button', { name: 'Sit here for the rest of the day' }).click();
  const status = page.getByRole('status').filter({ hasText: 'checked in' });
  await expect(status).toContainText("You're checked in at D02");
  await expect(status).toContainText(/Checked in at \d{1,2}:\d\d [AP]M, booked for the rest of the day/);
  await expect(page.getByRole('button', { name: /Sit here/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-walked-in-390.png') });

  // The same page on a laptop, for another desk: holding D02 today, Wes is offered to move there (issue 27).
  await laptopPage.goto(`/desk/${office.desks.D03}`);
  await expect(laptopPage.getByText('You have D02 all day today')).toBeVisible();
  await expect(laptopPage.getByRole('button', { name: 'Move my booking here' })).toBeVisible();
  await expectNoSeriousAxeViolations(laptopPage);
  await laptopPage.screenshot({ path: testInfo.outputPath('desk-here-move-offer-1440.png') });

  // The booking is today's full day, a walk-in, checked in.
  const bookings = await apiAs(laptopPage)<Array<{ deskId: string; bookingDate: string; isWalkIn: boolean }>>(
    'GET',
    `/api/organizations/${office.organizationId}/bookings?startDate=${office.today}&endDate=${office.today}`,
  );
  expect(bookings).toEqual([
    expect.objectContaining({
      deskId: office.desks.D02,
      timeSlot: 'full-day',
      isWalkIn: true,
      checkedInAt: expect.any(String),
    }),
  ]);
  await page.context().close();
  await laptopPage.context().close();
});

test('a desk’s page opened on a clock of another zone says its times are the site’s (issue 28)', async ({
  browser,
}, testInfo) => {
  const admin = newPerson('Zoe', 'Zhang');
  const { page: laptopPage, office } = await createOffice(browser, admin, 'Far Away Works');
  // A browser where it is 3 or 4 in the morning, when the office's clock shows 10 or 11.
  const context = await browser.newContext({ viewport: phone, timezoneId: zoneWhereHourIs([3, 4]) });
  const page = await context.newPage();
  await page.goto(`/desk/${office.desks.D01}`);
  await signInOnPhone(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'D01' })).toBeVisible();
  await expect(page.getByText(`Times are ${zonePlaceName(office.timeZone)} time, where the desk is:`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Only this morning' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-other-zone-390.png') });
  await context.close();
  await laptopPage.context().close();
});

test('a desk taken while its page is open says by whom and until when, and offers the nearest free desk', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = newPerson('Tara', 'Lindqvist');
  const { page: laptopPage, office } = await createOffice(browser, admin, 'Nearest Desk Works');
  const member = newPerson('Maya', 'Okafor');
  const memberContext = await browser.newContext({ viewport: laptop, timezoneId: office.timeZone });
  const memberPage = await inviteAndJoinThroughApi(laptopPage, memberContext, member, 'Nearest Desk Works');

  const page = await openPhone(browser, office);
  await page.goto(`/desk/${office.desks.D01}`);
  await signInOnPhone(page, admin);
  await expect(page.getByRole('button', { name: 'Sit here for the rest of the day' })).toBeVisible();

  // Maya books D01 for the day from her laptop: the phone's page follows live.
  await apiAs(memberPage)('POST', '/api/bookings', {
    organizationId: office.organizationId,
    deskId: office.desks.D01,
    bookingDate: office.today,
    timeSlot: 'full-day',
  });
  await expect(page.getByText('Taken for the rest of the day')).toBeVisible();
  await expect(page.getByText('Booked by Maya Okafor')).toBeVisible();
  const nearest = page.getByRole('region', { name: 'The nearest free desk is D02' });
  await expect(nearest).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-here-taken-390.png') });

  await nearest.getByRole('button', { name: 'Sit at D02 for the rest of the day' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'checked in' })).toContainText("You're checked in at D02");
  await page.getByRole('link', { name: 'Open the page of D02' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'D02' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'checked in' })).toContainText("You're checked in at D02");
  await page.screenshot({ path: testInfo.outputPath('desk-here-nearest-taken-390.png') });

  // Someone outside the organization learns nothing about the desk.
  const stranger = await openPhone(browser, office);
  await signUpThroughPage(stranger, newPerson('Otto', 'Outside'));
  await expect(stranger).toHaveURL(/\/setup$/);
  await stranger.goto(`/desk/${office.desks.D01}`);
  await expect(stranger.getByRole('heading', { name: 'This desk is not in any of your organizations' })).toBeVisible();
  await expect(stranger.getByText('Nearest Desk Works')).toHaveCount(0);
  await expect(stranger.getByText('D01')).toHaveCount(0);
  await expectNoSeriousAxeViolations(stranger);
  await stranger.screenshot({ path: testInfo.outputPath('desk-here-not-found-390.png') });
  await Promise.all([
    page.context().close(),
    stranger.context().close(),
    memberContext.close(),
    laptopPage.context().close(),
  ]);
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isoWeekday } from '#domain/analytics-dates.ts';
import { bookingMessages } from '#domain/bookings.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import { siteMessages } from '#domain/sites.ts';
import {
  addDesks,
  addMember,
  createOrganization,
  type Member,
  setBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { startTestAppForFile, type TestApp } from '#test-support/harness.ts';

// Issue 28: one organization with an office in Tokyo (its first site) and one in New York. At the same instant the
// two sites may have different todays (Tokyo is 13 or 14 hours ahead), and both are right: every booking is judged,
// read back and mailed on its desk's site's clock. The database's clock cannot be set, so each test reads both todays
// at the instant it runs and expects what that instant implies.

const testApp = startTestAppForFile();
const tokyoZone = 'Asia/Tokyo';
const newYorkZone = 'America/New_York';

interface TwoSites {
  organization: TestOrganization;
  tokyoSiteId: string;
  newYorkSiteId: string;
  /** Desks on the Tokyo site (the organization's first floor). */
  tokyoDesks: string[];
  /** Desks on a floor of the New York site. */
  newYorkDesks: string[];
}

/** The Tokyo organization with a New York site and floor inserted by SQL, as other tests seed floors and desks. */
async function twoSiteOrganization(
  app: TestApp,
  workingDays: { tokyo: readonly number[]; newYork: readonly number[] },
): Promise<TwoSites> {
  const organization = await createOrganization(app, {
    timeZone: tokyoZone,
    deskCount: 4,
    workingDays: workingDays.tokyo,
  });
  const [tokyo] = await app.database.sql.query<{ id: string }>(
    `UPDATE sites SET name = 'Tokyo' WHERE organization_id = $1 RETURNING id`,
    [organization.id],
  );
  const [newYork] = await app.database.sql.query<{ id: string }>(
    `INSERT INTO sites (organization_id, name, time_zone, working_days) VALUES ($1, 'New York', $2, $3::smallint[])
     RETURNING id`,
    [organization.id, newYorkZone, `{${workingDays.newYork.join(',')}}`],
  );
  if (!tokyo || !newYork) throw new Error('sites not seeded');
  const [floor] = await app.database.sql.query<{ id: string }>(
    `INSERT INTO floors (organization_id, name, site_id) VALUES ($1, 'Broadway 5', $2) RETURNING id`,
    [organization.id, newYork.id],
  );
  if (!floor) throw new Error('floor not seeded');
  const newYorkDesks = await addDesks(app, organization.id, floor.id, 4, 'NY');
  return {
    organization,
    tokyoSiteId: tokyo.id,
    newYorkSiteId: newYork.id,
    tokyoDesks: organization.desks,
    newYorkDesks,
  };
}

const everyDay = [1, 2, 3, 4, 5, 6, 7];

function book(member: Member | TestOrganization['admin'], world: TwoSites, body: Record<string, unknown>) {
  return member.client.post('/api/bookings', {
    organizationId: world.organization.id,
    timeSlot: 'full-day',
    ...body,
  });
}

/** The first date from `from` on whose ISO weekday is `weekday` (and, with `month`, in that month: 1–12). */
function nextDay(from: string, weekday: number, month?: number): string {
  let date = from;
  while (isoWeekday(date) !== weekday || (month !== undefined && Number(date.slice(5, 7)) !== month)) {
    date = addDays(date, 1);
  }
  return date;
}

describe('two sites on opposite sides of the date line, at one instant', () => {
  let world: TwoSites;
  let member: Member;
  let colleague: Member;
  beforeAll(async () => {
    world = await twoSiteOrganization(testApp, { tokyo: everyDay, newYork: everyDay });
    // Bookings open on the day itself only: "today" is exactly what is bookable, at each site.
    await setBookingRules(world.organization, { maxDaysAhead: 0, onePerPersonPerSlot: false });
    member = await addMember(testApp, world.organization.id);
    colleague = await addMember(testApp, world.organization.id);
  });

  it('books Tokyo’s today on a Tokyo desk, and judges the same date on a New York desk by New York’s today', async () => {
    const now = new Date();
    const tokyoToday = todayIn(tokyoZone, now);
    const newYorkToday = todayIn(newYorkZone, now);
    // Run a moment before either midnight, the two reads could straddle it: not worth a flaky test.
    if (todayIn(tokyoZone) !== tokyoToday || todayIn(newYorkZone) !== newYorkToday) return;

    const inTokyo = await book(member, world, { deskId: world.tokyoDesks[0], bookingDate: tokyoToday });
    expect(inTokyo.status, inTokyo.text).toBe(201);
    expect(inTokyo.body.siteId).toBe(world.tokyoSiteId);

    const sameDateInNewYork = await book(colleague, world, { deskId: world.newYorkDesks[0], bookingDate: tokyoToday });
    if (tokyoToday === newYorkToday) {
      expect(sameDateInNewYork.status, sameDateInNewYork.text).toBe(201);
    } else {
      // Tokyo's today is New York's tomorrow: beyond a window of today only.
      expect(addDays(newYorkToday, 1)).toBe(tokyoToday);
      expect(sameDateInNewYork.status).toBe(422);
      expect(sameDateInNewYork.body).toMatchObject({
        code: 'booking_rule',
        details: { rule: 'advance-window', bookingDate: tokyoToday },
        message: 'Bookings open on the day itself: only today can be booked',
      });
    }

    const newYorksTodayInTokyo = await book(member, world, { deskId: world.tokyoDesks[1], bookingDate: newYorkToday });
    if (tokyoToday === newYorkToday) {
      expect(newYorksTodayInTokyo.status, newYorksTodayInTokyo.text).toBe(201);
    } else {
      // New York's today is Tokyo's yesterday: past there.
      expect(newYorksTodayInTokyo.status).toBe(400);
      expect(newYorksTodayInTokyo.body.message).toBe(`${bookingMessages.pastDate} (bookingDate)`);
    }
    const inNewYork = await book(colleague, world, { deskId: world.newYorkDesks[1], bookingDate: newYorkToday });
    expect(inNewYork.status, inNewYork.text).toBe(201);
    expect(inNewYork.body.siteId).toBe(world.newYorkSiteId);
  });

  it('reads bookings back with their site, hours and instants at each site’s offset, daylight saving included', async () => {
    const today = todayIn(tokyoZone);
    const winterMonday = nextDay(addDays(today, 2), 1, 1);
    const summerMonday = nextDay(addDays(today, 2), 1, 7);
    // New York keeps its own hours: the instants follow them.
    await testApp.database.sql.query(
      `UPDATE sites SET day_start = '08:30', midday = '12:30', day_end = '17:00' WHERE id = $1`,
      [world.newYorkSiteId],
    );
    await setBookingRules(world.organization, { maxDaysAhead: 730, onePerPersonPerSlot: false });
    const admin = world.organization.admin;
    const made = [
      await book(admin, world, { deskId: world.tokyoDesks[2], bookingDate: winterMonday, timeSlot: 'morning' }),
      await book(admin, world, { deskId: world.newYorkDesks[2], bookingDate: winterMonday, timeSlot: 'afternoon' }),
      await book(admin, world, { deskId: world.newYorkDesks[3], bookingDate: summerMonday, timeSlot: 'full-day' }),
    ];
    for (const response of made) expect(response.status, response.text).toBe(201);
    expect(made.map((response) => response.body)).toMatchObject([
      {
        siteId: world.tokyoSiteId,
        timeZone: tokyoZone,
        startTime: '09:00',
        endTime: '13:00',
        startsAt: `${winterMonday}T09:00:00+09:00`,
        endsAt: `${winterMonday}T13:00:00+09:00`,
      },
      {
        siteId: world.newYorkSiteId,
        timeZone: newYorkZone,
        startTime: '12:30',
        endTime: '17:00',
        startsAt: `${winterMonday}T12:30:00-05:00`,
        endsAt: `${winterMonday}T17:00:00-05:00`,
      },
      {
        siteId: world.newYorkSiteId,
        startTime: '08:30',
        endTime: '17:00',
        startsAt: `${summerMonday}T08:30:00-04:00`,
        endsAt: `${summerMonday}T17:00:00-04:00`,
      },
    ]);
    // The day read says the same.
    const read = await admin.client.get(
      `/api/organizations/${world.organization.id}/bookings?startDate=${winterMonday}&endDate=${winterMonday}`,
    );
    expect(read.status).toBe(200);
    const byDesk = new Map(
      (read.body as Array<{ deskId: string; startsAt: string }>).map((booking) => [booking.deskId, booking]),
    );
    expect(byDesk.get(world.tokyoDesks[2] as string)?.startsAt).toBe(`${winterMonday}T09:00:00+09:00`);
    expect(byDesk.get(world.newYorkDesks[2] as string)?.startsAt).toBe(`${winterMonday}T12:30:00-05:00`);
    // New York's hours change back: the same read (no booking changed since) follows the site at once.
    await testApp.database.sql.query(
      `UPDATE sites SET day_start = '09:00', midday = '13:00', day_end = '18:00' WHERE id = $1`,
      [world.newYorkSiteId],
    );
    const again = await admin.client.get(
      `/api/organizations/${world.organization.id}/bookings?startDate=${winterMonday}&endDate=${winterMonday}`,
    );
    const newYorkAgain = (again.body as Array<{ deskId: string; startsAt: string; startTime: string }>).find(
      (booking) => booking.deskId === world.newYorkDesks[2],
    );
    expect(newYorkAgain).toMatchObject({ startTime: '13:00', startsAt: `${winterMonday}T13:00:00-05:00` });
  });
});

describe('working days, per site', () => {
  let world: TwoSites;
  let member: Member;
  const mailsTo = (email: string) => testApp.mails.filter((mail) => mail.to === email);
  beforeAll(async () => {
    // Tokyo works Monday to Friday; New York Monday to Saturday.
    world = await twoSiteOrganization(testApp, { tokyo: [1, 2, 3, 4, 5], newYork: [1, 2, 3, 4, 5, 6] });
    await setBookingRules(world.organization, { maxDaysAhead: 60, onePerPersonPerSlot: false });
    member = await addMember(testApp, world.organization.id);
  });

  it('refuses a member a Saturday at Tokyo with the sentence, books it at New York, and lets an admin book it', async () => {
    const saturday = nextDay(addDays(todayIn(tokyoZone), 2), 6);
    const refused = await book(member, world, { deskId: world.tokyoDesks[0], bookingDate: saturday });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: siteMessages.nonWorkingDay(saturday, 'Tokyo'),
      code: 'booking_rule',
      details: { rule: 'working-days', bookingDate: saturday },
    });
    const inNewYork = await book(member, world, { deskId: world.newYorkDesks[0], bookingDate: saturday });
    expect(inNewYork.status, inNewYork.text).toBe(201);
    const byAdmin = await book(world.organization.admin, world, { deskId: world.tokyoDesks[0], bookingDate: saturday });
    expect(byAdmin.status, byAdmin.text).toBe(201);
    // An admin booking for the member is an admin's booking: a Saturday event.
    const onBehalf = await book(world.organization.admin, world, {
      deskId: world.tokyoDesks[1],
      bookingDate: saturday,
      userId: member.user.id,
    });
    expect(onBehalf.status, onBehalf.text).toBe(201);
  });

  it('answers 404 for another organization’s desk whatever its site’s working days, and 400 for a malformed one', async () => {
    const other = await twoSiteOrganization(testApp, { tokyo: [1, 2, 3, 4, 5], newYork: [1, 2, 3, 4, 5] });
    const saturday = nextDay(addDays(todayIn(tokyoZone), 2), 6);
    const strangers = await book(member, world, { deskId: other.tokyoDesks[0], bookingDate: saturday });
    expect(strangers.status).toBe(404);
    const series = await member.client.post('/api/bookings/bulk', {
      organizationId: world.organization.id,
      bookings: [{ deskId: other.newYorkDesks[0], bookingDate: saturday, timeSlot: 'morning' }],
    });
    expect(series.status).toBe(404);
    const weekly = await member.client.post('/api/desks/weekly-availability', {
      organizationId: world.organization.id,
      deskId: other.newYorkDesks[0],
      startDate: nextDay(saturday, 1),
      timeSlot: 'morning',
    });
    expect(weekly.status).toBe(404);
    const malformed = await book(member, world, { deskId: world.tokyoDesks[0], bookingDate: '2026-02-30' });
    expect(malformed.status).toBe(400);
  });

  it('offers the weekly series on each site’s working days, and refuses a member’s series with a closed day', async () => {
    const monday = nextDay(addDays(todayIn(tokyoZone), 2), 1);
    const weekly = (deskId: string | undefined) =>
      member.client.post('/api/desks/weekly-availability', {
        organizationId: world.organization.id,
        deskId,
        startDate: monday,
        timeSlot: 'morning',
      });
    const tokyoWeek = await weekly(world.tokyoDesks[2]);
    expect(tokyoWeek.status, tokyoWeek.text).toBe(200);
    expect(tokyoWeek.body.dates).toEqual([0, 1, 2, 3, 4].map((days) => addDays(monday, days)));
    const newYorkWeek = await weekly(world.newYorkDesks[2]);
    expect(newYorkWeek.body.dates).toEqual([0, 1, 2, 3, 4, 5].map((days) => addDays(monday, days)));

    const series = (deskId: string | undefined, dates: string[]) =>
      member.client.post('/api/bookings/bulk', {
        organizationId: world.organization.id,
        bookings: dates.map((bookingDate) => ({ deskId, bookingDate, timeSlot: 'morning' })),
      });
    const withSaturday = await series(world.tokyoDesks[2], [...tokyoWeek.body.dates, addDays(monday, 5)]);
    expect(withSaturday.status).toBe(422);
    expect(withSaturday.body).toMatchObject({
      message: siteMessages.nonWorkingDay(addDays(monday, 5), 'Tokyo'),
      details: { rule: 'working-days', bookingDate: addDays(monday, 5) },
    });
    const madeInTokyo = await series(world.tokyoDesks[2], tokyoWeek.body.dates);
    expect(madeInTokyo.status, madeInTokyo.text).toBe(201);
    expect(madeInTokyo.body.bookings).toHaveLength(5);
    const madeInNewYork = await series(world.newYorkDesks[2], newYorkWeek.body.dates);
    expect(madeInNewYork.status, madeInNewYork.text).toBe(201);
    expect(madeInNewYork.body.bookings.map((booking: { startsAt: string }) => booking.startsAt.slice(19))).toEqual(
      Array(6).fill(madeInNewYork.body.bookings[0].startsAt.slice(19)),
    );
  });

  it('mails the site’s times and the recipient’s own where their home site’s clock differs', async () => {
    const januaryMonday = nextDay(addDays(todayIn(tokyoZone), 2), 1, 1);
    await setBookingRules(world.organization, { maxDaysAhead: 730, onePerPersonPerSlot: false });
    const traveller = await addMember(testApp, world.organization.id);
    await testApp.database.sql.query(
      'UPDATE memberships SET home_site_id = $3 WHERE organization_id = $1 AND user_id = $2',
      [world.organization.id, traveller.user.id, world.newYorkSiteId],
    );
    const response = await book(traveller, world, {
      deskId: world.tokyoDesks[3],
      bookingDate: januaryMonday,
      timeSlot: 'morning',
    });
    expect(response.status, response.text).toBe(201);
    await vi.waitFor(() => expect(mailsTo(traveller.email)).toHaveLength(1));
    const [mail] = mailsTo(traveller.email);
    // 09:00 in Tokyo is 19:00 the evening before in New York (EST).
    expect(mail?.text).toContain('morning (09:00–13:00 Tokyo time, 19:00–23:00 your time)');
    const ics = String(mail?.attachments?.[0]?.content);
    expect(ics).toContain(`\r\nDTSTART;TZID=Asia/Tokyo:${januaryMonday.replaceAll('-', '')}T090000\r\n`);
    expect(ics).toContain('\r\nTZID:Asia/Tokyo\r\n');

    // Someone whose home is the first site (Tokyo) reads Tokyo's times alone.
    const before = mailsTo(member.email).length;
    const local = await book(member, world, {
      deskId: world.tokyoDesks[3],
      bookingDate: januaryMonday,
      timeSlot: 'afternoon',
    });
    expect(local.status, local.text).toBe(201);
    await vi.waitFor(() => expect(mailsTo(member.email)).toHaveLength(before + 1));
    const last = mailsTo(member.email).at(-1);
    expect(last?.text).toContain('afternoon (13:00–18:00)');
    expect(last?.text).toContain('Times are Asia/Tokyo time.');
  });
});

describe('the calendar feed and Team Bookings of two sites', () => {
  let world: TwoSites;
  let member: Member;
  beforeAll(async () => {
    world = await twoSiteOrganization(testApp, { tokyo: everyDay, newYork: everyDay });
    await setBookingRules(world.organization, { maxDaysAhead: 730, onePerPersonPerSlot: false });
    member = await addMember(testApp, world.organization.id);
  });

  it('writes each event on its site’s clock, one VTIMEZONE per zone, and each CSV row in its site’s zone', async () => {
    const monday = nextDay(addDays(todayIn(tokyoZone), 3), 1, 1);
    const inTokyo = await book(member, world, {
      deskId: world.tokyoDesks[0],
      bookingDate: monday,
      timeSlot: 'morning',
    });
    const inNewYork = await book(member, world, {
      deskId: world.newYorkDesks[0],
      bookingDate: monday,
      timeSlot: 'afternoon',
    });
    expect([inTokyo.status, inNewYork.status]).toEqual([201, 201]);

    const created = await member.client.post('/api/user/calendar-feed');
    expect(created.status, created.text).toBe(201);
    const feed = await testApp.app.inject({ method: 'GET', url: new URL(created.body.url).pathname });
    expect(feed.statusCode).toBe(200);
    const lines = feed.body.split('\r\n');
    const day = monday.replaceAll('-', '');
    expect(lines).toContain(`DTSTART;TZID=Asia/Tokyo:${day}T090000`);
    expect(lines).toContain(`DTSTART;TZID=America/New_York:${day}T130000`);
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(2);

    const csv = await world.organization.admin.client.get(`/api/organizations/${world.organization.id}/bookings.csv`);
    expect(csv.status, csv.text).toBe(200);
    const rows = csv.text.split('\r\n').filter((line) => line.includes(monday));
    expect(rows.find((line) => line.startsWith(inTokyo.body.id))?.endsWith(',Asia/Tokyo')).toBe(true);
    expect(rows.find((line) => line.startsWith(inNewYork.body.id))?.endsWith(',America/New_York')).toBe(true);
  });
});

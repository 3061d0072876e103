import { beforeAll, describe, expect, it } from 'vitest';
import { type Analytics, analyticsSchema } from '#domain/analytics.ts';
import { isoWeekday } from '#domain/analytics-dates.ts';
import { addDays } from '#domain/dates.ts';
import { addDesks, addFloor, addMember, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { csvRecords, insertTeamBooking, type TeamBookingSeed } from '#test-support/team-bookings.ts';

const testApp = startTestAppForFile();

// One office, seen over a past working week (Monday to Friday, and the weekend after it):
//   Floor 1: D01, D02, D03 and X01, which was deleted on the Wednesday; Garden Room: G01, G02.
//   D01  Mon full day (Bob, 3 days ahead) · Tue morning (Zoë, on the day) · Tue afternoon (Bob, the day before)
//        · Sat full day (Zoë, 4 days ahead)
//   D02  Mon morning, checked in (Élodie, 8 days ahead) · Wed full day released as a no-show (Zoë, 5 days ahead)
//        · Thu full day cancelled (Bob, 2 days ahead)
//   D03  permanent for Ada since three weeks before the Monday
//   G01  Wed full day, a walk-in (Bob, checked in on the spot)
//   G02  permanent for Élodie from the Tuesday, cancelled on the Thursday morning: held Tuesday and Wednesday
//   X01  Mon full day (Zoë, the day before), then the desk was deleted on Wednesday afternoon
let organization: TestOrganization;
let monday: string;
const day = (offset: number) => addDays(monday, offset);
const at = (date: string, time = '10:00:00') => `${date}T${time}Z`;
const desks: Record<string, string> = {};
let garden: string;

const url = (query: Record<string, string>, kind = 'analytics', organizationId = organization.id) =>
  `/api/organizations/${organizationId}/${kind}?${new URLSearchParams(query)}`;
const week = () => ({ startDate: day(0), endDate: day(6) });

async function read(query: Record<string, string>): Promise<Analytics> {
  const response = await organization.admin.client.get(url(query));
  expect(response.status, response.text).toBe(200);
  return analyticsSchema.parse(response.body);
}

beforeAll(async () => {
  organization = await createOrganization(testApp, { deskCount: 3, workingDays: [1, 2, 3, 4, 5] });
  const today = organization.day(0);
  monday = addDays(today, -14 - (isoWeekday(today) - 1));
  const [d01, d02, d03] = organization.desks as [string, string, string];
  garden = await addFloor(testApp, organization.id, 'Garden Room');
  const [g01, g02] = (await addDesks(testApp, organization.id, garden, 2, 'G')) as [string, string];
  const [x01] = (await addDesks(testApp, organization.id, organization.floorId, 1, 'X')) as [string];
  Object.assign(desks, { d01, d02, d03, g01, g02, x01 });
  // Every desk was put on the plan two months before the week.
  await testApp.database.sql.query('UPDATE desks SET created_at = $2 WHERE organization_id = $1', [
    organization.id,
    at(addDays(monday, -60)),
  ]);
  const [bob, elodie, zoe] = await Promise.all([
    addMember(testApp, organization.id, 'member', { firstName: 'Bob', lastName: 'Brown' }),
    addMember(testApp, organization.id, 'member', { firstName: 'Élodie', lastName: 'Dupont' }),
    addMember(testApp, organization.id, 'member', { firstName: 'Zoë', lastName: 'Quinn' }),
  ]);
  const ada = organization.admin.user.id;
  const made = (date: string, daysAhead: number) => at(addDays(date, -daysAhead), '08:00:00');
  const seeds: Omit<TeamBookingSeed, 'organizationId'>[] = [
    { deskId: d01, userId: bob.user.id, date: day(0), createdAt: made(day(0), 3) },
    { deskId: d01, userId: zoe.user.id, date: day(1), timeSlot: 'morning', createdAt: made(day(1), 0) },
    { deskId: d01, userId: bob.user.id, date: day(1), timeSlot: 'afternoon', createdAt: made(day(1), 1) },
    { deskId: d01, userId: zoe.user.id, date: day(5), createdAt: made(day(5), 4) },
    {
      deskId: d02,
      userId: elodie.user.id,
      date: day(0),
      timeSlot: 'morning',
      createdAt: made(day(0), 8),
      checkedInAt: at(day(0), '08:50:00'),
    },
    { deskId: d02, userId: zoe.user.id, date: day(2), createdAt: made(day(2), 5), releasedAt: at(day(2), '09:31:00') },
    { deskId: d02, userId: bob.user.id, date: day(3), createdAt: made(day(3), 2), status: 'cancelled' },
    { deskId: d03, userId: ada, date: day(-21), isPermanent: true, createdAt: made(day(-21), 1) },
    {
      deskId: g01,
      userId: bob.user.id,
      date: day(2),
      createdAt: at(day(2), '11:00:00'),
      checkedInAt: at(day(2), '11:00:00'),
      isWalkIn: true,
    },
    {
      deskId: g02,
      userId: elodie.user.id,
      date: day(1),
      isPermanent: true,
      createdAt: made(day(1), 2),
      status: 'cancelled',
      cancelledAt: at(day(3), '10:00:00'),
    },
    { deskId: x01, userId: zoe.user.id, date: day(0), createdAt: made(day(0), 1) },
  ];
  for (const seed of seeds) await insertTeamBooking(testApp, { organizationId: organization.id, ...seed });
  // X01 is deleted the way an admin deletes it; the deletion is then dated to the Wednesday afternoon.
  const deleted = await organization.admin.client.request('DELETE', `/api/desks/${x01}`);
  expect(deleted.status, deleted.text).toBeLessThan(300);
  await testApp.database.sql.query('UPDATE retired_desks SET retired_at = $2 WHERE id = $1', [
    x01,
    at(day(2), '15:00:00'),
  ]);
});

describe('GET /api/organizations/{id}/analytics', () => {
  it('counts each working day by hand: half days, full days, permanent, released, cancelled and a deleted desk', async () => {
    const analytics = await read(week());
    expect(analytics.days.map((row) => row.date)).toEqual([day(0), day(1), day(2), day(3), day(4)]);
    expect(analytics.days.map(({ date, utilization, releasedDays, releasedTaken, ...figures }) => figures)).toEqual([
      // Mon: D01 2 + D02 1 + D03 2 + X01 2 of 6 desks
      { desks: 6, bookedSlots: 7, people: 4, checkedIn: 1, noShows: 0, walkIns: 0, cancellations: 0 },
      // Tue: D01 1 + 1, D03 2, G02 2
      { desks: 6, bookedSlots: 6, people: 4, checkedIn: 0, noShows: 0, walkIns: 0, cancellations: 0 },
      // Wed: D02 released (not booked), D03 2, G01 2 (walk-in), G02 2; X01 deleted that afternoon still counts
      { desks: 6, bookedSlots: 6, people: 3, checkedIn: 1, noShows: 1, walkIns: 1, cancellations: 0 },
      // Thu: G02's permanent booking was cancelled that morning; D02 cancelled; X01 gone
      { desks: 5, bookedSlots: 2, people: 1, checkedIn: 0, noShows: 0, walkIns: 0, cancellations: 1 },
      { desks: 5, bookedSlots: 2, people: 1, checkedIn: 0, noShows: 0, walkIns: 0, cancellations: 0 },
    ]);
    expect(analytics.days.map((row) => row.utilization)).toEqual([7 / 12, 6 / 12, 6 / 12, 2 / 10, 2 / 10]);
    expect(analytics.summary).toEqual({
      utilization: 23 / 56,
      peakDay: { date: day(0), utilization: 7 / 12 },
      people: 13 / 5,
      bookedSlots: 23,
      checkedIn: 2,
      noShows: 1,
      walkIns: 1,
      cancellations: 1,
      releasedDays: 0,
      releasedTaken: 0,
      noShowRate: 1 / 3,
      medianLeadDays: 1.5,
    });
    expect(analytics).toMatchObject({
      startDate: day(0),
      endDate: day(6),
      floorId: null,
      includeWeekends: false,
      timeZone: 'Europe/London',
      checkInRequired: false,
    });
  });

  it('gives each desk and floor its share of the days it existed, deleted ones marked', async () => {
    const analytics = await read(week());
    expect(
      analytics.desks.map(({ name, floorName, bookedSlots, days, utilization, isDeleted }) => ({
        name,
        floorName,
        bookedSlots,
        days,
        utilization,
        isDeleted,
      })),
    ).toEqual([
      { name: 'D01', floorName: 'Floor 1', bookedSlots: 4, days: 5, utilization: 0.4, isDeleted: false },
      { name: 'D02', floorName: 'Floor 1', bookedSlots: 1, days: 5, utilization: 0.1, isDeleted: false },
      { name: 'D03', floorName: 'Floor 1', bookedSlots: 10, days: 5, utilization: 1, isDeleted: false },
      { name: 'X01', floorName: 'Floor 1', bookedSlots: 2, days: 3, utilization: 2 / 6, isDeleted: true },
      { name: 'G01', floorName: 'Garden Room', bookedSlots: 2, days: 5, utilization: 0.2, isDeleted: false },
      { name: 'G02', floorName: 'Garden Room', bookedSlots: 4, days: 5, utilization: 0.4, isDeleted: false },
    ]);
    expect(analytics.floors).toEqual([
      {
        floorId: organization.floorId,
        name: 'Floor 1',
        desks: 3,
        bookedSlots: 17,
        utilization: 17 / 36,
        isDeleted: false,
      },
      { floorId: garden, name: 'Garden Room', desks: 2, bookedSlots: 6, utilization: 0.3, isDeleted: false },
    ]);
    expect(analytics.weekdays.map((row) => [row.name, row.days, row.utilization, row.people])).toEqual([
      ['Monday', 1, 7 / 12, 4],
      ['Tuesday', 1, 0.5, 4],
      ['Wednesday', 1, 0.5, 3],
      ['Thursday', 1, 0.2, 1],
      ['Friday', 1, 0.2, 1],
    ]);
    expect(analytics.leadTimes.map((row) => [row.bucket, row.bookings])).toEqual([
      ['same-day', 2],
      ['day-before', 2],
      ['this-week', 3],
      ['weeks', 1],
      ['months', 0],
    ]);
  });

  it('narrows everything to one floor', async () => {
    const analytics = await read({ ...week(), floorId: garden });
    expect(analytics.days.map((row) => [row.desks, row.bookedSlots, row.utilization, row.people])).toEqual([
      [2, 0, 0, 0],
      [2, 2, 0.5, 1],
      [2, 4, 1, 2],
      [2, 0, 0, 0],
      [2, 0, 0, 0],
    ]);
    expect(analytics.desks.map((row) => row.name)).toEqual(['G01', 'G02']);
    expect(analytics.floors.map((row) => row.name)).toEqual(['Garden Room']);
    expect(analytics.summary.noShows).toBe(0);
  });

  it('leaves Saturdays and Sundays out unless asked to count them', async () => {
    const analytics = await read({ ...week(), includeWeekends: 'true' });
    expect(analytics.days.slice(5).map((row) => [row.date, row.desks, row.bookedSlots, row.people])).toEqual([
      [day(5), 5, 4, 2],
      [day(6), 5, 2, 1],
    ]);
    expect(analytics.weekdays.map((row) => row.name)).toContain('Sunday');
  });

  it('answers the same figures as CSV, a row per day or per desk, with a header row', async () => {
    const analytics = await read(week());
    const response = await organization.admin.client.get(url(week(), 'analytics.csv'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+-analytics-.+\.csv"$/);
    const rows = csvRecords(response.text);
    expect(rows.map((row) => row.Date)).toEqual(analytics.days.map((row) => row.date));
    for (const [index, row] of rows.entries()) {
      const dayFigures = analytics.days[index];
      expect(Number(row.Desks)).toBe(dayFigures?.desks);
      expect(Number(row['Booked half days'])).toBe(dayFigures?.bookedSlots);
      expect(Number(row['Utilization %'])).toBeCloseTo((dayFigures?.utilization ?? 0) * 100, 1);
      expect([row.People, row['Checked in'], row['No-shows'], row['Walk-ins'], row.Cancellations].map(Number)).toEqual([
        dayFigures?.people,
        dayFigures?.checkedIn,
        dayFigures?.noShows,
        dayFigures?.walkIns,
        dayFigures?.cancellations,
      ]);
    }
    const byDesk = csvRecords(
      (await organization.admin.client.get(url({ ...week(), by: 'desk' }, 'analytics.csv'))).text,
    );
    expect(byDesk.map((row) => [row['Desk ID'], row.Desk, Number(row['Booked half days']), row.Deleted])).toEqual(
      analytics.desks.map((desk) => [desk.deskId, desk.name, desk.bookedSlots, desk.isDeleted ? 'yes' : 'no']),
    );
  });

  it('follows a booking made after a first read (the cached answer is not served again)', async () => {
    const before = await read({ ...week(), floorId: garden });
    await insertTeamBooking(testApp, {
      organizationId: organization.id,
      deskId: desks.g01 ?? '',
      userId: organization.admin.user.id,
      date: day(4),
      timeSlot: 'afternoon',
    });
    const after = await read({ ...week(), floorId: garden });
    expect(after.days[4]?.bookedSlots).toBe((before.days[4]?.bookedSlots ?? 0) + 1);
    // A desk added to the floor counts at once as well.
    const today = { startDate: organization.day(0), endDate: organization.day(0), includeWeekends: 'true' };
    expect((await read({ ...today, floorId: garden })).days[0]?.desks).toBe(2);
    await addDesks(testApp, organization.id, garden, 1, 'H');
    expect((await read({ ...today, floorId: garden })).days[0]?.desks).toBe(3);
  });

  it('keeps a deleted floor’s past bookings under its old name, and not its future ones', async () => {
    const annexId = await addFloor(testApp, organization.id, 'Annex');
    const [a01] = (await addDesks(testApp, organization.id, annexId, 1, 'A')) as [string];
    await testApp.database.sql.query('UPDATE desks SET created_at = $2 WHERE id = $1', [a01, at(addDays(monday, -60))]);
    const seed = { organizationId: organization.id, deskId: a01, userId: organization.admin.user.id };
    await insertTeamBooking(testApp, { ...seed, date: day(3), timeSlot: 'morning' });
    const future = await insertTeamBooking(testApp, { ...seed, date: organization.day(30) });
    const deleted = await organization.admin.client.request('DELETE', `/api/floors/${annexId}`);
    expect(deleted.status, deleted.text).toBeLessThan(300);
    const analytics = await read(week());
    expect(analytics.floors.find((floor) => floor.floorId === annexId)).toEqual({
      floorId: annexId,
      name: 'Annex',
      desks: 0,
      bookedSlots: 1,
      utilization: 1 / 10,
      isDeleted: true,
    });
    expect(analytics.desks.find((desk) => desk.deskId === a01)).toMatchObject({ floorName: 'Annex', isDeleted: true });
    const kept = await testApp.database.sql.query('SELECT id FROM retired_bookings WHERE id = $1', [future]);
    expect(kept).toEqual([]);
  });

  it('counts a closed week once, and again after a booking of that week changes, but not for today’s bookings', async () => {
    const history = async () =>
      (
        await testApp.database.sql.query<{ revision: string }>(
          'SELECT analytics_history_revision::text AS revision FROM organizations WHERE id = $1',
          [organization.id],
        )
      )[0]?.revision;
    const range = { startDate: day(-7), endDate: day(-1), floorId: organization.floorId };
    const first = await read(range);
    const before = await history();
    // A booking of today or later leaves the history alone (and the kept week with it).
    await insertTeamBooking(testApp, {
      organizationId: organization.id,
      deskId: desks.d01 ?? '',
      userId: organization.admin.user.id,
      date: organization.day(1),
    });
    expect(await history()).toBe(before);
    expect((await read(range)).days).toEqual(first.days);
    // A booking dated in the kept week raises it: the week is counted again.
    const past = await insertTeamBooking(testApp, {
      organizationId: organization.id,
      deskId: desks.d01 ?? '',
      userId: organization.admin.user.id,
      date: day(-3),
      timeSlot: 'morning',
    });
    expect(await history()).not.toBe(before);
    const after = await read(range);
    expect(after.days.find((row) => row.date === day(-3))?.bookedSlots).toBe(
      (first.days.find((row) => row.date === day(-3))?.bookedSlots ?? 0) + 1,
    );
    // So does its deletion (an account deleted with its bookings, say).
    await testApp.database.sql.query('DELETE FROM bookings WHERE id = $1', [past]);
    expect((await read(range)).days).toEqual(first.days);
  });

  it('counts a desk out of service only on the days it was, as recorded when its flag changed', async () => {
    const office = await createOrganization(testApp, { deskCount: 2 });
    const [inService, repaired] = office.desks as [string, string];
    const today = office.day(0);
    await testApp.database.sql.query('UPDATE desks SET created_at = $2 WHERE organization_id = $1', [
      office.id,
      at(addDays(today, -60)),
    ]);
    const admin = office.admin.client;
    const setBookable = async (bookable: boolean) => {
      const body = bookable ? { bookable } : { bookable, unavailableReason: 'Chair broken' };
      expect((await admin.request('PUT', `/api/desks/${repaired}`, body)).status).toBe(200);
    };
    const periods = async () =>
      testApp.database.sql.query<{ from: string; until: string | null }>(
        `SELECT to_char(starts_on, 'YYYY-MM-DD') AS "from", to_char(ends_on, 'YYYY-MM-DD') AS until
         FROM desk_service_periods WHERE desk_id = $1 ORDER BY starts_on`,
        [repaired],
      );
    // Out of service and back on one day leaves no period: a day is judged by its end.
    await setBookable(false);
    expect(await periods()).toEqual([{ from: today, until: null }]);
    await setBookable(true);
    expect(await periods()).toEqual([]);
    // Out of service from a week ago (the period moved back, as if set then) and back in service today.
    await setBookable(false);
    await testApp.database.sql.query('UPDATE desk_service_periods SET starts_on = $2 WHERE desk_id = $1', [
      repaired,
      addDays(today, -7),
    ]);
    await setBookable(true);
    expect(await periods()).toEqual([{ from: addDays(today, -7), until: today }]);
    // It still held a booking on one of those days, which counts it there.
    await insertTeamBooking(testApp, {
      organizationId: office.id,
      deskId: repaired,
      userId: office.admin.user.id,
      date: addDays(today, -5),
    });

    const response = await admin.get(
      url(
        { startDate: addDays(today, -10), endDate: addDays(today, -1), includeWeekends: 'true' },
        'analytics',
        office.id,
      ),
    );
    expect(response.status, response.text).toBe(200);
    const analytics = analyticsSchema.parse(response.body);
    expect(analytics.days.map((row) => row.desks)).toEqual([2, 2, 2, 1, 1, 2, 1, 1, 1, 1]);
    expect(analytics.desks.map((row) => [row.deskId, row.days, row.bookedSlots])).toEqual(
      expect.arrayContaining([
        [inService, 10, 0],
        [repaired, 4, 2],
      ]),
    );
    // Deleted, the desk keeps its history.
    expect((await admin.request('DELETE', `/api/desks/${repaired}`)).status).toBe(200);
    const again = await admin.get(
      url(
        { startDate: addDays(today, -10), endDate: addDays(today, -1), includeWeekends: 'true' },
        'analytics',
        office.id,
      ),
    );
    expect(analyticsSchema.parse(again.body).days.map((row) => row.desks)).toEqual([2, 2, 2, 1, 1, 2, 1, 1, 1, 1]);
  });

  it('is for admins: a member is refused with 403, anyone else with 404, signed out with 401', async () => {
    const member = await addMember(testApp, organization.id, 'member');
    expect((await member.client.get(url(week()))).status).toBe(403);
    expect((await member.client.get(url(week(), 'analytics.csv'))).status).toBe(403);
    const outsider = await createOrganization(testApp);
    expect((await outsider.admin.client.get(url(week()))).status).toBe(404);
    expect((await outsider.admin.client.get(url(week(), 'analytics.csv'))).status).toBe(404);
    expect((await outsider.admin.client.get(url(week(), 'analytics', 'not-an-id'))).status).toBe(404);
    expect((await testApp.client().get(url(week()))).status).toBe(401);
  });

  it('refuses ranges over 366 days, reversed ranges, dates outside the horizon and bad input with a sentence', async () => {
    const today = organization.day(0);
    const cases: [Record<string, string>, RegExp][] = [
      [{ startDate: today, endDate: addDays(today, 366) }, /at most 366 days/],
      [{ startDate: today, endDate: addDays(today, -1) }, /must not be before/],
      [{ startDate: addDays(today, -1000), endDate: addDays(today, -900) }, /within 2 years of today/],
      [{ startDate: '2026-02-30', endDate: today }, /startDate must be a date/],
      [{ endDate: today }, /startDate must be a date/],
      [{ ...week(), floorId: 'nope' }, /floorId must be a floor id/],
      [{ ...week(), floorId: '00000000-0000-4000-8000-000000000000' }, /not a floor of this organization/],
      [{ ...week(), includeWeekends: 'yes' }, /includeWeekends must be true or false/],
      [{ ...week(), extra: '1' }, /./],
    ];
    for (const [query, message] of cases) {
      const response = await organization.admin.client.get(url(query));
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.text).toMatch(message);
    }
    const csv = await organization.admin.client.get(url({ ...week(), by: 'floor' }, 'analytics.csv'));
    expect(csv.status).toBe(400);
    expect(csv.text).toMatch(/by must be day or desk/);
    // 366 days exactly is allowed.
    expect((await organization.admin.client.get(url({ startDate: addDays(today, -365), endDate: today }))).status).toBe(
      200,
    );
  });
});

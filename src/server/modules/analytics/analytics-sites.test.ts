import { beforeAll, describe, expect, it } from 'vitest';
import { type Analytics, analyticsSchema } from '#domain/analytics.ts';
import { isoWeekday } from '#domain/analytics-dates.ts';
import { addDays } from '#domain/dates.ts';
import { addDesks, addMember, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { insertTeamBooking } from '#test-support/team-bookings.ts';

const testApp = startTestAppForFile();

// Issue 28: an organization with two sites, Tokyo (its first, working Monday to Saturday) and New York (Monday to
// Friday), seen over a past week. Each site counts on its own calendar; "all sites" adds them up per date.
//   T01, N01  permanent since three weeks before (Ada at Tokyo, Zoë at New York), both cancelled at one instant:
//             Wednesday 20:00 UTC, which is Thursday 05:00 in Tokyo and Wednesday 16:00 in New York
//   T02, N02  Tuesday, booked by Bob at one instant, Monday 20:00 UTC (Tuesday 05:00 in Tokyo, Monday 15:00 in New
//             York): a morning at Tokyo, made on the day; an afternoon at New York, made the day before
//             Saturday full day (Zoë, booked 15 days ahead) at each: a working day at Tokyo only
let organization: TestOrganization;
let tokyo: string;
let newYork: string;
let newYorkFloor: string;
let monday: string;
const day = (offset: number) => addDays(monday, offset);
const at = (date: string, time: string) => `${date}T${time}Z`;
const week = (more: Record<string, string> = {}) => ({ startDate: day(0), endDate: day(6), ...more });

const url = (query: Record<string, string>, organizationId = organization.id) =>
  `/api/organizations/${organizationId}/analytics?${new URLSearchParams(query)}`;

async function read(query: Record<string, string>): Promise<Analytics> {
  const response = await organization.admin.client.get(url(query));
  expect(response.status, response.text).toBe(200);
  return analyticsSchema.parse(response.body);
}

const figures = (analytics: Analytics) =>
  analytics.days.map((row) => [row.date, row.desks, row.bookedSlots, row.people]);

async function setWorkingDays(siteId: string, days: string) {
  await testApp.database.sql.query('UPDATE sites SET working_days = $2::smallint[] WHERE id = $1', [siteId, days]);
}

beforeAll(async () => {
  organization = await createOrganization(testApp, { timeZone: 'Asia/Tokyo', deskCount: 2 });
  const [site] = await testApp.database.sql.query<{ id: string }>('SELECT id FROM sites WHERE organization_id = $1', [
    organization.id,
  ]);
  tokyo = site?.id ?? '';
  await setWorkingDays(tokyo, '{1,2,3,4,5,6}');
  const [second] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO sites (organization_id, name, time_zone, created_at)
     VALUES ($1, 'New York', 'America/New_York', now() + interval '1 second') RETURNING id`,
    [organization.id],
  );
  newYork = second?.id ?? '';
  const [floor] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO floors (organization_id, name, site_id) VALUES ($1, 'Fifth Avenue', $2) RETURNING id`,
    [organization.id, newYork],
  );
  newYorkFloor = floor?.id ?? '';
  const [n01, n02] = (await addDesks(testApp, organization.id, newYorkFloor, 2, 'N')) as [string, string];
  const [t01, t02] = organization.desks as [string, string];

  const today = organization.day(0);
  monday = addDays(today, -14 - (isoWeekday(today) - 1));
  await testApp.database.sql.query('UPDATE desks SET created_at = $2 WHERE organization_id = $1', [
    organization.id,
    at(addDays(monday, -60), '00:00:00'),
  ]);
  const [bob, zoe] = await Promise.all([
    addMember(testApp, organization.id, 'member', { firstName: 'Bob', lastName: 'Brown' }),
    addMember(testApp, organization.id, 'member', { firstName: 'Zoë', lastName: 'Quinn' }),
  ]);
  const organizationId = organization.id;
  const cancelled = { status: 'cancelled' as const, cancelledAt: at(day(2), '20:00:00') };
  const permanent = { isPermanent: true, date: day(-21), createdAt: at(day(-22), '08:00:00'), ...cancelled };
  await insertTeamBooking(testApp, { organizationId, deskId: t01, userId: organization.admin.user.id, ...permanent });
  await insertTeamBooking(testApp, { organizationId, deskId: n01, userId: zoe.user.id, ...permanent });
  const madeAtOnce = at(day(0), '20:00:00');
  await insertTeamBooking(testApp, {
    organizationId,
    deskId: t02,
    userId: bob.user.id,
    date: day(1),
    timeSlot: 'morning',
    createdAt: madeAtOnce,
  });
  await insertTeamBooking(testApp, {
    organizationId,
    deskId: n02,
    userId: bob.user.id,
    date: day(1),
    timeSlot: 'afternoon',
    createdAt: madeAtOnce,
  });
  for (const deskId of [t02, n02]) {
    const createdAt = at(day(-10), '12:00:00');
    await insertTeamBooking(testApp, { organizationId, deskId, userId: zoe.user.id, date: day(5), createdAt });
  }
});

describe('analytics of an organization with sites in Tokyo and New York', () => {
  it('counts each site on its own calendar: a cancellation at one instant ends each site’s days on its own date', async () => {
    const tokyoFigures = await read(week({ siteId: tokyo }));
    expect(tokyoFigures).toMatchObject({ siteId: tokyo, timeZone: 'Asia/Tokyo' });
    // Tokyo works Saturdays; its permanent booking was cancelled on its Thursday, so it held Monday to Wednesday.
    expect(figures(tokyoFigures)).toEqual([
      [day(0), 2, 2, 1],
      [day(1), 2, 3, 2],
      [day(2), 2, 2, 1],
      [day(3), 2, 0, 0],
      [day(4), 2, 0, 0],
      [day(5), 2, 2, 1],
    ]);
    expect(tokyoFigures.desks.map((desk) => desk.name)).toEqual(['D01', 'D02']);

    const newYorkFigures = await read(week({ siteId: newYork }));
    expect(newYorkFigures).toMatchObject({ siteId: newYork, timeZone: 'America/New_York' });
    // New York's was cancelled on its Wednesday: it held Monday and Tuesday. Saturday is not a working day there.
    expect(figures(newYorkFigures)).toEqual([
      [day(0), 2, 2, 1],
      [day(1), 2, 3, 2],
      [day(2), 2, 0, 0],
      [day(3), 2, 0, 0],
      [day(4), 2, 0, 0],
    ]);
    expect(newYorkFigures.floors.map((floor) => floor.name)).toEqual(['Fifth Avenue']);
  });

  it('counts the notice of bookings made at one instant in each site’s own dates', async () => {
    const buckets = (analytics: Analytics) =>
      analytics.leadTimes.filter((row) => row.bookings > 0).map((row) => [row.bucket, row.bookings]);
    // Monday 20:00 UTC is already Tuesday in Tokyo (on the day), still Monday in New York (the day before).
    expect(buckets(await read(week({ siteId: tokyo })))).toEqual([
      ['same-day', 1],
      ['weeks', 1],
    ]);
    expect(buckets(await read(week({ siteId: newYork })))).toEqual([['day-before', 1]]);
    expect(buckets(await read(week()))).toEqual([
      ['same-day', 1],
      ['day-before', 1],
      ['weeks', 1],
    ]);
  });

  it('adds up every site’s figures of a date for all sites, a Saturday working at Tokyo only counting there', async () => {
    const all = await read(week());
    expect(all).toMatchObject({ siteId: null, timeZone: null });
    expect(figures(all)).toEqual([
      [day(0), 4, 4, 2],
      [day(1), 4, 6, 4],
      [day(2), 4, 2, 1],
      [day(3), 4, 0, 0],
      [day(4), 4, 0, 0],
      [day(5), 2, 2, 1],
    ]);
    expect(all.summary.bookedSlots).toBe(14);
    expect(all.summary.utilization).toBe(14 / (2 * 22));
    expect(all.desks.find((desk) => desk.name === 'N02')).toMatchObject({ days: 5, bookedSlots: 1 });
    expect(all.desks.find((desk) => desk.name === 'D02')).toMatchObject({ days: 6, bookedSlots: 3 });
    // Weekends asked for: every day at every site, New York's Saturday booking with them.
    const everyDay = await read(week({ includeWeekends: 'true' }));
    expect(figures(everyDay).slice(5)).toEqual([
      [day(5), 4, 4, 2],
      [day(6), 4, 0, 0],
    ]);
  });

  it('narrows to a floor on its own site’s calendar', async () => {
    const floor = await read(week({ floorId: newYorkFloor }));
    expect(floor).toMatchObject({ siteId: null, floorId: newYorkFloor, timeZone: 'America/New_York' });
    expect(floor.days.map((row) => row.bookedSlots)).toEqual([2, 3, 0, 0, 0]);
    expect(await read(week({ floorId: newYorkFloor, siteId: newYork }))).toMatchObject({ days: floor.days });
  });

  it('counts a closed week again when a site’s working days change', async () => {
    const before = await read(week());
    expect(before.days.at(-1)).toMatchObject({ date: day(5), desks: 2, bookedSlots: 2 });
    await setWorkingDays(newYork, '{1,2,3,4,5,6}');
    try {
      const after = await read(week());
      expect(after.days.at(-1)).toMatchObject({ date: day(5), desks: 4, bookedSlots: 4, people: 2 });
      expect((await read(week({ siteId: newYork }))).days.map((row) => row.date)).toContain(day(5));
    } finally {
      await setWorkingDays(newYork, '{1,2,3,4,5}');
    }
    expect(await read(week())).toEqual(before);
  });

  it('answers 404 for another organization’s or an unknown site, 400 for a floor of another site or a bad id', async () => {
    const outsider = await createOrganization(testApp, { deskCount: 1 });
    const [foreign] = await testApp.database.sql.query<{ id: string }>(
      'SELECT id FROM sites WHERE organization_id = $1',
      [outsider.id],
    );
    for (const siteId of [foreign?.id ?? '', '00000000-0000-4000-8000-000000000000']) {
      const response = await organization.admin.client.get(url(week({ siteId })));
      expect(response.status, siteId).toBe(404);
      expect(response.text).toMatch(/Site not found\./);
    }
    // The outsider's admin cannot read this organization's site through their own organization either.
    expect((await outsider.admin.client.get(url(week({ siteId: tokyo }), outsider.id))).status).toBe(404);
    const cases: [Record<string, string>, RegExp][] = [
      [week({ siteId: 'tokyo' }), /siteId must be a site id/],
      [week({ siteId: tokyo, floorId: newYorkFloor }), /not a floor of this site/],
    ];
    for (const [query, message] of cases) {
      const response = await organization.admin.client.get(url(query));
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.text).toMatch(message);
    }
    // A member is refused before anything is read of the site.
    const member = await addMember(testApp, organization.id, 'member');
    expect((await member.client.get(url(week({ siteId: newYork })))).status).toBe(403);
  });
});

describe('a deleted floor of a second site', () => {
  it('keeps counting its desks’ past bookings at its own site, not at the first', async () => {
    const office = await createOrganization(testApp, { timeZone: 'Europe/London', deskCount: 1 });
    const [osaka] = await testApp.database.sql.query<{ id: string }>(
      `INSERT INTO sites (organization_id, name, time_zone, working_days, created_at)
       VALUES ($1, 'Osaka', 'Asia/Tokyo', '{1,2,3,4,5,6,7}', now() + interval '1 second') RETURNING id`,
      [office.id],
    );
    const floor = await office.admin.client.post(`/api/organizations/${office.id}/floors`, {
      name: 'Umeda',
      siteId: osaka?.id,
    });
    expect(floor.status, floor.text).toBe(201);
    const [k01] = await addDesks(testApp, office.id, floor.body.id, 1, 'K');
    const date = office.day(-3);
    await testApp.database.sql.query('UPDATE desks SET created_at = $2 WHERE organization_id = $1', [
      office.id,
      `${addDays(date, -30)}T00:00:00Z`,
    ]);
    await insertTeamBooking(testApp, {
      organizationId: office.id,
      deskId: k01 ?? '',
      userId: office.admin.user.id,
      date,
      createdAt: `${addDays(date, -5)}T12:00:00Z`,
    });
    expect((await office.admin.client.request('DELETE', `/api/floors/${floor.body.id}`)).status).toBe(200);

    const booked = async (siteId: string | undefined) => {
      const query = { startDate: date, endDate: date, includeWeekends: 'true', ...(siteId ? { siteId } : {}) };
      const response = await office.admin.client.get(url(query, office.id));
      expect(response.status, response.text).toBe(200);
      return analyticsSchema.parse(response.body).days.map((row) => row.bookedSlots);
    };
    const [first] = await testApp.database.sql.query<{ id: string }>(
      'SELECT id FROM sites WHERE organization_id = $1 ORDER BY created_at LIMIT 1',
      [office.id],
    );
    expect(await booked(osaka?.id)).toEqual([2]);
    expect(await booked(first?.id)).toEqual([0]);
  });
});

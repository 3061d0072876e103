import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/dates.ts';
import type { TeamBookingsPage, TeamBookingView } from '#domain/team-bookings.ts';
import { teamBookingsPageSchema } from '#domain/team-bookings.ts';
import {
  addDesks,
  addFloor,
  addMember,
  book,
  createOrganization,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { signUp, startTestAppForFile } from '#test-support/harness.ts';
import { csvRecords, insertManyTeamBookings, insertTeamBooking } from '#test-support/team-bookings.ts';
import { exportChunkSize } from './service.ts';

const testApp = startTestAppForFile();

// One office: Floor 1 (D01-D03) and the Garden room (G01, G02); four people besides the admin, one with accents.
let organization: TestOrganization;
let garden: { floorId: string; desks: string[] };
let people: Record<
  'ada' | 'bob' | 'elodie' | 'zoe',
  { id: string; email: string; client: ReturnType<typeof testApp.client> }
>;
const ids: Record<string, string> = {};

const text = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
const url = (query: Record<string, string | number> = {}, organizationId = organization.id) =>
  `/api/organizations/${organizationId}/team-bookings?${new URLSearchParams(text(query))}`;
const csvUrl = (query: Record<string, string> = {}) =>
  `/api/organizations/${organization.id}/bookings.csv?${new URLSearchParams(query)}`;

async function page(query: Record<string, string | number> = {}, of = organization): Promise<TeamBookingsPage> {
  const response = await of.admin.client.get(url(query, of.id));
  expect(response.status, response.text).toBe(200);
  return teamBookingsPageSchema.parse(response.body);
}

/** Every matching booking through the paged call, page after page. */
async function everyPage(
  query: Record<string, string | number>,
  pageSize = 4,
  of = organization,
): Promise<TeamBookingView[]> {
  const items: TeamBookingView[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await page({ ...query, page: number, pageSize }, of);
    items.push(...answer.items);
    if (answer.items.length < pageSize) return items;
  }
}

const names = (items: TeamBookingView[]) => items.map((item) => ids[item.id]);

beforeAll(async () => {
  organization = await createOrganization(testApp, { deskCount: 3 });
  const gardenFloorId = await addFloor(testApp, organization.id, 'Garden Room');
  garden = { floorId: gardenFloorId, desks: await addDesks(testApp, organization.id, gardenFloorId, 2, 'G') };
  const [bob, elodie, zoe] = await Promise.all([
    addMember(testApp, organization.id, 'member', { firstName: 'Bob', lastName: 'Brown' }),
    addMember(testApp, organization.id, 'member', { firstName: 'Élodie', lastName: 'Dupont' }),
    addMember(testApp, organization.id, 'member', { firstName: 'Zoë', lastName: 'Quinn' }),
  ]);
  const admin = organization.admin;
  people = {
    ada: { id: admin.user.id, email: admin.email, client: admin.client },
    bob: { id: bob.user.id, email: bob.email, client: bob.client },
    elodie: { id: elodie.user.id, email: elodie.email, client: elodie.client },
    zoe: { id: zoe.user.id, email: zoe.email, client: zoe.client },
  };
  const [d01, d02, d03] = organization.desks as [string, string, string];
  const [g01, g02] = garden.desks as [string, string];
  const seeds = {
    // A permanent block from long ago: it holds D03 on every later date.
    permanentD03: { deskId: d03, userId: people.ada.id, date: organization.day(-100), isPermanent: true },
    pastBob: { deskId: d01, userId: people.bob.id, date: organization.day(-10) },
    todayElodie: { deskId: g01, userId: people.elodie.id, date: organization.day(0), notes: 'Window seat, please' },
    todayZoe: { deskId: d01, userId: people.zoe.id, date: organization.day(0), timeSlot: 'morning' as const },
    soonBob: { deskId: d02, userId: people.bob.id, date: organization.day(3) },
    soonElodie: { deskId: g02, userId: people.elodie.id, date: organization.day(5) },
    cancelledZoe: { deskId: g01, userId: people.zoe.id, date: organization.day(6), status: 'cancelled' as const },
    laterAda: { deskId: d01, userId: people.ada.id, date: organization.day(40) },
  };
  for (const [name, seed] of Object.entries(seeds)) {
    ids[await insertTeamBooking(testApp, { organizationId: organization.id, ...seed })] = name;
  }
});

describe('GET /api/organizations/{id}/team-bookings', () => {
  it('answers the active bookings in date order with a total, names, times and when each was made', async () => {
    const answer = await page();
    expect(answer).toMatchObject({ total: 7, page: 1, pageSize: 50 });
    expect(names(answer.items)).toHaveLength(7);
    expect(names(answer.items)[0]).toBe('permanentD03');
    expect(names(answer.items).at(-1)).toBe('laterAda');
    const elodie = answer.items.find((item) => ids[item.id] === 'todayElodie');
    expect(elodie).toMatchObject({
      desk: { name: 'G01', floor: { name: 'Garden Room' } },
      user: { firstName: 'Élodie', lastName: 'Dupont', email: people.elodie.email },
      userId: people.elodie.id,
      bookingDate: organization.day(0),
      timeSlot: 'full-day',
      startTime: '09:00',
      endTime: '18:00',
      status: 'active',
      isPermanent: false,
      notes: 'Window seat, please',
      cancelledAt: null,
    });
    expect(Date.parse(elodie?.createdAt ?? '')).toBeGreaterThan(Date.now() - 600_000);
  });

  it('says which permanent bookings are someone’s assigned desk (issue 29), and of a permanent block that it is none', async () => {
    const office = await createOrganization(testApp, { deskCount: 2 });
    const dana = await addMember(testApp, office.id, 'member', { firstName: 'Dana', lastName: 'Scully' });
    const assigned = await book(office.admin.client, office, {
      deskId: office.desks[0],
      bookingDate: office.day(1),
      isPermanent: true,
      userId: dana.user.id,
    });
    expect(assigned.status, assigned.text).toBe(201);
    const block = await book(office.admin.client, office, {
      deskId: office.desks[1],
      bookingDate: office.day(1),
      isPermanent: true,
    });
    expect(block.status, block.text).toBe(201);
    const items = (await page({}, office)).items;
    expect(items.find((item) => item.id === assigned.body.id)).toMatchObject({
      isPermanent: true,
      isAssigned: true,
      user: { firstName: 'Dana', lastName: 'Scully' },
    });
    expect(items.find((item) => item.id === block.body.id)).toMatchObject({ isPermanent: true, isAssigned: false });
  });

  it('pages through the list without losing or repeating a booking, and counts every match on each page', async () => {
    const first = await page({ pageSize: 3 });
    const third = await page({ pageSize: 3, page: 3 });
    const beyond = await page({ pageSize: 3, page: 4 });
    expect([first.items.length, third.items.length, beyond.items.length]).toEqual([3, 1, 0]);
    expect([first.total, third.total, beyond.total]).toEqual([7, 7, 7]);
    const paged = await everyPage({}, 3);
    expect(paged.map((item) => item.id)).toEqual((await page()).items.map((item) => item.id));
    expect(new Set(paged.map((item) => item.id)).size).toBe(7);
  });

  it('shows cancelled bookings with their cancellation time when asked, and both kinds with status all', async () => {
    const cancelled = await page({ status: 'cancelled' });
    expect(names(cancelled.items)).toEqual(['cancelledZoe']);
    expect(cancelled.items[0]?.status).toBe('cancelled');
    expect(Date.parse(cancelled.items[0]?.cancelledAt ?? '')).not.toBeNaN();
    expect((await page({ status: 'all' })).total).toBe(8);
  });

  it('keeps to permanent bookings, leaves them out, or shows both kinds', async () => {
    expect(names((await page({ permanent: 'only' })).items)).toEqual(['permanentD03']);
    const without = await page({ permanent: 'exclude' });
    expect(without.total).toBe(6);
    expect(names(without.items)).not.toContain('permanentD03');
    expect((await page({ permanent: 'both' })).total).toBe(7);
  });

  it('keeps to one floor', async () => {
    expect(names((await page({ floorId: garden.floorId, status: 'all' })).items)).toEqual([
      'todayElodie',
      'soonElodie',
      'cancelledZoe',
    ]);
    expect((await page({ floorId: organization.floorId })).total).toBe(5);
  });

  it('keeps to a date range, with the permanent bookings in force during it', async () => {
    const range = await page({ from: organization.day(0), to: organization.day(5) });
    // The two bookings of today come in id order.
    expect(names(range.items)[0]).toBe('permanentD03');
    expect(new Set(names(range.items).slice(1, 3))).toEqual(new Set(['todayElodie', 'todayZoe']));
    expect(names(range.items).slice(3)).toEqual(['soonBob', 'soonElodie']);
    expect(range.total).toBe(5);
    expect(names((await page({ to: organization.day(-1) })).items)).toEqual(['permanentD03', 'pastBob']);
    expect(names((await page({ from: organization.day(7) })).items)).toEqual(['permanentD03', 'laterAda']);
    expect(names((await page({ from: organization.day(7), permanent: 'exclude' })).items)).toEqual(['laterAda']);
  });

  it('finds people by any part of their name or e-mail, whatever the case and accents', async () => {
    for (const q of ['elodie', 'ÉLODIE', 'dupont', 'lodie dup']) {
      expect(new Set(names((await page({ q })).items)), q).toEqual(new Set(['todayElodie', 'soonElodie']));
    }
    expect(names((await page({ q: 'zoe', status: 'all' })).items).sort()).toEqual(['cancelledZoe', 'todayZoe']);
    const local = people.bob.email.split('@')[0] ?? '';
    expect(names((await page({ q: local.toUpperCase() })).items)).toEqual(['pastBob', 'soonBob']);
  });

  it('finds bookings by desk name, and narrows with every further word', async () => {
    expect(names((await page({ q: 'g0', status: 'all' })).items)).toEqual([
      'todayElodie',
      'soonElodie',
      'cancelledZoe',
    ]);
    expect(names((await page({ q: 'd03' })).items)).toEqual(['permanentD03']);
    expect(names((await page({ q: 'elodie g02' })).items)).toEqual(['soonElodie']);
    expect((await page({ q: 'nobody-is-called-this' })).total).toBe(0);
  });

  it('takes %, _ and \\ in a search literally', async () => {
    for (const q of ['%', '_', '\\', 'd_1']) expect((await page({ q })).total, q).toBe(0);
  });

  it('sorts by date either way, by person and by desk, ties always broken the same way', async () => {
    const ascending = await page({ status: 'all' });
    const descending = await page({ status: 'all', sort: 'date-desc' });
    expect(descending.items.map((item) => item.id)).toEqual(ascending.items.map((item) => item.id).reverse());
    // Two bookings today: the same date, so the booking id decides, in both directions.
    const today = ascending.items.filter((item) => item.bookingDate === organization.day(0)).map((item) => item.id);
    expect(today).toEqual([...today].sort());

    const byPerson = await page({ sort: 'person', status: 'all' });
    expect(byPerson.items.map((item) => item.user.firstName)).toEqual([
      'Ada', // Ada Admin
      'Ada',
      'Bob',
      'Bob',
      'Élodie', // sorted as Elodie: before Zoë, not after it
      'Élodie',
      'Zoë',
      'Zoë',
    ]);
    expect(names(byPerson.items).slice(0, 2)).toEqual(['permanentD03', 'laterAda']);

    const byDesk = await page({ sort: 'desk', status: 'all' });
    expect(byDesk.items.map((item) => item.desk.name)).toEqual([
      'D01',
      'D01',
      'D01',
      'D02',
      'D03',
      'G01',
      'G01',
      'G02',
    ]);
    expect(names(byDesk.items).slice(0, 3)).toEqual(['pastBob', 'todayZoe', 'laterAda']);
    // The same order page after page.
    expect((await everyPage({ sort: 'desk', status: 'all' }, 3)).map((item) => item.id)).toEqual(
      byDesk.items.map((item) => item.id),
    );
  });

  it('answers a page again only while nothing it shows has changed: a cancellation or a renamed desk shows at once', async () => {
    const before = await page({ q: 'g0' });
    expect(before.total).toBe(2);
    const soon = before.items.find((item) => ids[item.id] === 'soonElodie');
    const cancelled = await organization.admin.client.request('DELETE', `/api/bookings/${soon?.id}`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(names((await page({ q: 'g0' })).items)).toEqual(['todayElodie']);
    await testApp.database.sql.query(`UPDATE desks SET name = 'G01 Window' WHERE id = $1`, [garden.desks[0]]);
    expect((await page({ q: 'g0' })).items.map((item) => item.desk.name)).toEqual(['G01 Window']);
    await testApp.database.sql.query(`UPDATE desks SET name = 'G01' WHERE id = $1`, [garden.desks[0]]);
    await testApp.database.sql.query(
      `UPDATE bookings SET status = 'active', cancelled_at = NULL, cancelled_by = NULL
      WHERE id = $1`,
      [soon?.id],
    );
    expect((await page({ q: 'g0' })).total).toBe(2);
  });

  it('answers an empty page far past the end, and searches of any letters, emoji and quotes without error', async () => {
    expect(await page({ page: 100_000, pageSize: 200 })).toMatchObject({ items: [], total: 7, page: 100_000 });
    for (const q of ['😀', "o'brien", '"; DROP TABLE bookings; --', 'Łódź', 'ß', '日本']) {
      expect((await page({ q, status: 'all' })).total, q).toBe(0);
    }
    const twice = await organization.admin.client.get(`${url()}&q=ada&q=bob`);
    expect(twice.status).toBe(400);
  });

  it('refuses bad parameters with 400 and a sentence naming them', async () => {
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ page: 0 }, /page must be 1 to/],
      [{ page: 'two' }, /page must be a number/],
      [{ pageSize: 201 }, /pageSize must be 1 to 200/],
      [{ pageSize: 1.5 }, /pageSize must be a whole number/],
      [{ status: 'deleted' }, /status must be one of active, cancelled, all/],
      [{ permanent: 'yes' }, /permanent must be one of both, only, exclude/],
      [{ sort: 'price' }, /sort must be one of date-asc, date-desc, person, desk/],
      [{ from: '2026-02-30' }, /from must be a date/],
      [{ from: organization.day(5), to: organization.day(1) }, /to must not be before from/],
      [{ from: addDays(organization.day(0), -900) }, /Dates must lie within 2 years of today.*\(from\)/],
      [{ floorId: 'floor-1' }, /floorId must be a floor id/],
      [{ floorId: '00000000-0000-4000-8000-000000000000' }, /floorId is not a floor of this organization/],
      [{ q: 'x'.repeat(101) }, /q must be at most 100 characters/],
      [{ q: 'a b c d e f' }, /q must be at most 5 words/],
      [{ q: 'tab\there' }, /q contains characters that are not allowed/],
      [{ limit: 10 }, /limit/],
    ];
    for (const [query, message] of cases) {
      for (const path of [url(query), csvUrl(text(query))]) {
        const response = await organization.admin.client.get(path);
        expect(response.status, `${path}: ${response.text}`).toBe(400);
        expect(response.body.message, path).toMatch(message);
      }
    }
  });

  it('answers only admins of the organization: 403 for its members, 404 for anyone else, 401 signed out', async () => {
    const outsider = await signUp(testApp, { firstName: 'Olga', lastName: 'Outsider' });
    const otherOrganization = await createOrganization(testApp);
    for (const path of [url(), csvUrl()]) {
      expect((await people.bob.client.get(path)).status, path).toBe(403);
      expect((await outsider.client.get(path)).status, path).toBe(404);
      expect((await otherOrganization.admin.client.get(path)).status, path).toBe(404);
      expect((await testApp.client().get(path)).status, path).toBe(401);
    }
    const notAnId = await organization.admin.client.get('/api/organizations/acme/team-bookings');
    expect(notAnId.status).toBe(404);
  });
});

describe('GET /api/organizations/{id}/bookings.csv', () => {
  it('exports the whole filtered list whatever page the list shows: page and pageSize are taken and not applied', async () => {
    const whole = csvRecords((await organization.admin.client.get(csvUrl({ status: 'all' }))).text);
    expect(whole.length).toBeGreaterThan(2);
    const fromPageTwo = await organization.admin.client.get(csvUrl({ status: 'all', page: '2', pageSize: '1' }));
    expect(fromPageTwo.status, fromPageTwo.text).toBe(200);
    expect(fromPageTwo.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRecords(fromPageTwo.text)).toEqual(whole);
  });

  it('downloads every match as a CSV file whose rows are the paged list, in its order', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { status: 'all', sort: 'person' },
      { q: 'elodie', sort: 'date-desc' },
      { floorId: garden.floorId, status: 'all', sort: 'desk' },
      { from: organization.day(0), to: organization.day(5) },
    ];
    for (const filters of queries) {
      const response = await organization.admin.client.get(csvUrl(filters));
      expect(response.status, response.text).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="bookings-[a-z0-9-]+-bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const records = csvRecords(response.text);
      const listed = await everyPage(filters, 3);
      expect(records.map((record) => record['Booking ID'])).toEqual(listed.map((item) => item.id));
      for (const [index, item] of listed.entries()) {
        expect(records[index]).toEqual({
          'Booking ID': item.id,
          Date: item.bookingDate,
          Slot: item.timeSlot,
          Start: item.startTime,
          End: item.endTime,
          Status: item.status,
          Permanent: item.isPermanent ? 'yes' : 'no',
          Desk: item.desk.name,
          Floor: item.desk.floor.name,
          'First name': item.user.firstName ?? '',
          'Last name': item.user.lastName ?? '',
          Email: item.user.email,
          'User ID': item.userId,
          Notes: item.notes ?? '',
          'Created at': item.createdAt,
          'Cancelled at': item.cancelledAt ?? '',
          'Checked in at': '',
          Released: item.endReason === 'no-show' ? 'yes' : 'no',
          'Walk-in': item.isWalkIn ? 'yes' : 'no',
          'Time zone': item.timeZone,
        });
      }
    }
  });

  it('says when each booking was checked in, in its site’s zone, whether it was released and whether it was a walk-in', async () => {
    // Tokyo is 9 hours ahead of UTC all year: 23:41 UTC on the 1st is 08:41 on the 2nd there.
    const tokyo = await createOrganization(testApp, { deskCount: 2, timeZone: 'Asia/Tokyo' });
    const date = tokyo.day(-3);
    const walkIn = await insertTeamBooking(testApp, {
      organizationId: tokyo.id,
      deskId: tokyo.desks[0] as string,
      userId: tokyo.admin.user.id,
      date,
      checkedInAt: `${addDays(date, -1)}T23:41:00Z`,
      isWalkIn: true,
    });
    const released = await insertTeamBooking(testApp, {
      organizationId: tokyo.id,
      deskId: tokyo.desks[1] as string,
      userId: tokyo.admin.user.id,
      date,
      releasedAt: `${date}T00:30:00Z`,
    });
    const response = await tokyo.admin.client.get(`/api/organizations/${tokyo.id}/bookings.csv?status=all`);
    expect(response.status, response.text).toBe(200);
    expect(response.text.split('\r\n')[0]).toBe(
      '\uFEFFBooking ID,Date,Slot,Start,End,Status,Permanent,Desk,Floor,First name,Last name,Email,User ID,Notes,' +
        'Created at,Cancelled at,Checked in at,Released,Walk-in,Time zone',
    );
    const records = csvRecords(response.text);
    expect(records.find((record) => record['Booking ID'] === walkIn)).toMatchObject({
      Status: 'active',
      'Checked in at': `${date} 08:41`,
      Released: 'no',
      'Walk-in': 'yes',
      'Time zone': 'Asia/Tokyo',
    });
    expect(records.find((record) => record['Booking ID'] === released)).toMatchObject({
      Status: 'cancelled',
      'Checked in at': '',
      Released: 'yes',
      'Walk-in': 'no',
    });
  });

  it('quotes commas, quotes and line breaks, and turns would-be formulas into text', async () => {
    const hostile = await addMember(testApp, organization.id, 'member', {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: '@SUM(A1)',
    });
    const notes = ['+1 555 0100', '-2+3', 'Desk "by the window", near, the door\r\nsecond line', '\t=cmd'];
    for (const [index, note] of notes.entries()) {
      await insertTeamBooking(testApp, {
        organizationId: organization.id,
        deskId: organization.desks[1] as string,
        userId: hostile.user.id,
        date: organization.day(60 + index),
        notes: note,
      });
    }
    const response = await organization.admin.client.get(csvUrl({ q: 'hyperlink' }));
    const text = response.text;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(A1),`);
    expect(text).toContain('"Desk ""by the window"", near, the door\r\nsecond line"');
    const records = csvRecords(text);
    expect(records.map((record) => record.Notes)).toEqual([
      "'+1 555 0100",
      "'-2+3",
      'Desk "by the window", near, the door\r\nsecond line',
      "'\t=cmd",
    ]);
    for (const record of records) {
      expect(record['First name']).toBe('\'=HYPERLINK("http://evil.example","x")');
      expect(record['Last name']).toBe("'@SUM(A1)");
    }
  });
  it('streams an organization larger than one chunk in full, in the same order as the pages, whatever the sort', async () => {
    const large = await createOrganization(testApp, { deskCount: 7 });
    const members = await Promise.all(
      ['Noor Aziz', 'Íñigo Bravo', 'Chen Wei'].map((name) => {
        const [firstName, lastName] = name.split(' ');
        return addMember(testApp, large.id, 'member', { firstName, lastName });
      }),
    );
    await insertManyTeamBookings(testApp, {
      organizationId: large.id,
      deskIds: large.desks,
      userIds: [large.admin.user.id, ...members.map((member) => member.user.id)],
      lastDate: large.day(30),
      count: exportChunkSize * 2 + 123,
    });
    for (const sort of ['date-asc', 'date-desc', 'person', 'desk']) {
      const response = await large.admin.client.get(
        `/api/organizations/${large.id}/bookings.csv?${new URLSearchParams({ sort })}`,
      );
      expect(response.status).toBe(200);
      const exported = csvRecords(response.text).map((record) => record['Booking ID']);
      const listed = (await everyPage({ sort }, 200, large)).map((item) => item.id);
      expect(exported.length, sort).toBe(exportChunkSize * 2 + 123);
      expect(new Set(exported).size, sort).toBe(exported.length);
      expect(exported, sort).toEqual(listed);
    }
  }, 120_000);
});

import { describe, expect, it, vi } from 'vitest';
import { addDays } from '#domain/dates.ts';
import {
  activeRows,
  addMember,
  afterPendingMail,
  book,
  createOrganization,
  nextMonday,
  organizationForTests,
  setBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { expectRefusal, startTestAppForFile, type TestClient } from '#test-support/harness.ts';

const testApp = startTestAppForFile();
const organization = organizationForTests(testApp, { deskCount: 8 });

type Occurrence = { date: string; willBook: boolean; rule: string | null; reason: string | null };

function series(client: TestClient, org: TestOrganization, body: Record<string, unknown>) {
  return client.post('/api/bookings/series', {
    organizationId: org.id,
    deskId: org.desks[0],
    timeSlot: 'morning',
    weekdays: [2, 4],
    interval: 1,
    ...body,
  });
}

async function seriesRows(seriesId: string) {
  return testApp.database.sql.query<{ booking_date: string; status: string }>(
    'SELECT booking_date::text, status FROM bookings WHERE series_id = $1 ORDER BY booking_date',
    [seriesId],
  );
}

describe('POST /api/bookings/series', () => {
  it('previews every date with why it will not be booked, writing nothing, then books the others and mails them once', async () => {
    const monday = nextMonday(organization);
    const member = await addMember(testApp, organization.id);
    const other = await addMember(testApp, organization.id);
    const thursday = addDays(monday, 3);
    expect(
      (await book(other.client, organization, { deskId: organization.desks[0], bookingDate: thursday })).status,
    ).toBe(201);
    const body = { deskId: organization.desks[0], startDate: monday, untilDate: addDays(monday, 13) };

    const preview = await series(member.client, organization, { ...body, preview: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.occurrences.map((item: Occurrence) => [item.date, item.willBook, item.reason])).toEqual([
      [addDays(monday, 1), true, null],
      [thursday, false, 'Desk is already booked for this time slot'],
      [addDays(monday, 8), true, null],
      [addDays(monday, 10), true, null],
    ]);
    expect(preview.body).toMatchObject({ bookCount: 3, skipCount: 1 });
    const [counted] = await testApp.database.sql.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM booking_series WHERE user_id = $1',
      [member.user.id],
    );
    expect(counted?.count).toBe('0');

    const made = await series(member.client, organization, body);
    expect(made.status, made.text).toBe(201);
    expect(made.body.message).toBe('3 dates booked, 1 not');
    expect(made.body.series).toMatchObject({
      userId: member.user.id,
      weekdays: [2, 4],
      interval: 1,
      cancelledAt: null,
    });
    expect(made.body.skipped).toEqual([
      { date: thursday, willBook: false, rule: 'taken', reason: 'Desk is already booked for this time slot' },
    ]);
    expect(await seriesRows(made.body.series.id)).toEqual([
      { booking_date: addDays(monday, 1), status: 'active' },
      { booking_date: addDays(monday, 8), status: 'active' },
      { booking_date: addDays(monday, 10), status: 'active' },
    ]);
    await vi.waitFor(() => expect(testApp.mails.filter((mail) => mail.to === member.email)).toHaveLength(1));
    const mail = testApp.mails.find((item) => item.to === member.email);
    expect(mail?.subject).toMatch(/^Desk D01 booked on 3 dates: every Tuesday and Thursday until /);
    expect(mail?.text).toContain('Desk is already booked for this time slot');
    expect(mail?.attachments?.[0]?.content.match(/\r\nBEGIN:VEVENT\r\n/g)).toHaveLength(3);
  });

  it('judges every date by the rules: a weekly quota, another desk held, and the site’s closed days', async () => {
    const org = await createOrganization(testApp, { deskCount: 2, workingDays: [1, 2, 3, 4, 5] });
    await setBookingRules(org, { maxBookingsPerWeek: 2 });
    const member = await addMember(testApp, org.id);
    const monday = nextMonday(org);
    expect((await book(member.client, org, { deskId: org.desks[1], bookingDate: addDays(monday, 7) })).status).toBe(
      201,
    );
    const made = await series(member.client, org, {
      weekdays: [1, 3, 5, 6],
      interval: 2,
      startDate: monday,
      untilDate: addDays(monday, 20),
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.skipped.map((item: Occurrence) => [item.date, item.rule])).toEqual([
      [addDays(monday, 4), 'weekly-quota'],
      [addDays(monday, 5), 'working-days'],
      [addDays(monday, 18), 'weekly-quota'],
      [addDays(monday, 19), 'working-days'],
    ]);
    expect(made.body.series.bookings.map((item: { bookingDate: string }) => item.bookingDate)).toEqual([
      monday,
      addDays(monday, 2),
      addDays(monday, 14),
      addDays(monday, 16),
    ]);
    // Every other week: the week of monday + 7, where the other desk is held, has no date of the series.
    const held = await series(member.client, org, {
      deskId: org.desks[0],
      weekdays: [1],
      startDate: addDays(monday, 7),
      untilDate: addDays(monday, 7),
      preview: true,
    });
    expect(held.body.occurrences[0]).toMatchObject({ rule: 'one-desk-per-person' });
    expect(held.body.occurrences[0].reason).toMatch(/^You already have D02 all day on Monday, /);
  });

  it('answers 422 with the first reason when no date may be booked, and writes nothing', async () => {
    const org = await createOrganization(testApp, { deskCount: 1, workingDays: [1, 2, 3, 4, 5] });
    const member = await addMember(testApp, org.id);
    const monday = nextMonday(org);
    const answer = await series(member.client, org, {
      weekdays: [6, 7],
      startDate: monday,
      untilDate: addDays(monday, 6),
    });
    expectRefusal(answer, 422, 'None of these dates can be booked: Not a working day at Main office');
    expect(answer.body.details.occurrences).toHaveLength(2);
    expect(await activeRows(testApp, org.desks[0] ?? '')).toEqual([]);
  });

  it('refuses malformed, past, endless and oversized series with a sentence', async () => {
    const member = await addMember(testApp, organization.id);
    const monday = nextMonday(organization);
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ weekdays: [], startDate: monday, untilDate: monday }, /^Choose at least one weekday/],
      [{ weekdays: [0, 9], startDate: monday, untilDate: monday }, /^Weekdays are numbers from 1 \(Monday\) to 7/],
      [{ weekdays: 'tuesday', startDate: monday, untilDate: monday }, /^Choose at least one weekday/],
      [{ weekdays: Array(10_000).fill(2), startDate: monday, untilDate: monday }, /^Weekdays are numbers/],
      [{ interval: 3, startDate: monday, untilDate: monday }, /^Repeat every week \(1\) or every other week \(2\)/],
      [{ startDate: monday, untilDate: '9999-12-31' }, /^A series can last at most 2 years/],
      [
        { startDate: organization.day(-3), untilDate: monday },
        'Bookings can only be made for today or later (startDate)',
      ],
      [{ startDate: monday, untilDate: addDays(organization.day(0), 800) }, /^A series can last at most 2 years|until/],
      [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], startDate: monday, untilDate: addDays(monday, 300) },
        /^A series can hold at most 260 dates, not 301/,
      ],
    ];
    for (const [body, message] of cases) expectRefusal(await series(member.client, organization, body), 400, message);
    expect(
      (await testApp.database.sql.query('SELECT 1 FROM booking_series WHERE user_id = $1', [member.user.id])).length,
    ).toBe(0);
  });

  it('lets an admin book a series for a member, audited, and a member for nobody else; another organization’s desk is 404', async () => {
    const member = await addMember(testApp, organization.id);
    const colleague = await addMember(testApp, organization.id);
    const monday = nextMonday(organization, 21);
    const body = { deskId: organization.desks[3], weekdays: [3], startDate: monday, untilDate: addDays(monday, 14) };
    expectRefusal(
      await series(colleague.client, organization, { ...body, userId: member.user.id }),
      403,
      'Only administrators can book for someone else.',
    );
    const made = await series(organization.admin.client, organization, { ...body, userId: member.user.id });
    expect(made.status, made.text).toBe(201);
    expect(made.body.series.userId).toBe(member.user.id);
    const log = await organization.admin.client.get(`/api/organizations/${organization.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'booking.series_created_for_member',
      details: { desk: 'D04', bookedCount: 2, repeats: expect.stringMatching(/^Every Wednesday until /) },
    });
    const stranger = await createOrganization(testApp, { deskCount: 1 });
    expectRefusal(
      await series(stranger.admin.client, stranger, { ...body, deskId: organization.desks[0] }),
      404,
      'Desk not found.',
    );
    expectRefusal(await series(stranger.admin.client, organization, body), 404, 'Organization not found.');
  });
});

describe('a series once made', () => {
  async function madeSeries(member: { client: TestClient }, deskIndex: number, weeks = 3) {
    const monday = nextMonday(organization, 30);
    const made = await series(member.client, organization, {
      deskId: organization.desks[deskIndex],
      weekdays: [1, 5],
      startDate: monday,
      untilDate: addDays(monday, 7 * weeks - 1),
    });
    expect(made.status, made.text).toBe(201);
    return { id: made.body.series.id as string, monday, bookings: made.body.series.bookings as Array<{ id: string }> };
  }

  it('is cancelled one date at a time, from a date on, or as a whole, and then says it is cancelled', async () => {
    const member = await addMember(testApp, organization.id);
    const made = await madeSeries(member, 4);
    expect((await member.client.request('DELETE', `/api/bookings/${made.bookings[0]?.id}`)).status).toBe(200);
    const listed = await member.client.get(`/api/users/booking-series?organizationId=${organization.id}`);
    expect(listed.body.map((item: { id: string }) => item.id)).toEqual([made.id]);

    const fromThursday = addDays(made.monday, 10);
    const partly = await member.client.request('DELETE', `/api/bookings/series/${made.id}?from=${fromThursday}`);
    expect(partly.body).toEqual({ message: '3 bookings cancelled', cancelledCount: 3 });
    expect((await seriesRows(made.id)).map((row) => row.status)).toEqual([
      'cancelled',
      'active',
      'active',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const whole = await member.client.request('DELETE', `/api/bookings/series/${made.id}`);
    expect(whole.body).toEqual({ message: '2 bookings cancelled', cancelledCount: 2 });
    const read = await member.client.get(`/api/bookings/series/${made.id}`);
    expect(read.body.cancelledAt).not.toBeNull();
    expect(read.body.bookings.every((item: { status: string }) => item.status === 'cancelled')).toBe(true);
    expectRefusal(
      await member.client.request('DELETE', `/api/bookings/series/${made.id}`),
      400,
      'This series has no upcoming bookings left to cancel.',
    );
    const after = await member.client.get(`/api/users/booking-series?organizationId=${organization.id}`);
    expect(after.body).toEqual([]);
  });

  it('is someone else’s to a member (403), unknown to another organization (404), and an admin’s cancel is audited and mailed', async () => {
    const owner = await addMember(testApp, organization.id);
    const made = await madeSeries(owner, 5, 2);
    const colleague = await addMember(testApp, organization.id);
    expectRefusal(
      await colleague.client.get(`/api/bookings/series/${made.id}`),
      403,
      'You can only change your own series.',
    );
    expectRefusal(
      await colleague.client.request('DELETE', `/api/bookings/series/${made.id}`),
      403,
      'You can only change your own series.',
    );
    const stranger = await createOrganization(testApp, { deskCount: 1 });
    for (const url of [`/api/bookings/series/${made.id}`, '/api/bookings/series/not-a-uuid']) {
      expectRefusal(await stranger.admin.client.get(url), 404, 'Series not found.');
      expectRefusal(await stranger.admin.client.request('DELETE', url), 404, 'Series not found.');
    }
    expectRefusal(
      await stranger.admin.client.get(`/api/users/booking-series?organizationId=${organization.id}`),
      404,
      'Organization not found.',
    );
    expect((await seriesRows(made.id)).every((row) => row.status === 'active')).toBe(true);

    await afterPendingMail();
    const before = testApp.mails.length;
    const cancelled = await organization.admin.client.request('DELETE', `/api/bookings/series/${made.id}`);
    expect(cancelled.body.cancelledCount).toBe(4);
    const log = await organization.admin.client.get(`/api/organizations/${organization.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'booking.series_cancelled_by_admin',
      details: { desk: 'D06', cancelledBookings: 4 },
    });
    await vi.waitFor(() =>
      expect(
        testApp.mails
          .slice(before)
          .filter((mail) => mail.to === owner.email)
          .map((mail) => mail.subject),
      ).toEqual(['4 of your desk bookings were cancelled']),
    );
  });

  it('books each date of one desk once when two people send series for it at the same moment, without a 5xx', async () => {
    const org = await createOrganization(testApp, { deskCount: 1 });
    const people = await Promise.all(Array.from({ length: 4 }, () => addMember(testApp, org.id)));
    const monday = nextMonday(org);
    const answers = await Promise.all(
      people.map((person, index) =>
        series(person.client, org, {
          weekdays: index % 2 === 0 ? [1, 2, 3] : [2, 3, 4],
          timeSlot: index < 2 ? 'full-day' : 'afternoon',
          startDate: monday,
          untilDate: addDays(monday, 20),
        }),
      ),
    );
    for (const answer of answers) expect([201, 422], answer.text).toContain(answer.status);
    const rows = await activeRows(testApp, org.desks[0] ?? '');
    const dates = rows.map((row) => row.booking_date);
    expect(new Set(dates).size).toBe(dates.length);
    // Monday to Thursday of three weeks: every date is someone's, and only one person's.
    expect(dates).toHaveLength(12);
    const booked = answers.filter((answer) => answer.status === 201);
    const total = booked.reduce((sum, answer) => sum + answer.body.series.bookings.length, 0);
    expect(total).toBe(12);
  });
});

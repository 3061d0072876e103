import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '#domain/dates.ts';
import {
  activeRows,
  addDesks,
  addFloor,
  addMember,
  afterPendingMail,
  book,
  createOrganization,
  nextMonday,
  organizationForTests,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { expectRefusal, startTestAppForFile, type TestClient } from '#test-support/harness.ts';

const testApp = startTestAppForFile();
const organization = organizationForTests(testApp, { deskCount: 6 });

const week = (monday: string, days = 5) => Array.from({ length: days }, (_, index) => addDays(monday, index));

function bulk(client: TestClient, body: unknown) {
  return client.post('/api/bookings/bulk', body);
}

describe('bulk bookings', () => {
  it('creates every booking, answers 201 with the message and the bookings, and sends one mail with every event', async () => {
    const member = await addMember(testApp, organization.id);
    const dates = week(nextMonday(organization));
    const response = await bulk(member.client, {
      organizationId: organization.id,
      bookings: dates.map((bookingDate) => ({ deskId: organization.desks[0], bookingDate, timeSlot: 'morning' })),
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('5 bookings created');
    expect(response.body.bookings.map((booking: { bookingDate: string }) => booking.bookingDate)).toEqual(dates);
    expect(response.body.bookings[0]).toMatchObject({
      desk: { name: 'D01' },
      userId: member.user.id,
      status: 'active',
    });
    await vi.waitFor(() => expect(testApp.mails.filter((mail) => mail.to === member.email)).toHaveLength(1));
    const mail = testApp.mails.find((item) => item.to === member.email);
    expect(mail?.subject).toBe('5 desk bookings confirmed');
    const calendar = mail?.attachments?.[0]?.content ?? '';
    expect(calendar.match(/\r\nBEGIN:VEVENT\r\n/g)).toHaveLength(5);
    for (const booking of response.body.bookings) expect(calendar).toContain(`UID:booking-${booking.id}@perch.test`);
  });

  it('creates nothing when one date conflicts, and names that date', async () => {
    const monday = nextMonday(organization, 14);
    const taken = addDays(monday, 3);
    const other = await addMember(testApp, organization.id);
    expect((await book(other.client, organization, { deskId: organization.desks[1], bookingDate: taken })).status).toBe(
      201,
    );
    const member = await addMember(testApp, organization.id);
    const response = await bulk(member.client, {
      organizationId: organization.id,
      bookings: week(monday).map((bookingDate) => ({
        deskId: organization.desks[1],
        bookingDate,
        timeSlot: 'afternoon',
      })),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/^Desk is already booked for this time slot on Thursday, /);
    expect(response.body.details).toEqual({ date: taken, deskId: organization.desks[1], timeSlot: 'afternoon' });
    expect(await activeRows(testApp, organization.desks[1]!)).toEqual([
      { booking_date: taken, time_slot: 'full-day', user_id: other.user.id },
    ]);
    await afterPendingMail();
    expect(testApp.mails.filter((mail) => mail.to === member.email)).toEqual([]);
  });

  it('creates nothing when two of its own bookings overlap', async () => {
    const date = organization.day(60);
    const response = await bulk(organization.admin.client, {
      organizationId: organization.id,
      bookings: [
        { deskId: organization.desks[2], bookingDate: date, timeSlot: 'morning' },
        { deskId: organization.desks[2], bookingDate: addDays(date, 1), timeSlot: 'morning' },
        { deskId: organization.desks[2], bookingDate: date, timeSlot: 'full-day' },
      ],
    });
    expect(response.status).toBe(409);
    expect(response.body.details.date).toBe(date);
    expect(await activeRows(testApp, organization.desks[2]!)).toEqual([]);
  });

  it.each([
    ['no bookings', { bookings: [] }, 'Choose at least one booking (bookings)'],
    [
      '32 bookings',
      { bookings: Array(32).fill({ timeSlot: 'morning' }) },
      'Choose at most 31 bookings at once (bookings)',
    ],
    ['bookings that are not a list', { bookings: 'all of them' }, 'Bookings must be a list (bookings)'],
    [
      'a booking without a slot',
      { bookings: [{ deskId: 'd', bookingDate: '2099-01-01' }] },
      /\(bookings\.0\.timeSlot\)$/,
    ],
    ['no organization', { organizationId: undefined }, 'Organization is required (organizationId)'],
  ])('answers 400 for %s', async (_name, body, message) => {
    const response = await bulk(organization.admin.client, {
      organizationId: organization.id,
      bookings: [{ deskId: organization.desks[3], bookingDate: organization.day(3), timeSlot: 'morning' }],
      ...body,
    });
    expectRefusal(response, 400, message);
  });

  it('answers 400 naming the item for a past date, and creates nothing', async () => {
    const response = await bulk(organization.admin.client, {
      organizationId: organization.id,
      bookings: [
        { deskId: organization.desks[3], bookingDate: organization.day(1), timeSlot: 'morning' },
        { deskId: organization.desks[3], bookingDate: organization.day(-1), timeSlot: 'morning' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Bookings can only be made for today or later (bookings.1.bookingDate)');
    expect(await activeRows(testApp, organization.desks[3]!)).toEqual([]);
  });

  it('answers 404 when one desk is of another organization or unknown, and creates nothing', async () => {
    const other = await createOrganization(testApp, { admin: organization.admin });
    for (const foreign of [other.desks[0], randomUUID(), 'not-a-uuid']) {
      const response = await bulk(organization.admin.client, {
        organizationId: organization.id,
        bookings: [
          { deskId: organization.desks[3], bookingDate: organization.day(1), timeSlot: 'morning' },
          { deskId: foreign, bookingDate: organization.day(1), timeSlot: 'morning' },
        ],
      });
      expect(response.status).toBe(404);
    }
    expect(await activeRows(testApp, organization.desks[3]!)).toEqual([]);
  });

  it('answers 401 signed out and 404 to a non-member', async () => {
    const body = {
      organizationId: organization.id,
      bookings: [{ deskId: organization.desks[3], bookingDate: organization.day(1), timeSlot: 'morning' }],
    };
    expect((await bulk(testApp.client(), body)).status).toBe(401);
    const stranger = await createOrganization(testApp);
    expect((await bulk(stranger.admin.client, body)).status).toBe(404);
  });
});

describe('weekly availability', () => {
  let office: TestOrganization;
  let secondFloorDesks: string[];
  beforeAll(async () => {
    office = await createOrganization(testApp, { deskCount: 3, workingDays: [1, 2, 3, 4, 5] });
    const secondFloor = await addFloor(testApp, office.id, 'Floor 2');
    secondFloorDesks = await addDesks(testApp, office.id, secondFloor, 12, 'E');
  });

  const check = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/api/desks/weekly-availability', {
      organizationId: office.id,
      deskId: office.desks[0],
      timeSlot: 'morning',
      ...body,
    });

  it('finds a free desk available on every remaining weekday, with the dates', async () => {
    const monday = nextMonday(office, 7);
    const wednesday = addDays(monday, 2);
    const response = await check(office.admin.client, { startDate: wednesday });
    expect(response.status).toBe(200);
    expect(response.body.originalDesk).toEqual({ id: office.desks[0], name: 'D01', available: true, takenDates: [] });
    expect(response.body.dates).toEqual(week(wednesday, 3));
  });

  it('says the desk is unavailable when one day is taken, and lists free desks, same floor first, at most ten', async () => {
    const monday = nextMonday(office, 21);
    const member = await addMember(testApp, office.id);
    // D01 is taken on Thursday afternoon only: free for mornings, not for full days.
    await book(member.client, office, {
      deskId: office.desks[0],
      bookingDate: addDays(monday, 3),
      timeSlot: 'afternoon',
    });
    // D02 is taken by a full day on Friday; E01 by a permanent booking from Tuesday.
    await book(member.client, office, { deskId: office.desks[1], bookingDate: addDays(monday, 4) });
    await book(office.admin.client, office, {
      deskId: secondFloorDesks[0],
      bookingDate: addDays(monday, 1),
      timeSlot: 'afternoon',
      isPermanent: true,
    });

    const mornings = await check(member.client, { startDate: monday, timeSlot: 'morning' });
    expect(mornings.body.originalDesk.available).toBe(true);

    const fullDays = await check(member.client, { startDate: monday, timeSlot: 'full-day' });
    expect(fullDays.status).toBe(200);
    expect(fullDays.body.originalDesk).toEqual({
      id: office.desks[0],
      name: 'D01',
      available: false,
      takenDates: [addDays(monday, 3)],
    });
    const names = fullDays.body.alternatives.map((desk: { name: string }) => desk.name);
    expect(names).toEqual(['D03', 'E02', 'E03', 'E04', 'E05', 'E06', 'E07', 'E08', 'E09', 'E10']);
    expect(fullDays.body.alternatives[0].floor).toEqual({ id: office.floorId, name: 'Floor 1' });
    expect(fullDays.body.alternatives[1].floor.name).toBe('Floor 2');

    // From the week after, the permanent booking takes E01 for mornings too.
    const nextWeek = await check(member.client, { startDate: addDays(monday, 7), deskId: secondFloorDesks[0] });
    expect(nextWeek.body.originalDesk.available).toBe(false);
    expect(nextWeek.body.alternatives).toHaveLength(10);
    expect(nextWeek.body.alternatives[0]).toMatchObject({ name: 'E02', floor: { name: 'Floor 2' } });
  });

  it('names the days the desk is taken in the slot: a half day, a full day and a permanent booking count, a cancelled one does not', async () => {
    const monday = nextMonday(office, 35);
    const [tuesday, wednesday, thursday, friday] = [1, 2, 3, 4].map((days) => addDays(monday, days)) as [
      string,
      string,
      string,
      string,
    ];
    const member = await addMember(testApp, office.id);
    const deskId = secondFloorDesks[10];
    await book(member.client, office, { deskId, bookingDate: tuesday, timeSlot: 'morning' });
    await book(member.client, office, { deskId, bookingDate: thursday, timeSlot: 'full-day' });
    const cancelled = await book(member.client, office, { deskId, bookingDate: monday, timeSlot: 'full-day' });
    expect((await member.client.request('DELETE', `/api/bookings/${cancelled.body.id}`)).status).toBe(200);

    const mornings = await check(member.client, { deskId, startDate: monday, timeSlot: 'morning' });
    expect(mornings.status).toBe(200);
    expect(mornings.body.originalDesk).toMatchObject({
      name: 'E11',
      available: false,
      takenDates: [tuesday, thursday],
    });
    const afternoons = await check(member.client, { deskId, startDate: monday, timeSlot: 'afternoon' });
    expect(afternoons.body.originalDesk.takenDates).toEqual([thursday]);
    const fromWednesday = await check(member.client, { deskId, startDate: wednesday, timeSlot: 'full-day' });
    expect(fromWednesday.body.originalDesk.takenDates).toEqual([thursday]);

    // A permanent afternoon from Wednesday leaves Wednesday morning free and takes every later day whole.
    const permanentDesk = secondFloorDesks[11];
    await book(office.admin.client, office, {
      deskId: permanentDesk,
      bookingDate: wednesday,
      timeSlot: 'afternoon',
      isPermanent: true,
    });
    const blocked = await check(member.client, { deskId: permanentDesk, startDate: monday, timeSlot: 'morning' });
    expect(blocked.body.originalDesk).toMatchObject({ name: 'E12', available: false, takenDates: [thursday, friday] });
  });

  it('answers 400 for a weekend or past start date, and for a missing or unknown slot', async () => {
    const saturday = addDays(nextMonday(office), 5);
    expect((await check(office.admin.client, { startDate: saturday })).body.message).toBe(
      'A weekly booking starts on a weekday, Monday to Friday (startDate)',
    );
    expect((await check(office.admin.client, { startDate: office.day(-1) })).status).toBe(400);
    expect((await check(office.admin.client, { startDate: office.day(1), timeSlot: 'night' })).body.message).toBe(
      'Please select a time slot (timeSlot)',
    );
    expect((await check(office.admin.client, { startDate: undefined })).body.message).toBe(
      'Start date is required (startDate)',
    );
  });

  it('answers 404 for a desk of another organization and for a non-member', async () => {
    expect((await check(office.admin.client, { startDate: office.day(1), deskId: organization.desks[0] })).status).toBe(
      404,
    );
    expect((await check(organization.admin.client, { startDate: office.day(1) })).status).toBe(404);
    expect((await check(testApp.client(), { startDate: office.day(1) })).status).toBe(401);
  });
});

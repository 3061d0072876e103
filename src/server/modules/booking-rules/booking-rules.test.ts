import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultBookingRules, weekStartOf } from '#domain/booking-rules.ts';
import { addDays, formatLongDate } from '#domain/dates.ts';
import { planWeeklyBooking } from '#domain/weekly-booking.ts';
import { bookingRuleContext } from '#test-support/booking-fixtures.ts';
import {
  addDesks,
  addMember,
  book,
  createOrganization,
  memberForTests,
  nextMonday,
  organizationForTests,
  setBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { signUp, startTestAppForFile, type TestClient } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

const rulesUrl = (organization: TestOrganization) => `/api/organizations/${organization.id}/booking-rules`;

async function activeBookingsOf(userId: string, organizationId: string) {
  return testApp.database.sql.query<{ desk_id: string; booking_date: string; time_slot: string }>(
    `SELECT desk_id, booking_date::text, time_slot FROM bookings
     WHERE user_id = $1 AND organization_id = $2 AND status = 'active' ORDER BY booking_date, time_slot`,
    [userId, organizationId],
  );
}

describe('reading and changing the booking rules', () => {
  const organization = organizationForTests(testApp);
  const member = memberForTests(testApp, organization);

  it('answers the defaults to any member: one desk per person, 90 days ahead, no quota, admins exempt, no check-in', async () => {
    const response = await member.client.get(rulesUrl(organization));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      onePerPersonPerSlot: true,
      maxDaysAhead: 90,
      maxBookingsPerWeek: null,
      adminsExempt: true,
      checkInRequired: false,
      checkInGraceMinutes: 30,
      autoRelease: true,
    });
  });

  it('lets an admin replace them and records the change in the audit log', async () => {
    const rules = {
      onePerPersonPerSlot: false,
      maxDaysAhead: 14,
      maxBookingsPerWeek: 3,
      adminsExempt: false,
      checkInRequired: true,
      checkInGraceMinutes: 45,
      autoRelease: false,
    };
    const response = await organization.admin.client.request('PUT', rulesUrl(organization), rules);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(rules);
    expect((await member.client.get(rulesUrl(organization))).body).toEqual(rules);
    const log = await organization.admin.client.get(`/api/organizations/${organization.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'organization.booking_rules_changed',
      details: { before: defaultBookingRules, after: rules },
    });
    await setBookingRules(organization, defaultBookingRules);
  });

  it('takes any subset of the rules and keeps the others', async () => {
    await setBookingRules(organization, { maxDaysAhead: 21 });
    const response = await organization.admin.client.request('PUT', rulesUrl(organization), {
      checkInRequired: true,
      checkInGraceMinutes: 15,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...defaultBookingRules,
      maxDaysAhead: 21,
      checkInRequired: true,
      checkInGraceMinutes: 15,
    });
    expect((await member.client.get(rulesUrl(organization))).body).toEqual(response.body);
    const [row] = await testApp.database.sql.query<{ since: string | null }>(
      'SELECT check_in_required_since::text AS since FROM organizations WHERE id = $1',
      [organization.id],
    );
    expect(row?.since).not.toBeNull();
    await setBookingRules(organization, defaultBookingRules);
  });

  it('answers 403 to a member who tries to change them, and changes nothing', async () => {
    const response = await member.client.request('PUT', rulesUrl(organization), {
      ...defaultBookingRules,
      maxDaysAhead: 1,
    });
    expect(response.status).toBe(403);
    expect((await member.client.get(rulesUrl(organization))).body.maxDaysAhead).toBe(90);
  });

  it('answers 404 to someone outside the organization', async () => {
    const outsider = await signUp(testApp);
    expect((await outsider.client.get(rulesUrl(organization))).status).toBe(404);
    expect((await outsider.client.request('PUT', rulesUrl(organization), defaultBookingRules)).status).toBe(404);
  });

  it.each([
    [{ maxDaysAhead: 731 }, 'Days ahead can be at most 730'],
    [{ maxDaysAhead: -1 }, 'Days ahead cannot be negative'],
    [{ maxDaysAhead: 1.5 }, 'Days ahead must be a whole number'],
    [{ maxBookingsPerWeek: 0 }, 'Days per week must be at least 1'],
    [{ maxBookingsPerWeek: 8 }, 'Days per week can be at most 7'],
    [{ onePerPersonPerSlot: 'yes' }, 'One desk per person must be on or off'],
    [{ checkInGraceMinutes: 4 }, 'Minutes to check in must be at least 5'],
    [{ checkInGraceMinutes: 241 }, 'Minutes to check in can be at most 240'],
    [{ checkInRequired: 1 }, 'Check-in required must be on or off'],
  ])('answers 400 with a sentence for %o', async (change, message) => {
    const response = await organization.admin.client.request('PUT', rulesUrl(organization), {
      ...defaultBookingRules,
      ...change,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });
});

describe('one desk per person', () => {
  const organization = organizationForTests(testApp, { deskCount: 120 });

  it('refuses a second desk for the same half day with the desk already held, and lets the other half through', async () => {
    const member = await addMember(testApp, organization.id);
    const date = organization.day(5);
    expect(
      (
        await book(member.client, organization, {
          deskId: organization.desks[0],
          bookingDate: date,
          timeSlot: 'morning',
        })
      ).status,
    ).toBe(201);
    const second = await book(member.client, organization, {
      deskId: organization.desks[1],
      bookingDate: date,
      timeSlot: 'full-day',
    });
    expect(second.status).toBe(422);
    expect(second.body.message).toMatch(/^You already have D01 on .+, morning$/);
    const afternoon = await book(member.client, organization, {
      deskId: organization.desks[1],
      bookingDate: date,
      timeSlot: 'afternoon',
    });
    expect(afternoon.status).toBe(201);
  });

  it('does not count permanent bookings, which are desk blocks', async () => {
    const date = organization.day(6);
    const permanent = await book(organization.admin.client, organization, {
      deskId: organization.desks[2],
      bookingDate: date,
      isPermanent: true,
    });
    expect(permanent.status).toBe(201);
    const oneOff = await book(organization.admin.client, organization, {
      deskId: organization.desks[3],
      bookingDate: date,
    });
    expect(oneOff.status).toBe(201);
  });

  it('lets exactly one of 100 simultaneous requests by one person for different desks in the same slot win', async () => {
    const member = await addMember(testApp, organization.id);
    const date = organization.day(8);
    const responses = await Promise.all(
      organization.desks
        .slice(10, 110)
        .map((deskId) => book(member.client, organization, { deskId, bookingDate: date, timeSlot: 'morning' })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
    expect(await activeBookingsOf(member.user.id, organization.id)).toHaveLength(1);
  });

  it('allows several desks at once when the rule is off', async () => {
    const relaxed = await createOrganization(testApp, { deskCount: 2 });
    await setBookingRules(relaxed, { onePerPersonPerSlot: false });
    const date = relaxed.day(3);
    expect((await book(relaxed.admin.client, relaxed, { deskId: relaxed.desks[0], bookingDate: date })).status).toBe(
      201,
    );
    expect((await book(relaxed.admin.client, relaxed, { deskId: relaxed.desks[1], bookingDate: date })).status).toBe(
      201,
    );
  });
});

describe('the advance window', () => {
  const organization = organizationForTests(testApp, { deskCount: 4, rules: { maxDaysAhead: 14 } });

  it('books the last day of the window and refuses the next with the sentence', async () => {
    const member = await addMember(testApp, organization.id);
    expect((await book(member.client, organization, { bookingDate: organization.day(14) })).status).toBe(201);
    const refused = await book(member.client, organization, {
      deskId: organization.desks[1],
      bookingDate: organization.day(15),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Bookings open 14 days ahead: choose a date until /);
    expect(refused.body.code).toBe('booking_rule');
    expect(refused.body.details).toEqual({ rule: 'advance-window', bookingDate: organization.day(15) });
  });

  it('lets an admin book beyond it while admins are exempt, and not once they are not', async () => {
    expect(
      (
        await book(organization.admin.client, organization, {
          deskId: organization.desks[2],
          bookingDate: organization.day(40),
        })
      ).status,
    ).toBe(201);
    await setBookingRules(organization, { maxDaysAhead: 14, adminsExempt: false });
    const refused = await book(organization.admin.client, organization, {
      deskId: organization.desks[2],
      bookingDate: organization.day(41),
    });
    expect(refused.status).toBe(422);
    await setBookingRules(organization, { maxDaysAhead: 14 });
  });
});

describe('the weekly quota', () => {
  const organization = organizationForTests(testApp, { deskCount: 30, rules: { maxBookingsPerWeek: 2 } });
  let monday: string;
  beforeAll(() => {
    monday = nextMonday(organization);
  });

  it('refuses a third day in a week, counts a second half of a booked day as no new day, and resets next week', async () => {
    const member = await addMember(testApp, organization.id);
    const at = (days: number, slot = 'full-day', desk = 0) =>
      book(member.client, organization, {
        deskId: organization.desks[desk],
        bookingDate: addDays(monday, days),
        timeSlot: slot,
      });
    expect((await at(0, 'morning')).status).toBe(201);
    expect((await at(1)).status).toBe(201);
    expect((await at(0, 'afternoon', 1)).status).toBe(201);
    const third = await at(2);
    expect(third.status).toBe(422);
    expect(third.body.message).toBe(`You have booked your 2 days in the week of ${formatLongDate(monday)}`);
    expect((await at(7)).status).toBe(201);
  });

  it('counts a weekly series against the quota and makes none of it when it goes over', async () => {
    const member = await addMember(testApp, organization.id);
    const response = await member.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      bookings: [0, 1, 2].map((days) => ({
        deskId: organization.desks[5],
        bookingDate: addDays(monday, days),
        timeSlot: 'full-day',
      })),
    });
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual({ rule: 'weekly-quota', bookingDate: addDays(monday, 2) });
    // The days of the series are not booked yet: the sentence says how many are left (Book Desk says the same).
    expect(response.body.message).toBe(`You can book only 2 more days in the week of ${formatLongDate(monday)}, not 3`);
    expect(await activeBookingsOf(member.user.id, organization.id)).toEqual([]);
  });

  it('refuses the weekly series Book Desk refuses beforehand, with the sentence Book Desk shows', async () => {
    const member = await addMember(testApp, organization.id);
    const wednesday = addDays(monday, 2);
    expect(
      (await book(member.client, organization, { deskId: organization.desks[6], bookingDate: wednesday })).status,
    ).toBe(201);
    const check = await member.client.post('/api/desks/weekly-availability', {
      organizationId: organization.id,
      deskId: organization.desks[7],
      startDate: monday,
      timeSlot: 'full-day',
    });
    expect(check.status).toBe(200);
    const plan = planWeeklyBooking({
      startDate: monday,
      slot: 'full-day',
      availability: check.body,
      rules: bookingRuleContext(organization.day(0), {
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 2 },
        held: [{ deskId: organization.desks[6]!, deskName: 'D07', bookingDate: wednesday, timeSlot: 'full-day' }],
      }),
    });
    expect(plan.kind).toBe('refused');
    const response = await member.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      bookings: plan.dates.map((bookingDate) => ({ deskId: organization.desks[7], bookingDate, timeSlot: 'full-day' })),
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(`You can book only 1 more day in the week of ${formatLongDate(monday)}, not 4`);
    expect(plan.lines[0]).toBe(`${response.body.message}.`);
  });

  it('lets exactly one of 20 simultaneous bookings of different days win when one day is left', async () => {
    const member = await addMember(testApp, organization.id);
    await setBookingRules(organization, { maxBookingsPerWeek: 1 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        book(member.client, organization, {
          deskId: organization.desks[10 + index],
          bookingDate: addDays(monday, 14 + (index % 7)),
          timeSlot: 'morning',
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
    const held = await activeBookingsOf(member.user.id, organization.id);
    expect(new Set(held.map((row) => weekStartOf(row.booking_date))).size).toBe(1);
    expect(new Set(held.map((row) => row.booking_date)).size).toBe(1);
    await setBookingRules(organization, { maxBookingsPerWeek: 2 });
  });
});

describe('booking on behalf of a member', () => {
  const organization = organizationForTests(testApp, { deskCount: 6 });
  const member = memberForTests(testApp, organization, 'member', { firstName: 'Bea', lastName: 'Booked' });
  const other = memberForTests(testApp, organization);
  /** The admin's booking of desk `deskIndex` for the person `userId`. */
  const bookFor = (userId: string, deskIndex: number, body: Record<string, unknown> = {}) =>
    book(organization.admin.client, organization, { deskId: organization.desks[deskIndex], userId, ...body });

  it('makes the booking the member’s: in their My Bookings, mailed to them, and in the audit log', async () => {
    const response = await bookFor(member.user.id, 0, { timeSlot: 'morning' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userId: member.user.id, user: { email: member.email, firstName: 'Bea' } });
    const mine = await member.client.get(`/api/users/bookings?organizationId=${organization.id}`);
    expect(mine.body.map((booking: { id: string }) => booking.id)).toContain(response.body.id);
    await vi.waitFor(() => expect(testApp.mails.filter((mail) => mail.to === member.email)).toHaveLength(1));
    const mail = testApp.mails.find((mail) => mail.to === member.email);
    expect(mail?.attachments?.some((attachment) => attachment.contentType.startsWith('text/calendar'))).toBe(true);
    const log = await organization.admin.client.get(`/api/organizations/${organization.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'booking.created_for_member',
      target: { type: 'booking', id: response.body.id },
      details: { desk: 'D01', member: { name: 'Bea Booked', email: member.email } },
    });
  });

  it('judges the rules for the member, naming them', async () => {
    const refused = await bookFor(member.user.id, 1, { timeSlot: 'full-day' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Bea Booked already has D01 on .+, morning$/);
  });

  it('answers 403 to a member booking for someone else, and books nothing', async () => {
    const response = await book(other.client, organization, { deskId: organization.desks[2], userId: member.user.id });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Only administrators can book for someone else.');
    const weekly = await other.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      userId: member.user.id,
      bookings: [{ deskId: organization.desks[2], bookingDate: organization.day(9), timeSlot: 'morning' }],
    });
    expect(weekly.status).toBe(403);
    expect(await activeBookingsOf(member.user.id, organization.id)).toHaveLength(1);
  });

  it('lets a member name themselves', async () => {
    const response = await book(other.client, organization, { deskId: organization.desks[3], userId: other.user.id });
    expect(response.status).toBe(201);
  });

  it('answers 404 for someone who is not a member of the organization', async () => {
    const stranger = await signUp(testApp);
    for (const userId of [stranger.user.id, 'not-a-uuid']) {
      const response = await bookFor(userId, 4);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Member not found.');
    }
  });

  it('makes a permanent booking for a member and a weekly series for one', async () => {
    const permanent = await bookFor(other.user.id, 5, { isPermanent: true });
    expect(permanent.status).toBe(201);
    expect(permanent.body.userId).toBe(other.user.id);
    const monday = nextMonday(organization);
    const weekly = await organization.admin.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      userId: member.user.id,
      bookings: [0, 1].map((days) => ({
        deskId: organization.desks[4],
        bookingDate: addDays(monday, days),
        timeSlot: 'afternoon',
      })),
    });
    expect(weekly.status).toBe(201);
    expect(weekly.body.bookings.every((booking: { userId: string }) => booking.userId === member.user.id)).toBe(true);
  });
});

describe('a desk out of service', () => {
  it('refuses one-off and weekly bookings with its reason, and still takes an admin’s permanent booking', async () => {
    const organization = await createOrganization(testApp, { deskCount: 2 });
    await testApp.database.sql.query(
      `UPDATE desks SET bookable = false, unavailable_reason = 'Chair broken' WHERE id = $1`,
      [organization.desks[0]],
    );
    const member = await addMember(testApp, organization.id);
    const refused = await book(member.client, organization, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('D01 is out of service: Chair broken.');
    const weekly = await member.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      bookings: [{ deskId: organization.desks[0], bookingDate: organization.day(3), timeSlot: 'morning' }],
    });
    expect(weekly.status).toBe(409);
    expect((await book(organization.admin.client, organization, { isPermanent: true })).status).toBe(201);
  });

  it('can be booked again once back in service', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const extra = await addDesks(testApp, organization.id, organization.floorId, 1, 'X');
    await testApp.database.sql.query('UPDATE desks SET bookable = false WHERE id = $1', [extra[0]]);
    const member: { client: TestClient } = await addMember(testApp, organization.id);
    const refused = await book(member.client, organization, { deskId: extra[0] });
    expect(refused.body.message).toBe('X01 is out of service.');
    await testApp.database.sql.query('UPDATE desks SET bookable = true WHERE id = $1', [extra[0]]);
    expect((await book(member.client, organization, { deskId: extra[0] })).status).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '#domain/dates.ts';
import { addMember, afterPendingMail, book, createOrganization, organizationForTests } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { insertBooking } from '#test-support/team.ts';

const testApp = startTestAppForFile();
const organization = organizationForTests(testApp, { deskCount: 8 });

async function statusOf(bookingId: string) {
  const [row] = await testApp.database.sql.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [
    bookingId,
  ]);
  return row?.status;
}

const range = (organizationId: string, startDate: string, endDate: string) =>
  `/api/organizations/${organizationId}/bookings?startDate=${startDate}&endDate=${endDate}`;

describe("an organization's bookings in a date range", () => {
  it('lists active bookings in the range and permanent ones that started by its end, to any member', async () => {
    const office = await createOrganization(testApp, { deskCount: 4 });
    const member = await addMember(testApp, office.id);
    const start = office.day(10);
    const inside = await book(member.client, office, {
      bookingDate: start,
      timeSlot: 'morning',
      notes: 'Quiet, "please"\n',
    });
    const lastDay = await book(member.client, office, { deskId: office.desks[1], bookingDate: addDays(start, 2) });
    await book(member.client, office, { bookingDate: addDays(start, 3) });
    await book(member.client, office, { bookingDate: addDays(start, -1) });
    const cancelled = await book(member.client, office, { deskId: office.desks[2], bookingDate: start });
    await member.client.request('DELETE', `/api/bookings/${cancelled.body.id}`);
    const permanentBefore = await book(office.admin.client, office, {
      deskId: office.desks[3],
      bookingDate: office.day(1),
      isPermanent: true,
    });
    await book(office.admin.client, office, {
      deskId: office.desks[2],
      bookingDate: addDays(start, 5),
      isPermanent: true,
    });

    const response = await member.client.get(range(office.id, start, addDays(start, 2)));
    expect(response.status).toBe(200);
    expect(response.body.map((booking: { id: string }) => booking.id)).toEqual([
      permanentBefore.body.id,
      inside.body.id,
      lastDay.body.id,
    ]);
    // The same views as every other booking answer.
    expect(response.body).toEqual([permanentBefore.body, inside.body, lastDay.body]);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body[1].user).toEqual({ firstName: 'Mia', lastName: 'Member', email: member.email });
  });

  it('answers an empty list to a member of an organization without bookings in the range', async () => {
    const empty = await createOrganization(testApp);
    const response = await empty.admin.client.get(range(empty.id, empty.day(0), empty.day(7)));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('never shows another organization bookings', async () => {
    const other = await createOrganization(testApp);
    await book(other.admin.client, other, { bookingDate: other.day(3) });
    const response = await organization.admin.client.get(
      range(organization.id, organization.day(0), organization.day(30)),
    );
    expect(
      response.body.every((booking: { organizationId: string }) => booking.organizationId === organization.id),
    ).toBe(true);
    expect((await organization.admin.client.get(range(other.id, other.day(0), other.day(30)))).status).toBe(404);
  });

  it.each([
    ['no dates', ''],
    ['no end date', '?startDate=2026-01-01'],
    ['a date that does not exist', '?startDate=2026-02-30&endDate=2026-03-01'],
    ['a range of 367 days', '?startDate=2026-01-01&endDate=2027-01-02'],
    ['an end before the start', '?startDate=2026-01-02&endDate=2026-01-01'],
    ['dates given twice', '?startDate=2026-01-01&startDate=2026-01-02&endDate=2026-01-03'],
  ])('answers 400 for %s', async (_name, query) => {
    const response = await organization.admin.client.get(`/api/organizations/${organization.id}/bookings${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/\((startDate|endDate)\)$/);
  });

  it('accepts a range of exactly 366 days, and answers 401 signed out and 404 for a non-uuid organization', async () => {
    expect((await organization.admin.client.get(range(organization.id, '2026-01-01', '2027-01-01'))).status).toBe(200);
    expect((await testApp.client().get(range(organization.id, '2026-01-01', '2026-01-02'))).status).toBe(401);
    expect((await organization.admin.client.get(range('nope', '2026-01-01', '2026-01-02'))).status).toBe(404);
  });
});

describe("the user's own bookings", () => {
  it('lists its active and cancelled bookings in that organization only, newest date first', async () => {
    const member = await addMember(testApp, organization.id);
    const soon = await book(member.client, organization, {
      deskId: organization.desks[0],
      bookingDate: organization.day(2),
    });
    const later = await book(member.client, organization, {
      deskId: organization.desks[0],
      bookingDate: organization.day(9),
    });
    await member.client.request('DELETE', `/api/bookings/${soon.body.id}`);
    await book(organization.admin.client, organization, {
      deskId: organization.desks[1],
      bookingDate: organization.day(3),
    });

    const response = await member.client.get(`/api/users/bookings?organizationId=${organization.id}`);
    expect(response.status).toBe(200);
    expect(response.body.map((booking: { id: string; status: string }) => [booking.id, booking.status])).toEqual([
      [later.body.id, 'active'],
      [soon.body.id, 'cancelled'],
    ]);
  });

  it('answers 400 without an organization and 404 for one the user is not in', async () => {
    const member = await addMember(testApp, organization.id);
    const missing = await member.client.get('/api/users/bookings');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Organization is required (organizationId)');
    expect((await member.client.get(`/api/users/bookings?organizationId=${randomUUID()}`)).status).toBe(404);
  });
});

describe('desk availability for a date', () => {
  it('answers the status, each slot and the bookings of that date', async () => {
    const deskId = organization.desks[2];
    const date = organization.day(12);
    const member = await addMember(testApp, organization.id);
    const url = `/api/desks/${deskId}/availability?date=${date}`;
    expect((await member.client.get(url)).body).toEqual({
      deskId,
      date,
      status: 'available',
      slots: { 'full-day': 'available', morning: 'available', afternoon: 'available' },
      bookings: [],
    });
    const morning = await book(member.client, organization, { deskId, bookingDate: date, timeSlot: 'morning' });
    await book(member.client, organization, { deskId, bookingDate: addDays(date, 1), timeSlot: 'afternoon' });
    const partial = await member.client.get(url);
    expect(partial.body.status).toBe('partial');
    expect(partial.body.slots).toEqual({ 'full-day': 'booked', morning: 'booked', afternoon: 'available' });
    expect(partial.body.bookings).toEqual([morning.body]);
    await book(organization.admin.client, organization, { deskId, bookingDate: date, timeSlot: 'afternoon' });
    expect((await member.client.get(url)).body.status).toBe('booked');
  });

  it('counts a permanent booking from its date on', async () => {
    const deskId = organization.desks[3];
    await book(organization.admin.client, organization, {
      deskId,
      bookingDate: organization.day(5),
      isPermanent: true,
    });
    const before = await organization.admin.client.get(`/api/desks/${deskId}/availability?date=${organization.day(4)}`);
    expect(before.body.status).toBe('available');
    const after = await organization.admin.client.get(`/api/desks/${deskId}/availability?date=${organization.day(90)}`);
    expect(after.body.status).toBe('booked');
    expect(after.body.bookings[0].isPermanent).toBe(true);
  });

  it('answers 400 for a bad date, 404 for another tenant desk or a non-uuid, 401 signed out', async () => {
    const deskId = organization.desks[2];
    expect((await organization.admin.client.get(`/api/desks/${deskId}/availability`)).body.message).toBe(
      'Date is required (date)',
    );
    expect((await organization.admin.client.get(`/api/desks/${deskId}/availability?date=2026-13-01`)).status).toBe(400);
    const other = await createOrganization(testApp);
    expect((await other.admin.client.get(`/api/desks/${deskId}/availability?date=2026-12-01`)).status).toBe(404);
    expect((await other.admin.client.get('/api/desks/x/availability?date=2026-12-01')).status).toBe(404);
    expect((await testApp.client().get(`/api/desks/${deskId}/availability?date=2026-12-01`)).status).toBe(401);
  });
});

describe('cancelling a booking', () => {
  it('lets the owner cancel its own future booking, keeping the row as cancelled, without mailing itself', async () => {
    const member = await addMember(testApp, organization.id);
    const booking = await book(member.client, organization, {
      deskId: organization.desks[4],
      bookingDate: organization.day(0),
    });
    const response = await member.client.request('DELETE', `/api/bookings/${booking.body.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Booking cancelled.' });
    const [row] = await testApp.database.sql.query<{ status: string; cancelled_by: string; cancelled_at: unknown }>(
      'SELECT status, cancelled_by, cancelled_at FROM bookings WHERE id = $1',
      [booking.body.id],
    );
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: member.user.id });
    expect(row?.cancelled_at).not.toBeNull();
    await afterPendingMail();
    expect(testApp.mails.filter((mail) => mail.to === member.email && /cancelled/.test(mail.subject))).toEqual([]);
  });

  it('answers 400 to the owner for a past booking and for one already cancelled', async () => {
    const member = await addMember(testApp, organization.id);
    const past = await insertBooking(testApp, {
      organizationId: organization.id,
      deskId: organization.desks[5]!,
      userId: member.user.id,
      bookingDate: organization.day(-2),
    });
    const response = await member.client.request('DELETE', `/api/bookings/${past}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('A booking in the past cannot be cancelled.');
    expect(await statusOf(past)).toBe('active');

    const booking = await book(member.client, organization, {
      deskId: organization.desks[5],
      bookingDate: organization.day(4),
    });
    expect((await member.client.request('DELETE', `/api/bookings/${booking.body.id}`)).status).toBe(200);
    const again = await member.client.request('DELETE', `/api/bookings/${booking.body.id}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This booking is already cancelled.');
  });

  it("answers 403 to a member cancelling someone else's booking, and 404 to another tenant or an unknown id", async () => {
    const owner = await addMember(testApp, organization.id);
    const booking = await book(owner.client, organization, {
      deskId: organization.desks[6],
      bookingDate: organization.day(6),
    });
    const colleague = await addMember(testApp, organization.id);
    expect((await colleague.client.request('DELETE', `/api/bookings/${booking.body.id}`)).status).toBe(403);
    const stranger = await createOrganization(testApp);
    expect((await stranger.admin.client.request('DELETE', `/api/bookings/${booking.body.id}`)).status).toBe(404);
    expect((await owner.client.request('DELETE', `/api/bookings/${randomUUID()}`)).status).toBe(404);
    expect((await owner.client.request('DELETE', '/api/bookings/42')).status).toBe(404);
    expect((await testApp.client().request('DELETE', `/api/bookings/${booking.body.id}`)).status).toBe(401);
    expect(await statusOf(booking.body.id)).toBe('active');
  });

  it("lets an admin cancel anyone's booking, past ones included, and mails the owner", async () => {
    const owner = await addMember(testApp, organization.id);
    const booking = await book(owner.client, organization, {
      deskId: organization.desks[6],
      bookingDate: organization.day(8),
    });
    const response = await organization.admin.client.request('DELETE', `/api/bookings/${booking.body.id}`);
    expect(response.status).toBe(200);
    expect(await statusOf(booking.body.id)).toBe('cancelled');
    await vi.waitFor(() => expect(testApp.mails.filter((mail) => mail.to === owner.email)).toHaveLength(2));
    const notice = testApp.mails.filter((mail) => mail.to === owner.email).at(-1);
    expect(notice?.subject).toMatch(/^Your booking of desk D07 on .* was cancelled$/);
    expect(notice?.attachments?.[0]?.content).toContain('STATUS:CANCELLED');

    const past = await insertBooking(testApp, {
      organizationId: organization.id,
      deskId: organization.desks[6]!,
      userId: owner.user.id,
      bookingDate: organization.day(-3),
    });
    expect((await organization.admin.client.request('DELETE', `/api/bookings/${past}`)).status).toBe(200);
  });
});

describe("cancelling all of a member's bookings", () => {
  it('cancels its active bookings from today on and its permanent ones, keeps past ones, and mails it once', async () => {
    const office = await createOrganization(testApp, { deskCount: 3 });
    const member = await addMember(testApp, office.id);
    await testApp.database.sql.query('UPDATE memberships SET role = $1 WHERE user_id = $2', ['admin', member.user.id]);
    const today = await book(member.client, office, { bookingDate: office.day(0) });
    const later = await book(member.client, office, { bookingDate: office.day(30), timeSlot: 'morning' });
    const permanent = await book(member.client, office, {
      deskId: office.desks[1],
      bookingDate: office.day(2),
      isPermanent: true,
    });
    await testApp.database.sql.query('UPDATE memberships SET role = $1 WHERE user_id = $2', ['member', member.user.id]);
    const [past] = await testApp.database.sql.query<{ id: string }>(
      `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
       VALUES ($1, $2, $3, $4, 'full-day') RETURNING id`,
      [office.id, office.desks[2], member.user.id, office.day(-1)],
    );
    const bystander = await book(office.admin.client, office, { deskId: office.desks[2], bookingDate: office.day(1) });

    const url = `/api/organizations/${office.id}/users/${member.user.id}/bookings`;
    expect((await member.client.request('DELETE', url)).status).toBe(403);
    const response = await office.admin.client.request('DELETE', url);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: '3 bookings cancelled', cancelledCount: 3 });
    for (const id of [today.body.id, later.body.id, permanent.body.id]) expect(await statusOf(id)).toBe('cancelled');
    expect(await statusOf(past!.id)).toBe('active');
    expect(await statusOf(bystander.body.id)).toBe('active');
    await vi.waitFor(() =>
      expect(testApp.mails.filter((mail) => mail.to === member.email && /cancelled/.test(mail.subject))).toHaveLength(
        1,
      ),
    );
    expect((await office.admin.client.request('DELETE', url)).body.cancelledCount).toBe(0);
  });

  it('answers 404 for a user who is not a member, another tenant, or a non-uuid, and 401 signed out', async () => {
    const stranger = await createOrganization(testApp);
    const base = `/api/organizations/${organization.id}/users`;
    expect(
      (await organization.admin.client.request('DELETE', `${base}/${stranger.admin.user.id}/bookings`)).status,
    ).toBe(404);
    expect((await organization.admin.client.request('DELETE', `${base}/zzz/bookings`)).status).toBe(404);
    expect(
      (await stranger.admin.client.request('DELETE', `${base}/${organization.admin.user.id}/bookings`)).status,
    ).toBe(404);
    expect((await testApp.client().request('DELETE', `${base}/${organization.admin.user.id}/bookings`)).status).toBe(
      401,
    );
  });
});

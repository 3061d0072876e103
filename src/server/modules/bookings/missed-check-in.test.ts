import { describe, expect, it } from 'vitest';
import {
  activeRows,
  afterPendingMail,
  book,
  bookToday,
  createOrganization,
  memberForTests,
  organizationForTests,
} from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { releaseNoShows } from '../check-in/service.ts';

// Issue 26: a booking of a slot whose check-in window has already closed could never be checked in, and the release
// job ended it at its next pass with a mail. The server refuses it with the booking rules, inside the booking's
// transaction; a walk-in (Sit here, at the desk) is checked in as it is made and is booked.

const testApp = startTestAppForFile();

const sitHere = 'or use Sit here at the desk to book and check in at once';

describe('booking a slot of today whose check-in has closed', () => {
  // The organization's clock shows 10 or 11 o'clock and its grace is 15 minutes: the check-in of a morning or a full
  // day (from 09:00) closed at 9:15, the afternoon's (13:00) has not.
  const organization = organizationForTests(testApp, {
    hours: [10, 11],
    deskCount: 8,
    rules: { onePerPersonPerSlot: false, checkInRequired: true, checkInGraceMinutes: 15 },
  });
  const member = memberForTests(testApp, organization);

  it('refuses this morning with a sentence saying when check-in closed and what is still open, and books nothing', async () => {
    const response = await bookToday(member.client, organization, 0, 'morning');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: `Check-in for this morning closed at 9:15 AM: book this afternoon instead, ${sitHere}`,
      code: 'booking_rule',
      details: { rule: 'check-in-closed', bookingDate: organization.day(0) },
    });
    expect(await activeRows(testApp, organization.desks[0] ?? '')).toEqual([]);
  });

  it('refuses the full day too, and books this afternoon, whose check-in has not closed', async () => {
    const fullDay = await bookToday(member.client, organization, 1, 'full-day');
    expect(fullDay.status).toBe(422);
    expect(fullDay.body.message).toBe(
      `Check-in for the full day today closed at 9:15 AM: book this afternoon instead, ${sitHere}`,
    );
    const afternoon = await bookToday(member.client, organization, 1, 'afternoon');
    expect(afternoon.status, afternoon.text).toBe(201);
    expect(await activeRows(testApp, organization.desks[1] ?? '')).toEqual([
      { booking_date: organization.day(0), time_slot: 'afternoon', user_id: member.user.id },
    ]);
  });

  it('refuses a series that starts this morning as a whole, naming today', async () => {
    const deskId = organization.desks[2] ?? '';
    const response = await member.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      bookings: [0, 1, 2].map((days) => ({ deskId, bookingDate: organization.day(days), timeSlot: 'morning' })),
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'booking_rule',
      details: { rule: 'check-in-closed', bookingDate: organization.day(0) },
    });
    expect(await activeRows(testApp, deskId)).toEqual([]);
  });

  it('refuses an admin booking this morning for a member, and says the member can sit there themselves', async () => {
    const deskId = organization.desks[3] ?? '';
    const response = await book(organization.admin.client, organization, {
      deskId,
      bookingDate: organization.day(0),
      timeSlot: 'morning',
      userId: member.user.id,
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'Check-in for this morning closed at 9:15 AM: book this afternoon instead, or Mia Member can use Sit here at the desk to book and check in at once',
    );
    expect(await activeRows(testApp, deskId)).toEqual([]);
  });

  it('books tomorrow morning, whose check-in has not opened yet', async () => {
    const response = await book(member.client, organization, {
      deskId: organization.desks[4],
      bookingDate: organization.day(1),
      timeSlot: 'morning',
    });
    expect(response.status, response.text).toBe(201);
  });

  it('counts a walk-in at the desk as checked in: Sit here books this morning, and the release job keeps it', async () => {
    const deskId = organization.desks[5] ?? '';
    const response = await member.client.post(`/api/desks/${deskId}/walk-in`, { timeSlot: 'morning' });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ timeSlot: 'morning', isWalkIn: true, checkedInAt: expect.any(String) });
    await releaseNoShows(testApp.app.perch);
    const [row] = await testApp.database.sql.query<{ status: string; released: boolean }>(
      'SELECT status, released_at IS NOT NULL AS released FROM bookings WHERE id = $1',
      [response.body.id],
    );
    expect(row).toEqual({ status: 'active', released: false });
    await afterPendingMail();
  });
});

describe('booking a slot of today without check-in', () => {
  it('books this morning at any hour when the organization does not require check-in', async () => {
    const organization = await createOrganization(testApp, { hours: [10, 11] });
    const response = await book(organization.admin.client, organization, {
      bookingDate: organization.day(0),
      timeSlot: 'morning',
    });
    expect(response.status, response.text).toBe(201);
    await afterPendingMail();
  });
});

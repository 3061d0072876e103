import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '#domain/bookings.ts';
import { type CheckInSettings, checkInWindow, localClock } from '#domain/check-in.ts';
import { defaultSiteClock } from '#domain/sites.ts';
import {
  addMember,
  afterPendingMail,
  createOrganization,
  memberForTests,
  organizationForTests,
  setBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { signUp, startTestAppForFile, type TestClient } from '#test-support/harness.ts';
import { insertBooking } from '#test-support/team.ts';
import { releaseNoShows } from './service.ts';

const testApp = startTestAppForFile();

/** Check-in settings over the default rules, with one desk per person off: tests book several desks for one member. */
function setCheckIn(organization: TestOrganization, settings: Partial<CheckInSettings>) {
  return setBookingRules(organization, { onePerPersonPerSlot: false, ...settings });
}

/** A booking written directly, so that any date and slot can be set up whatever the hour of the run. */
function insertBookingAt(
  organization: TestOrganization,
  {
    deskIndex,
    ...booking
  }: { deskIndex: number; userId: string; bookingDate: string; timeSlot?: TimeSlot; isPermanent?: boolean },
): Promise<string> {
  return insertBooking(testApp, {
    organizationId: organization.id,
    deskId: organization.desks[deskIndex] ?? '',
    ...booking,
  });
}

async function bookingState(bookingId: string) {
  const [row] = await testApp.database.sql.query<{ status: string; checked_in: boolean; released: boolean }>(
    `SELECT status, checked_in_at IS NOT NULL AS checked_in, released_at IS NOT NULL AS released
     FROM bookings WHERE id = $1`,
    [bookingId],
  );
  return row;
}

/** The check-in of a booking, as its Check in button sends it. */
const postCheckIn = (client: TestClient, bookingId: string) => client.post(`/api/bookings/${bookingId}/check-in`, {});

describe('checking in', () => {
  // The organization's clock shows 10 or 11 o'clock (the zone is picked for it), and its grace is 4 hours: a full-day
  // booking of today is inside its window (08:30 to 13:00) whatever the hour of the run.
  const organization = organizationForTests(testApp, {
    hours: [10, 11],
    deskCount: 12,
    rules: { onePerPersonPerSlot: false, checkInRequired: true, checkInGraceMinutes: 240 },
  });
  const member = memberForTests(testApp, organization);
  /** The member's booking of desk `deskIndex`, `days` after today in the organization's zone, written directly. */
  const membersBooking = (deskIndex: number, days: number, isPermanent = false) =>
    insertBookingAt(organization, {
      deskIndex,
      userId: member.user.id,
      bookingDate: organization.day(days),
      isPermanent,
    });

  it('records the check-in of the owner in the window and shows it in every booking read', async () => {
    const bookingId = await membersBooking(0, 0);
    const response = await postCheckIn(member.client, bookingId);
    expect(response.status).toBe(200);
    const checkedInAt = response.body.checkedInAt as string;
    expect(Math.abs(Date.parse(checkedInAt) - Date.now())).toBeLessThan(60_000);

    const day = await member.client.get(
      `/api/organizations/${organization.id}/bookings?startDate=${organization.day(0)}&endDate=${organization.day(0)}`,
    );
    expect(day.body.find((booking: { id: string }) => booking.id === bookingId)).toMatchObject({
      checkedInAt,
      endReason: null,
      isWalkIn: false,
    });
    const mine = await member.client.get(`/api/users/bookings?organizationId=${organization.id}`);
    expect(mine.body.find((booking: { id: string }) => booking.id === bookingId).checkedInAt).toBe(checkedInAt);

    const again = await postCheckIn(member.client, bookingId);
    expect(again.status).toBe(200);
    expect(again.body.checkedInAt).toBe(checkedInAt);
  });

  it('answers 422 with the opening time before the window opens', async () => {
    const bookingId = await membersBooking(1, 1);
    const response = await postCheckIn(member.client, bookingId);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Check-in opens at 8:30 AM tomorrow, 30 minutes before your booking starts');
    expect((await bookingState(bookingId))?.checked_in).toBe(false);
  });

  it('answers 422 with the closing time once the window closed', async () => {
    const bookingId = await membersBooking(2, -1);
    const response = await postCheckIn(member.client, bookingId);
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/^Check-in closed at 1:00 PM on \w+day, \d+ \w+ \d{4}$/);
  });

  it('answers 409 for a cancelled booking and for a released one, saying which', async () => {
    const cancelled = await membersBooking(3, 0);
    await testApp.database.sql.query(`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      cancelled,
    ]);
    const refused = await postCheckIn(member.client, cancelled);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This booking was cancelled');

    const released = await membersBooking(4, -1);
    await testApp.database.sql.query(
      `UPDATE bookings SET status = 'cancelled', cancelled_at = $2, released_at = $2 WHERE id = $1`,
      [released, new Date(Date.now() - 26 * 3600_000).toISOString()],
    );
    const late = await postCheckIn(member.client, released);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^This booking was released at \d{1,2}:\d\d [AP]M.* because nobody checked in$/);
  });

  it('answers 422 for a permanent booking, which is a desk block', async () => {
    const bookingId = await membersBooking(5, -3, true);
    const response = await postCheckIn(member.client, bookingId);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Permanent bookings need no check-in');
  });

  it('answers 404 to another member and to an outsider, and lets an admin check in for the owner (audited)', async () => {
    const bookingId = await membersBooking(6, 0);
    const colleague = await addMember(testApp, organization.id);
    expect((await postCheckIn(colleague.client, bookingId)).status).toBe(404);
    const outsider = await signUp(testApp);
    expect((await postCheckIn(outsider.client, bookingId)).status).toBe(404);
    expect((await bookingState(bookingId))?.checked_in).toBe(false);

    const byAdmin = await postCheckIn(organization.admin.client, bookingId);
    expect(byAdmin.status).toBe(200);
    const log = await organization.admin.client.get(`/api/organizations/${organization.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'booking.checked_in_for_member',
      details: { desk: 'D07', owner: { name: 'Mia Member' } },
    });
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers 404 for the booking id %s', async (id) => {
    expect((await postCheckIn(member.client, id)).status).toBe(404);
  });
});

describe('releasing bookings nobody checked in to', () => {
  it('releases exactly the due bookings when their window has closed, mails the owner and frees the desk', async () => {
    const organization = await createOrganization(testApp, { timeZone: 'America/New_York', deskCount: 8 });
    const member = await addMember(testApp, organization.id);
    await setCheckIn(organization, { checkInRequired: true, checkInGraceMinutes: 15 });
    // A day ahead, so that check-in was required before each window opened, and the clock is the test's.
    const date = organization.day(3);
    const noShow = await insertBookingAt(organization, {
      deskIndex: 0,
      userId: member.user.id,
      bookingDate: date,
      timeSlot: 'morning',
    });
    const checkedIn = await insertBookingAt(organization, { deskIndex: 1, userId: member.user.id, bookingDate: date });
    await testApp.database.sql.query('UPDATE bookings SET checked_in_at = now() WHERE id = $1', [checkedIn]);
    const afternoon = await insertBookingAt(organization, {
      deskIndex: 2,
      userId: member.user.id,
      bookingDate: date,
      timeSlot: 'afternoon',
    });
    const permanent = await insertBookingAt(organization, {
      deskIndex: 3,
      userId: member.user.id,
      bookingDate: organization.day(1),
      isPermanent: true,
    });

    const closes = checkInWindow(
      { bookingDate: date, timeSlot: 'morning' },
      defaultSiteClock(organization.timeZone),
      15,
    ).closesAt;
    expect(localClock(closes, organization.timeZone).time).toBe('09:15');
    // A second before the close nothing of it is due; at the close the morning's booking is. (Other tests'
    // organizations share the database, so the passes are judged by these bookings, not by their counts.)
    await releaseNoShows(testApp.app.perch, new Date(closes.getTime() - 1000));
    expect((await bookingState(noShow))?.status).toBe('active');
    const mailsBefore = testApp.mails.length;
    await releaseNoShows(testApp.app.perch, closes);
    await releaseNoShows(testApp.app.perch, new Date(closes.getTime() + 60_000));

    expect(await bookingState(noShow)).toEqual({ status: 'cancelled', checked_in: false, released: true });
    expect(await bookingState(checkedIn)).toEqual({ status: 'active', checked_in: true, released: false });
    expect(await bookingState(afternoon)).toEqual({ status: 'active', checked_in: false, released: false });
    expect(await bookingState(permanent)).toEqual({ status: 'active', checked_in: false, released: false });

    await afterPendingMail();
    const mails = testApp.mails.slice(mailsBefore).filter((message) => message.to === member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Desk D01 was released: nobody checked in by 09:15 New York time');
    const read = await member.client.get(`/api/users/bookings?organizationId=${organization.id}`);
    expect(read.body.find((booking: { id: string }) => booking.id === noShow)).toMatchObject({
      status: 'cancelled',
      endReason: 'no-show',
      checkedInAt: null,
    });
    const log = await organization.admin.client.get(`/api/organizations/${organization.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({ action: 'booking.released', actor: null, details: { desk: 'D01' } });

    // The desk is free again for that morning.
    const rebook = await organization.admin.client.post('/api/bookings', {
      organizationId: organization.id,
      deskId: organization.desks[0],
      bookingDate: date,
      timeSlot: 'morning',
    });
    expect(rebook.status).toBe(201);

    // The afternoon's window closes at 13:15.
    const afternoonCloses = checkInWindow(
      { bookingDate: date, timeSlot: 'afternoon' },
      defaultSiteClock(organization.timeZone),
      15,
    );
    await releaseNoShows(testApp.app.perch, afternoonCloses.closesAt);
    expect((await bookingState(afternoon))?.released).toBe(true);
  });

  it('releases nothing where check-in is not required, or auto-release is off, or the window opened before check-in was required', async () => {
    const relaxed = await createOrganization(testApp, { deskCount: 2 });
    const noAutoRelease = await createOrganization(testApp, { deskCount: 2 });
    await setCheckIn(noAutoRelease, { checkInRequired: true, autoRelease: false });
    const lateSwitch = await createOrganization(testApp, { deskCount: 2 });
    await setCheckIn(lateSwitch, { checkInRequired: true });

    const date = relaxed.day(2);
    const ids = [
      await insertBookingAt(relaxed, { deskIndex: 0, userId: relaxed.admin.user.id, bookingDate: date }),
      await insertBookingAt(noAutoRelease, { deskIndex: 0, userId: noAutoRelease.admin.user.id, bookingDate: date }),
      await insertBookingAt(lateSwitch, { deskIndex: 0, userId: lateSwitch.admin.user.id, bookingDate: date }),
    ];
    // Check-in became required after that day's window opened.
    const window = checkInWindow(
      { bookingDate: date, timeSlot: 'full-day' },
      defaultSiteClock(lateSwitch.timeZone),
      30,
    );
    await testApp.database.sql.query('UPDATE organizations SET check_in_required_since = $2 WHERE id = $1', [
      lateSwitch.id,
      new Date(window.opensAt.getTime() + 60_000).toISOString(),
    ]);
    await releaseNoShows(testApp.app.perch, new Date(window.closesAt.getTime() + 3600_000));
    for (const id of ids) expect((await bookingState(id))?.status).toBe('active');
  });

  it('lets a check-in and the release race for the same bookings: each ends checked in or released, never both', async () => {
    const organization = await createOrganization(testApp, { timeZone: 'Europe/Berlin', deskCount: 20 });
    await setCheckIn(organization, { checkInRequired: true });
    const date = organization.day(4);
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      ids.push(
        await insertBookingAt(organization, {
          deskIndex: index,
          userId: organization.admin.user.id,
          bookingDate: date,
        }),
      );
    }
    const closes = checkInWindow(
      { bookingDate: date, timeSlot: 'full-day' },
      defaultSiteClock(organization.timeZone),
      30,
    ).closesAt;
    const { checkIn } = await import('./service.ts');
    const justBefore = new Date(closes.getTime() - 1);
    const outcomes = await Promise.allSettled([
      releaseNoShows(testApp.app.perch, closes),
      ...ids.map((id) => checkIn(testApp.app.perch, organization.admin.user.id, id, justBefore)),
    ]);
    const states = await Promise.all(ids.map(bookingState));
    for (const state of states) {
      expect(state?.checked_in && state.released).toBe(false);
      expect(state?.checked_in || state?.released).toBe(true);
    }
    // Every refused check-in lost to the release and says so.
    for (const outcome of outcomes.slice(1)) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/released/);
    }
  });
});

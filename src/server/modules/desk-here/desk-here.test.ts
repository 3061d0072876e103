import { describe, expect, it } from 'vitest';
import { bookingMessages } from '#domain/bookings.ts';
import { localClock } from '#domain/check-in.ts';
import { deskHereMessages } from '#domain/desk-here.ts';
import {
  addDesks,
  addFloor,
  addMember,
  afterPendingMail,
  bookToday,
  createOrganization,
  memberForTests,
  organizationForTests,
} from '#test-support/bookings.ts';
import { signUp, startTestAppForFile } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

const hereUrl = (deskId: string) => `/api/desks/${deskId}/here`;
const walkInUrl = (deskId: string) => `/api/desks/${deskId}/walk-in`;

async function placeDesk(deskId: string, x: number, y: number) {
  await testApp.database.sql.query('UPDATE desks SET position_x = $2, position_y = $3 WHERE id = $1', [deskId, x, y]);
}

async function bookingsOf(userId: string) {
  return testApp.database.sql.query<{ desk_id: string; time_slot: string; is_walk_in: boolean; checked_in: boolean }>(
    `SELECT desk_id, time_slot, is_walk_in, checked_in_at IS NOT NULL AS checked_in FROM bookings
     WHERE user_id = $1 AND status = 'active' ORDER BY created_at`,
    [userId],
  );
}

describe('the desk page in the morning', () => {
  // The organization's clock shows 10 or 11 o'clock: before 13:00, Sit here offers the rest of the day and the morning.
  // Its check-in grace is 4 hours: the window of a full day runs from 08:30 to 13:00.
  const organization = organizationForTests(testApp, {
    hours: [10, 11],
    deskCount: 8,
    rules: { checkInGraceMinutes: 240 },
  });
  const member = memberForTests(testApp, organization);
  const other = memberForTests(testApp, organization, 'member', { firstName: 'Olga', lastName: 'Other' });

  it('offers Sit here on a free desk, with everything the page shows in one read', async () => {
    const response = await member.client.get(hereUrl(organization.desks[0] ?? ''));
    expect(response.status).toBe(200);
    const local = localClock(new Date(), organization.timeZone);
    expect(response.body).toEqual({
      organization: {
        id: organization.id,
        name: 'Acme Corp',
        timeZone: organization.timeZone,
        checkIn: { checkInRequired: false, checkInGraceMinutes: 240, autoRelease: true },
      },
      site: {
        id: expect.any(String),
        name: 'Main office',
        timeZone: organization.timeZone,
        dayStart: '09:00',
        midday: '13:00',
        dayEnd: '18:00',
      },
      desk: {
        id: organization.desks[0],
        name: 'D01',
        floor: { id: organization.floorId, name: 'Floor 1' },
        bookable: true,
        unavailableReason: null,
        position: { x: '10', y: '10', width: '120', height: '80', rotation: '0' },
      },
      today: local.date,
      localTime: expect.stringMatching(/^1[01]:\d\d$/),
      myBookings: [],
      slots: { 'full-day': 'available', morning: 'available', afternoon: 'available' },
      walkInSlots: ['full-day', 'morning'],
      offer: { kind: 'sit-here', slots: ['full-day', 'morning'] },
      nearestFreeDesk: null,
    });
  });

  it('offers Check in to my full day in its window, and says so once I checked in', async () => {
    const booked = await bookToday(member.client, organization, 1, 'full-day');
    expect(booked.status).toBe(201);
    const before = await member.client.get(hereUrl(organization.desks[1] ?? ''));
    expect(before.body.offer).toEqual({
      kind: 'check-in',
      bookingId: booked.body.id,
      timeSlot: 'full-day',
      closesAt: '13:00',
    });
    expect(before.body.myBookings).toEqual([expect.objectContaining({ id: booked.body.id, checkedInAt: null })]);
    expect(before.body.walkInSlots).toEqual([]);

    const checkIn = await member.client.post(`/api/bookings/${booked.body.id}/check-in`, {});
    expect(checkIn.status).toBe(200);
    const after = await member.client.get(hereUrl(organization.desks[1] ?? ''));
    expect(after.body.offer).toEqual({
      kind: 'checked-in',
      bookingId: booked.body.id,
      timeSlot: 'full-day',
      checkedInAt: checkIn.body.checkedInAt,
    });
    // Someone else at the same desk sees it taken by me for the rest of the day.
    const seen = await other.client.get(hereUrl(organization.desks[1] ?? ''));
    expect(seen.body.offer).toEqual({ kind: 'taken', holder: 'Mia Member', isPermanent: false });
  });

  it('says when the window of my afternoon opens', async () => {
    const booked = await bookToday(other.client, organization, 2, 'afternoon');
    expect(booked.status).toBe(201);
    const response = await other.client.get(hereUrl(organization.desks[2] ?? ''));
    expect(response.body.offer).toEqual({
      kind: 'your-booking',
      bookingId: booked.body.id,
      timeSlot: 'afternoon',
      message: 'Check-in opens at 12:30 PM, 30 minutes before your booking starts',
    });
    // Anyone else with no booking today may still sit there this morning.
    const viewer = await addMember(testApp, organization.id, 'member', { firstName: 'Ned', lastName: 'Nobooking' });
    expect((await viewer.client.get(hereUrl(organization.desks[2] ?? ''))).body.offer).toEqual({
      kind: 'sit-here',
      slots: ['morning'],
    });
    await other.client.request('DELETE', `/api/bookings/${booked.body.id}`);
  });

  it('offers This afternoon on a desk taken this morning, and the nearest free desk of its floor', async () => {
    const [d04, d05, d06, d07, d08] = organization.desks.slice(3) as [string, string, string, string, string];
    for (const far of organization.desks.slice(0, 3)) await placeDesk(far, 1500, 900);
    await placeDesk(d04, 0, 0);
    await placeDesk(d05, 130, 0); // the closest, but out of service
    await placeDesk(d06, 0, 100); // close, but its morning is taken
    await placeDesk(d07, 0, 300); // the nearest free desk
    await placeDesk(d08, 500, 0);
    await testApp.database.sql.query(`UPDATE desks SET bookable = false, unavailable_reason = 'Wobbly' WHERE id = $1`, [
      d05,
    ]);
    const [elsewhere] = await addDesks(
      testApp,
      organization.id,
      await addFloor(testApp, organization.id, 'Floor 2'),
      1,
    );
    await placeDesk(elsewhere ?? '', 0, 0);
    expect((await bookToday(other.client, organization, 3, 'morning')).status).toBe(201);
    const admin = organization.admin.client;
    expect((await bookToday(admin, organization, 5, 'morning')).status).toBe(201);

    // Someone with no booking today (Mia holds D02 all day: the page would offer her to move its afternoon here).
    const viewer = await addMember(testApp, organization.id, 'member', { firstName: 'Vic', lastName: 'Viewer' });
    const response = await viewer.client.get(hereUrl(d04));
    expect(response.body.offer).toEqual({ kind: 'afternoon-free', holder: 'Olga Other' });
    expect(response.body.slots).toEqual({ 'full-day': 'booked', morning: 'booked', afternoon: 'available' });
    expect(response.body.nearestFreeDesk).toEqual({ id: d07, name: 'D07', walkInSlots: ['full-day', 'morning'] });

    // Out of service, the desk says why and points at the nearest free one too.
    const outOfService = await member.client.get(hereUrl(d05));
    expect(outOfService.body.offer).toEqual({ kind: 'out-of-service', reason: 'Wobbly' });
    expect(outOfService.body.walkInSlots).toEqual([]);
    expect(outOfService.body.nearestFreeDesk).toMatchObject({ id: d07 });
  });

  it('books a free desk with Sit here, checked in at once, shown on the map and confirmed by mail', async () => {
    const walker = await addMember(testApp, organization.id, 'member', { firstName: 'Sam', lastName: 'Sitter' });
    const deskId = organization.desks[7] ?? '';
    const response = await walker.client.post(walkInUrl(deskId), { timeSlot: 'morning' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      deskId,
      desk: { name: 'D08', floor: { name: 'Floor 1' } },
      userId: walker.user.id,
      bookingDate: organization.day(0),
      timeSlot: 'morning',
      status: 'active',
      isWalkIn: true,
      checkedInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Math.abs(Date.parse(response.body.checkedInAt) - Date.now())).toBeLessThan(60_000);
    const rows = await testApp.database.sql.query<{ is_walk_in: boolean; checked_in_at: Date | string }>(
      'SELECT is_walk_in, checked_in_at FROM bookings WHERE id = $1',
      [response.body.id],
    );
    expect(rows[0]?.is_walk_in).toBe(true);
    expect(rows[0]?.checked_in_at).not.toBeNull();

    const today = organization.day(0);
    const map = await walker.client.get(
      `/api/organizations/${organization.id}/bookings?startDate=${today}&endDate=${today}`,
    );
    expect(map.body).toContainEqual(
      expect.objectContaining({ id: response.body.id, isWalkIn: true, checkedInAt: response.body.checkedInAt }),
    );
    expect((await walker.client.get(hereUrl(deskId))).body.offer).toMatchObject({
      kind: 'checked-in',
      bookingId: response.body.id,
    });
    await afterPendingMail();
    expect(testApp.mails.filter((mail) => mail.to === walker.email)).toHaveLength(1);
  });

  it('refuses a walk-in that breaks a booking rule with its sentence, and writes nothing', async () => {
    const person = await addMember(testApp, organization.id, 'member', { firstName: 'Rita', lastName: 'Rule' });
    expect((await bookToday(person.client, organization, 6, 'morning')).status).toBe(201);
    const before = await bookingsOf(person.user.id);
    const response = await person.client.post(walkInUrl(organization.desks[0] ?? ''), { timeSlot: 'full-day' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message: 'You already have D07 this morning', code: 'booking_rule' });
    expect(await bookingsOf(person.user.id)).toEqual(before);
  });

  it('answers 409 on a taken desk and on a desk out of service', async () => {
    const person = await addMember(testApp, organization.id, 'member', { firstName: 'Tom', lastName: 'Taken' });
    const taken = await person.client.post(walkInUrl(organization.desks[3] ?? ''), { timeSlot: 'morning' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(bookingMessages.alreadyBooked);
    const outOfService = await person.client.post(walkInUrl(organization.desks[4] ?? ''), { timeSlot: 'morning' });
    expect(outOfService.status).toBe(409);
    expect(outOfService.body.message).toBe('D05 is out of service: Wobbly.');
    expect(await bookingsOf(person.user.id)).toEqual([]);
  });

  it('answers 422 for the afternoon, which Sit here does not offer before 13:00', async () => {
    const response = await member.client.post(walkInUrl(organization.desks[0] ?? ''), { timeSlot: 'afternoon' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Sit here books only what is left of today: the rest of the day or the morning');
  });

  it('answers 400 for a slot that does not exist', async () => {
    const response = await member.client.post(walkInUrl(organization.desks[0] ?? ''), { timeSlot: 'evening' });
    expect(response.status).toBe(400);
    expect(response.text).toContain('Please select a time slot');
  });

  it('answers 404 to someone outside the organization, for an unknown desk and a malformed id, 401 signed out', async () => {
    const outsider = await signUp(testApp);
    const deskId = organization.desks[0] ?? '';
    for (const url of [hereUrl(deskId), hereUrl('00000000-0000-4000-8000-000000000000'), hereUrl('not-a-desk')]) {
      const response = await outsider.client.get(url);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Acme Corp');
    }
    const walkIn = await outsider.client.post(walkInUrl(deskId), { timeSlot: 'morning' });
    expect(walkIn.status).toBe(404);
    expect(await bookingsOf(outsider.user.id)).toEqual([]);
    expect((await testApp.client().get(hereUrl(deskId))).status).toBe(401);
    expect((await testApp.client().post(walkInUrl(deskId), { timeSlot: 'morning' })).status).toBe(401);
  });
});

describe('the desk page in the afternoon', () => {
  const organization = organizationForTests(testApp, { hours: [14, 15], deskCount: 2 });
  const member = memberForTests(testApp, organization);

  it('offers only the afternoon and refuses the morning with 422', async () => {
    const response = await member.client.get(hereUrl(organization.desks[0] ?? ''));
    expect(response.body.offer).toEqual({ kind: 'sit-here', slots: ['afternoon'] });
    const morning = await member.client.post(walkInUrl(organization.desks[0] ?? ''), { timeSlot: 'morning' });
    expect(morning.status).toBe(422);
    expect(morning.body.message).toBe('Sit here books only what is left of today: the afternoon');
    const afternoon = await member.client.post(walkInUrl(organization.desks[0] ?? ''), { timeSlot: 'afternoon' });
    expect(afternoon.status).toBe(201);
    expect(afternoon.body).toMatchObject({ timeSlot: 'afternoon', isWalkIn: true });
  });
});

describe('the desk page after the office day', () => {
  it('says the day is over and refuses every walk-in with 422', async () => {
    const organization = await createOrganization(testApp, { hours: [20, 21], deskCount: 1 });
    const member = await addMember(testApp, organization.id);
    const response = await member.client.get(hereUrl(organization.desks[0] ?? ''));
    expect(response.body.offer).toEqual({ kind: 'day-over' });
    expect(response.body.walkInSlots).toEqual([]);
    const walkIn = await member.client.post(walkInUrl(organization.desks[0] ?? ''), { timeSlot: 'afternoon' });
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.message).toBe(deskHereMessages.slotNotOffered([], '18:00'));
    expect(await bookingsOf(member.user.id)).toEqual([]);
  });
});

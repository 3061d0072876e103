import { describe, expect, it } from 'vitest';
import { moveHereMessages } from '#domain/desk-here-move.ts';
import {
  addMember,
  bookToday,
  createOrganization,
  memberForTests,
  organizationForTests,
  setBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { signUp, startTestAppForFile } from '#test-support/harness.ts';

// Issue 27: Bob holds D01 all day, scans D02's QR code and moves his booking there, in one transaction.
const testApp = startTestAppForFile();

const hereUrl = (deskId: string) => `/api/desks/${deskId}/here`;
const moveUrl = (deskId: string) => `/api/desks/${deskId}/move-here`;

async function rowOf(bookingId: string) {
  const [row] = await testApp.database.sql.query<{
    status: string;
    time_slot: string;
    cancelled_by: string | null;
    desk_id: string;
  }>('SELECT status, time_slot, cancelled_by, desk_id FROM bookings WHERE id = $1', [bookingId]);
  return row;
}

async function activeOfDesk(deskId: string) {
  return testApp.database.sql.query<{ user_id: string; time_slot: string }>(
    `SELECT user_id, time_slot FROM bookings WHERE desk_id = $1 AND status = 'active' ORDER BY time_slot`,
    [deskId],
  );
}

async function revisionsOf(deskIds: string[]) {
  const rows = await testApp.database.sql.query<{ desk_id: string; revision: string }>(
    'SELECT desk_id, revision::text FROM desk_booking_revisions WHERE desk_id = ANY($1::uuid[])',
    [deskIds],
  );
  return deskIds.map((deskId) => Number(rows.find((row) => row.desk_id === deskId)?.revision ?? 0));
}

const desk = (organization: TestOrganization, index: number) => organization.desks[index] ?? '';

describe('Move my booking here in the morning', () => {
  // 10 or 11 o'clock at the organization: a full day moves whole; check-in grace 4 hours.
  const organization = organizationForTests(testApp, {
    hours: [10, 11],
    deskCount: 14,
    rules: { checkInRequired: true, checkInGraceMinutes: 240 },
  });
  const bob = memberForTests(testApp, organization, 'member', { firstName: 'Bob', lastName: 'Bauer' });
  const olga = memberForTests(testApp, organization, 'member', { firstName: 'Olga', lastName: 'Other' });

  it('moves my full day to the desk I am at: the old desk is free, the new one mine, checked in, both announced', async () => {
    const [d01, d02] = [desk(organization, 0), desk(organization, 1)];
    const booked = await bookToday(bob.client, organization, 0, 'full-day');
    expect(booked.status).toBe(201);
    const offer = (await bob.client.get(hereUrl(d02))).body.offer;
    expect(offer).toEqual({
      kind: 'move-here',
      bookingId: booked.body.id,
      from: { deskId: d01, deskName: 'D01', timeSlot: 'full-day' },
      timeSlot: 'full-day',
      keeps: null,
      isCheckedIn: true,
    });
    const revisionsBefore = await revisionsOf([d01, d02]);

    const moved = await bob.client.post(moveUrl(d02), { bookingId: booked.body.id, timeSlot: 'full-day' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({
      booking: expect.objectContaining({
        deskId: d02,
        desk: { name: 'D02', floor: { name: 'Floor 1' } },
        userId: bob.user.id,
        bookingDate: organization.day(0),
        timeSlot: 'full-day',
        status: 'active',
        checkedInAt: expect.stringMatching(/Z$/),
        isWalkIn: false,
      }),
      released: { bookingId: booked.body.id, deskId: d01, deskName: 'D01', timeSlot: 'full-day', keeps: null },
      message: "You're at D02 all day today. D01 is free again for the rest of today.",
    });
    expect(await rowOf(booked.body.id)).toMatchObject({ status: 'cancelled', cancelled_by: bob.user.id });

    // Someone else sees both desks as they are now: D01 free to sit at, D02 Bob's; both desks' revisions rose, the
    // key every map read and live update follows.
    expect((await olga.client.get(hereUrl(d01))).body.offer).toEqual({
      kind: 'sit-here',
      slots: ['full-day', 'morning'],
    });
    expect((await olga.client.get(hereUrl(d02))).body.offer).toEqual({
      kind: 'taken',
      holder: 'Bob Bauer',
      isPermanent: false,
    });
    const today = organization.day(0);
    const map = await olga.client.get(
      `/api/organizations/${organization.id}/bookings?startDate=${today}&endDate=${today}`,
    );
    const bobs = map.body.filter((booking: { userId: string }) => booking.userId === bob.user.id);
    expect(bobs).toEqual([expect.objectContaining({ id: moved.body.booking.id, deskId: d02 })]);
    const revisionsAfter = await revisionsOf([d01, d02]);
    expect(revisionsAfter[0]).toBeGreaterThan(revisionsBefore[0] ?? 0);
    expect(revisionsAfter[1]).toBeGreaterThan(revisionsBefore[1] ?? 0);
    // At the new desk, the page says Bob is checked in.
    expect((await bob.client.get(hereUrl(d02))).body.offer).toMatchObject({ kind: 'checked-in' });
  });

  it('moves only the afternoon of my full day to a desk taken this morning, keeping my morning', async () => {
    const person = await addMember(testApp, organization.id, 'member', { firstName: 'Ann', lastName: 'Half' });
    const booked = await bookToday(person.client, organization, 2, 'full-day');
    expect((await bookToday(olga.client, organization, 3, 'morning')).status).toBe(201);
    const offer = (await person.client.get(hereUrl(desk(organization, 3)))).body.offer;
    expect(offer).toMatchObject({ kind: 'move-here', timeSlot: 'afternoon', keeps: 'morning', isCheckedIn: false });
    const moved = await person.client.post(moveUrl(desk(organization, 3)), {
      bookingId: booked.body.id,
      timeSlot: 'afternoon',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.booking).toMatchObject({ timeSlot: 'afternoon', checkedInAt: null });
    expect(moved.body.released).toMatchObject({ timeSlot: 'afternoon', keeps: 'morning' });
    expect(await rowOf(booked.body.id)).toMatchObject({ status: 'active', time_slot: 'morning' });
  });

  it('moves only the morning of my full day to a desk taken this afternoon, keeping my afternoon to check in to', async () => {
    const person = await addMember(testApp, organization.id, 'member', { firstName: 'Max', lastName: 'Morning' });
    const booked = await bookToday(person.client, organization, 12, 'full-day');
    expect((await person.client.post(`/api/bookings/${booked.body.id}/check-in`, {})).status).toBe(200);
    expect((await bookToday(olga.client, organization, 13, 'afternoon')).status).toBe(201);
    const offer = (await person.client.get(hereUrl(desk(organization, 13)))).body.offer;
    expect(offer).toMatchObject({ kind: 'move-here', timeSlot: 'morning', keeps: 'afternoon', isCheckedIn: true });
    const moved = await person.client.post(moveUrl(desk(organization, 13)), {
      bookingId: booked.body.id,
      timeSlot: 'morning',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.booking).toMatchObject({ timeSlot: 'morning', checkedInAt: expect.any(String) });
    expect(moved.body.message).toBe("You're at D14 this morning. D13 is free again this morning.");
    const [old] = await testApp.database.sql.query<{ time_slot: string; checked_in_at: unknown; status: string }>(
      'SELECT time_slot, checked_in_at, status FROM bookings WHERE id = $1',
      [booked.body.id],
    );
    expect(old).toEqual({ time_slot: 'afternoon', checked_in_at: null, status: 'active' });
  });

  it('judges the rules on the result: a used-up weekly quota and one desk per person do not refuse a move', async () => {
    const office = await createOrganization(testApp, { hours: [10, 11], deskCount: 2 });
    await setBookingRules(office, { maxBookingsPerWeek: 1, onePerPersonPerSlot: true });
    const person = await addMember(testApp, office.id);
    const booked = await bookToday(person.client, office, 0, 'morning');
    expect(booked.status).toBe(201);
    // A second desk this morning is refused as a booking, and allowed as a move.
    expect((await person.client.post(`/api/desks/${desk(office, 1)}/walk-in`, { timeSlot: 'morning' })).status).toBe(
      422,
    );
    const moved = await person.client.post(moveUrl(desk(office, 1)), {
      bookingId: booked.body.id,
      timeSlot: 'morning',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await activeOfDesk(desk(office, 0))).toEqual([]);
    expect(await activeOfDesk(desk(office, 1))).toEqual([{ user_id: person.user.id, time_slot: 'morning' }]);
  });

  it('lets exactly one of two people moving into the same desk at once win; the other keeps their booking', async () => {
    const [first, second] = await Promise.all([
      addMember(testApp, organization.id, 'member', { firstName: 'Rae', lastName: 'One' }),
      addMember(testApp, organization.id, 'member', { firstName: 'Sol', lastName: 'Two' }),
    ]);
    const firstBooking = await bookToday(first.client, organization, 4, 'full-day');
    const secondBooking = await bookToday(second.client, organization, 5, 'full-day');
    const target = desk(organization, 6);
    const answers = await Promise.all([
      first.client.post(moveUrl(target), { bookingId: firstBooking.body.id, timeSlot: 'full-day' }),
      second.client.post(moveUrl(target), { bookingId: secondBooking.body.id, timeSlot: 'full-day' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers[0]?.status === 409 ? 0 : 1;
    const loserBooking = [firstBooking, secondBooking][loser];
    expect(answers[loser]?.body.message).toBe(moveHereMessages.taken('D07', loser === 0 ? 'D05' : 'D06'));
    expect(await rowOf(loserBooking?.body.id)).toMatchObject({ status: 'active', time_slot: 'full-day' });
    expect(await activeOfDesk(target)).toHaveLength(1);
  });

  it('answers two people swapping desks at the same moment with 409s, never a deadlock, and keeps both bookings', async () => {
    // Each target holds the other's booking; without one lock order, each insert would wait on the other's cancel.
    const office = await createOrganization(testApp, { hours: [10, 11], deskCount: 2 });
    const [first, second] = await Promise.all([addMember(testApp, office.id), addMember(testApp, office.id)]);
    const firstBooking = await bookToday(first.client, office, 0, 'full-day');
    const secondBooking = await bookToday(second.client, office, 1, 'full-day');
    const answers = await Promise.all([
      first.client.post(moveUrl(desk(office, 1)), { bookingId: firstBooking.body.id, timeSlot: 'full-day' }),
      second.client.post(moveUrl(desk(office, 0)), { bookingId: secondBooking.body.id, timeSlot: 'full-day' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([409, 409]);
    expect(await rowOf(firstBooking.body.id)).toMatchObject({ status: 'active', desk_id: desk(office, 0) });
    expect(await rowOf(secondBooking.body.id)).toMatchObject({ status: 'active', desk_id: desk(office, 1) });
  });

  it('refuses a desk taken for the slot with 409 and keeps my booking', async () => {
    const person = await addMember(testApp, organization.id);
    const booked = await bookToday(person.client, organization, 7, 'full-day');
    const taken = await person.client.post(moveUrl(desk(organization, 1)), {
      bookingId: booked.body.id,
      timeSlot: 'full-day',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(moveHereMessages.taken('D02', 'D08'));
    expect(await rowOf(booked.body.id)).toMatchObject({ status: 'active', time_slot: 'full-day' });
  });

  it('does not move a permanent booking, one of another day, or as a slot it cannot move as (422)', async () => {
    const admin = organization.admin.client;
    const permanent = await admin.post('/api/bookings', {
      organizationId: organization.id,
      deskId: desk(organization, 8),
      bookingDate: organization.day(0),
      timeSlot: 'full-day',
      isPermanent: true,
    });
    expect(permanent.status).toBe(201);
    const target = desk(organization, 9);
    const refusedPermanent = await admin.post(moveUrl(target), { bookingId: permanent.body.id, timeSlot: 'full-day' });
    expect(refusedPermanent.status).toBe(422);
    expect(refusedPermanent.body.message).toBe(moveHereMessages.permanent);

    const person = await addMember(testApp, organization.id);
    const tomorrow = await person.client.post('/api/bookings', {
      organizationId: organization.id,
      deskId: desk(organization, 10),
      bookingDate: organization.day(1),
      timeSlot: 'full-day',
    });
    const refusedTomorrow = await person.client.post(moveUrl(target), {
      bookingId: tomorrow.body.id,
      timeSlot: 'full-day',
    });
    expect(refusedTomorrow.status).toBe(422);
    expect(refusedTomorrow.body.message).toBe(moveHereMessages.notToday);

    const today = await bookToday(person.client, organization, 10, 'morning');
    const asFullDay = await person.client.post(moveUrl(target), { bookingId: today.body.id, timeSlot: 'full-day' });
    expect(asFullDay.status).toBe(422);
    expect(asFullDay.body.message).toBe('This booking moves only as morning today.');
    const sameDesk = await person.client.post(moveUrl(desk(organization, 10)), {
      bookingId: today.body.id,
      timeSlot: 'morning',
    });
    expect(sameDesk.status).toBe(409);
    expect(await activeOfDesk(target)).toEqual([]);
  });

  it('answers 403 for someone else’s booking and 404 for another organization’s desk or booking, writing nothing', async () => {
    const owner = await addMember(testApp, organization.id);
    const booked = await bookToday(owner.client, organization, 11, 'full-day');
    const target = desk(organization, 9);
    const notMine = await olga.client.post(moveUrl(target), { bookingId: booked.body.id, timeSlot: 'full-day' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe(moveHereMessages.notYours);

    // Olga also belongs to another organization, with a booking there: it cannot move into this one.
    const other = await createOrganization(testApp, { hours: [10, 11], deskCount: 1 });
    await testApp.database.sql.query(
      `INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'member')`,
      [other.id, olga.user.id],
    );
    const theirs = await bookToday(olga.client, other, 0, 'full-day');
    expect(theirs.status).toBe(201);
    const crossed = await olga.client.post(moveUrl(target), { bookingId: theirs.body.id, timeSlot: 'full-day' });
    expect(crossed.status).toBe(404);
    expect(crossed.body.message).toBe(moveHereMessages.notFound);

    // Someone outside learns nothing about the desk; unknown and malformed ids are 404 too.
    const outsider = await signUp(testApp);
    const outside = await outsider.client.post(moveUrl(target), { bookingId: booked.body.id, timeSlot: 'full-day' });
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('Acme');
    for (const bookingId of ['00000000-0000-4000-8000-000000000000', 'not-a-booking']) {
      expect((await owner.client.post(moveUrl(target), { bookingId, timeSlot: 'full-day' })).status).toBe(404);
    }
    expect(
      (await owner.client.post(moveUrl('not-a-desk'), { bookingId: booked.body.id, timeSlot: 'full-day' })).status,
    ).toBe(404);
    expect(await rowOf(booked.body.id)).toMatchObject({ status: 'active', desk_id: desk(organization, 11) });
    expect(await activeOfDesk(target)).toEqual([]);
    expect(
      (await testApp.client().post(moveUrl(target), { bookingId: booked.body.id, timeSlot: 'full-day' })).status,
    ).toBe(401);
  });

  it('answers 400 with the field named for malformed or huge input', async () => {
    const target = desk(organization, 9);
    for (const body of [
      { bookingId: 'x', timeSlot: 'evening' },
      { timeSlot: 'morning' },
      { bookingId: 'x'.repeat(5_000), timeSlot: 'morning' },
      { bookingId: 42, timeSlot: 'morning' },
    ]) {
      const response = await bob.client.post(moveUrl(target), body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toMatch(/bookingId|time slot/i);
    }
  });
});

describe('Move my booking here in the afternoon', () => {
  const organization = organizationForTests(testApp, { hours: [14, 15], deskCount: 3 });
  const member = memberForTests(testApp, organization);

  it('moves the afternoon of my full day and keeps the morning I sat at the old desk', async () => {
    const booked = await bookToday(member.client, organization, 0, 'full-day');
    expect(booked.status).toBe(201);
    expect((await member.client.get(hereUrl(desk(organization, 1)))).body.offer).toMatchObject({
      kind: 'move-here',
      timeSlot: 'afternoon',
      keeps: 'morning',
      isCheckedIn: true,
    });
    const moved = await member.client.post(moveUrl(desk(organization, 1)), {
      bookingId: booked.body.id,
      timeSlot: 'afternoon',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.message).toBe("You're at D02 this afternoon. D01 is free again this afternoon.");
    expect(moved.body.booking).toMatchObject({ timeSlot: 'afternoon', checkedInAt: expect.any(String) });
    expect(await rowOf(booked.body.id)).toMatchObject({ status: 'active', time_slot: 'morning' });
    expect(await activeOfDesk(desk(organization, 1))).toEqual([{ user_id: member.user.id, time_slot: 'afternoon' }]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '#domain/dates.ts';
import { releaseMessages } from '#domain/releases.ts';
import { addMember, book, createOrganization, memberForTests, organizationForTests } from '#test-support/bookings.ts';
import { expectRefusal, startTestAppForFile, type TestClient } from '#test-support/harness.ts';

// Issue 29: an assigned desk (a permanent booking made for a person) whose owner or an admin releases days; others book
// them; the owner takes days back while nobody holds them. The exclusion constraint is the guarantee (migration 0027).

const testApp = startTestAppForFile();
const organization = organizationForTests(testApp);
const dana = memberForTests(testApp, organization, 'member', { firstName: 'Dana', lastName: 'Scully' });
const fox = memberForTests(testApp, organization, 'member', { firstName: 'Fox', lastName: 'Mulder' });

/** Desk `index` assigned to Dana from today on, by the admin; answers the booking's id. */
async function assignToDana(index: number): Promise<string> {
  const response = await book(organization.admin.client, organization, {
    deskId: organization.desks[index],
    bookingDate: organization.day(0),
    isPermanent: true,
    userId: dana.user.id,
    replaceConflicts: true,
  });
  expect(response.status, response.text).toBe(201);
  expect(response.body.isAssigned).toBe(true);
  return response.body.id;
}

function release(client: TestClient, bookingId: string, startDate: string, endDate = startDate) {
  return client.post(`/api/bookings/${bookingId}/releases`, { startDate, endDate });
}

function takeBack(client: TestClient, bookingId: string, releaseId: string) {
  return client.request('DELETE', `/api/bookings/${bookingId}/releases/${releaseId}`);
}

describe('an assigned desk whose owner is out', () => {
  it('is bookable by others on the released days only, and its owner is told by mail', async () => {
    const bookingId = await assignToDana(0);
    const released = await release(dana.client, bookingId, organization.day(3), organization.day(5));
    expect(released.status, released.text).toBe(201);
    expect(released.body.release).toMatchObject({
      startDate: organization.day(3),
      endDate: organization.day(5),
      takenDates: [],
    });

    const onReleasedDay = await book(fox.client, organization, {
      bookingDate: organization.day(4),
      timeSlot: 'morning',
    });
    expect(onReleasedDay.status, onReleasedDay.text).toBe(201);
    const onHeldDay = await book(fox.client, organization, { bookingDate: organization.day(6) });
    expectRefusal(onHeldDay, 409, 'Desk is already booked for this time slot');

    await vi.waitFor(() =>
      expect(
        testApp.mails.find((mail) => mail.to === dana.user.email && /a day you released/.test(mail.subject)),
      ).toBeDefined(),
    );

    const availability = (date: string) =>
      fox.client.get(`/api/desks/${organization.desks[0]}/availability?date=${date}`);
    expect((await availability(organization.day(4))).body).toMatchObject({
      status: 'partial',
      slots: { morning: 'booked', afternoon: 'available' },
    });
    expect((await availability(organization.day(5))).body.status).toBe('available');
    expect((await availability(organization.day(6))).body.status).toBe('booked');

    const day = await fox.client.get(
      `/api/organizations/${organization.id}/bookings?startDate=${organization.day(4)}&endDate=${organization.day(4)}`,
    );
    const assigned = day.body.find((booking: { id: string }) => booking.id === bookingId);
    expect(assigned).toMatchObject({
      isAssigned: true,
      user: { firstName: 'Dana', lastName: 'Scully' },
      releases: [{ startDate: organization.day(3), endDate: organization.day(5), takenDates: [organization.day(4)] }],
    });
  });

  it('takes back days nobody booked, and refuses with the day when someone did', async () => {
    const bookingId = await assignToDana(1);
    const deskId = organization.desks[1];
    const free = await release(dana.client, bookingId, organization.day(10));
    const busy = await release(dana.client, bookingId, organization.day(11), organization.day(12));
    const booked = await book(fox.client, organization, { deskId, bookingDate: organization.day(12) });
    expect(booked.status, booked.text).toBe(201);

    const refused = await takeBack(dana.client, bookingId, busy.body.release.id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe(releaseMessages.taken('D02', organization.day(12)));

    const returned = await takeBack(dana.client, bookingId, free.body.release.id);
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body.booking.releases.map((item: { id: string }) => item.id)).toEqual([busy.body.release.id]);
    expectRefusal(
      await book(fox.client, organization, { deskId, bookingDate: organization.day(10) }),
      409,
      'Desk is already booked for this time slot',
    );
  });

  it('lets an admin release and take back days of a member’s desk, and keeps both in the audit log', async () => {
    const bookingId = await assignToDana(2);
    const released = await release(organization.admin.client, bookingId, organization.day(20), organization.day(21));
    expect(released.status, released.text).toBe(201);
    const returned = await takeBack(organization.admin.client, bookingId, released.body.release.id);
    expect(returned.status, returned.text).toBe(200);
    const rows = await testApp.database.sql.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE organization_id = $1 AND target_id = $2 AND action LIKE 'booking.%release%'
        ORDER BY created_at`,
      [organization.id, bookingId],
    );
    expect(rows.map((row) => row.action)).toEqual(['booking.days_released', 'booking.release_taken_back']);
  });
});

describe('analytics of an assigned desk', () => {
  it('counts the desk as used on the days its owner kept, and the released days taken apart', async () => {
    const office = await createOrganization(testApp, { deskCount: 1 });
    const [owner, colleague] = await Promise.all([
      addMember(testApp, office.id, 'member', { firstName: 'Dana', lastName: 'Scully' }),
      addMember(testApp, office.id),
    ]);
    const assigned = await book(office.admin.client, office, {
      bookingDate: office.day(0),
      isPermanent: true,
      userId: owner.user.id,
    });
    expect((await release(owner.client, assigned.body.id, office.day(3), office.day(5))).status).toBe(201);
    expect((await book(colleague.client, office, { bookingDate: office.day(4) })).status).toBe(201);
    const response = await office.admin.client.get(
      `/api/organizations/${office.id}/analytics?startDate=${office.day(3)}&endDate=${office.day(6)}&includeWeekends=true`,
    );
    expect(response.status, response.text).toBe(200);
    const days = response.body.days as Array<{ bookedSlots: number; releasedDays: number; releasedTaken: number }>;
    expect(
      days.map(({ bookedSlots, releasedDays, releasedTaken }) => [bookedSlots, releasedDays, releasedTaken]),
    ).toEqual([
      [0, 1, 0],
      [2, 1, 1],
      [0, 1, 0],
      [2, 0, 0],
    ]);
    expect(response.body.summary).toMatchObject({ bookedSlots: 4, releasedDays: 3, releasedTaken: 1 });
  });
});

describe('who and what may not be released', () => {
  it('refuses another member, another organization, one-off bookings and blocks', async () => {
    const bookingId = await assignToDana(2);
    expectRefusal(await release(fox.client, bookingId, organization.day(30)), 403, releaseMessages.notYours);

    const other = await createOrganization(testApp);
    expectRefusal(await release(other.admin.client, bookingId, organization.day(30)), 404, 'Booking not found.');
    expectRefusal(
      await release(dana.client, '00000000-0000-4000-8000-000000000000', organization.day(30)),
      404,
      'Booking not found.',
    );

    const oneOff = await book(dana.client, organization, {
      deskId: organization.desks[2],
      bookingDate: organization.day(1),
    });
    expect(oneOff.status).toBe(409); // the desk is Dana's already
    const own = await book(fox.client, organization, {
      deskId: organization.desks[2],
      bookingDate: organization.day(0),
    });
    expect(own.status).toBe(409);

    const blockOrg = await createOrganization(testApp);
    const block = await book(blockOrg.admin.client, blockOrg, { bookingDate: blockOrg.day(0), isPermanent: true });
    expect(block.status, block.text).toBe(201);
    expect(block.body.isAssigned).toBe(false);
    expectRefusal(
      await release(blockOrg.admin.client, block.body.id, blockOrg.day(3)),
      422,
      releaseMessages.notAssigned,
    );
    const single = await book(blockOrg.admin.client, blockOrg, {
      deskId: blockOrg.desks[1],
      bookingDate: blockOrg.day(3),
    });
    expectRefusal(
      await release(blockOrg.admin.client, single.body.id, blockOrg.day(3)),
      422,
      releaseMessages.notAssigned,
    );
  });

  it('refuses past days, overlapping releases, backwards, huge and malformed ranges', async () => {
    const bookingId = await assignToDana(2);
    expectRefusal(
      await release(dana.client, bookingId, organization.day(-1), organization.day(2)),
      422,
      releaseMessages.past,
    );
    const first = await release(dana.client, bookingId, organization.day(40), organization.day(44));
    expect(first.status, first.text).toBe(201);
    expectRefusal(
      await release(dana.client, bookingId, organization.day(44), organization.day(46)),
      422,
      releaseMessages.overlaps({ startDate: organization.day(40), endDate: organization.day(44) }),
    );
    expectRefusal(
      await release(dana.client, bookingId, organization.day(50), organization.day(49)),
      400,
      /^The last day must not be before the first/,
    );
    expectRefusal(
      await release(dana.client, bookingId, organization.day(50), organization.day(50 + 400)),
      400,
      /^A release covers at most 366 days/,
    );
    expectRefusal(await release(dana.client, bookingId, organization.day(800)), 422, /at most until/);
    const malformed = await dana.client.post(`/api/bookings/${bookingId}/releases`, { startDate: 'x'.repeat(1000) });
    expect(malformed.status).toBe(400);
    const huge = await dana.client.post(`/api/bookings/${bookingId}/releases`, { startDate: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expectRefusal(
      await takeBack(dana.client, bookingId, '00000000-0000-4000-8000-000000000000'),
      404,
      'Release not found.',
    );
  });
});

describe('taking a day back while someone books it', () => {
  it('lets exactly one of the two win, in each of 20 rounds, with no server error', async () => {
    const bookingId = await assignToDana(2);
    const deskId = organization.desks[2];
    for (let round = 0; round < 20; round += 1) {
      const date = organization.day(60 + round);
      const released = await release(dana.client, bookingId, date);
      expect(released.status, released.text).toBe(201);
      const [taken, booked] = await Promise.all([
        takeBack(dana.client, bookingId, released.body.release.id),
        book(fox.client, organization, { deskId, bookingDate: date }),
      ]);
      const statuses = [taken.status, booked.status].sort();
      expect(statuses, `${taken.text} ${booked.text}`).toEqual(taken.status === 200 ? [200, 409] : [201, 409]);
      if (taken.status === 409) {
        expect(taken.body.message).toBe(`Someone has booked D03 on ${formatDay(date)}: that day can't be taken back.`);
      }
      const holders = await testApp.database.sql.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM bookings WHERE desk_id = $1 AND status = 'active'
          AND occupied && tsrange($2::date + time '09:00', $2::date + time '18:00')`,
        [deskId, date],
      );
      expect(holders[0]?.count).toBe(1);
    }
  });
});

function formatDay(date: string): string {
  // "3 December": the long date without its weekday and year.
  return formatLongDate(date)
    .split(', ')[1]!
    .replace(/ \d{4}$/, '');
}

describe('reading an assigned desk’s releases', () => {
  it('gives a day read only the releases touching its dates, and the owner or an admin all of them', async () => {
    const office = await createOrganization(testApp, { deskCount: 1 });
    const [owner, colleague] = await Promise.all([addMember(testApp, office.id), addMember(testApp, office.id)]);
    const assigned = await book(office.admin.client, office, {
      bookingDate: office.day(0),
      isPermanent: true,
      userId: owner.user.id,
    });
    expect(assigned.status, assigned.text).toBe(201);
    const bookingId = assigned.body.id as string;
    expect((await release(owner.client, bookingId, office.day(3))).status).toBe(201);
    expect((await release(owner.client, bookingId, office.day(10), office.day(11))).status).toBe(201);

    const dayRead = async (date: string) => {
      const response = await colleague.client.get(
        `/api/organizations/${office.id}/bookings?startDate=${date}&endDate=${date}`,
      );
      expect(response.status).toBe(200);
      const permanent = (response.body as Array<{ id: string; releases?: Array<{ startDate: string }> }>).find(
        (booking) => booking.id === bookingId,
      );
      return permanent?.releases?.map((item) => item.startDate);
    };
    expect(await dayRead(office.day(3))).toEqual([office.day(3)]);
    expect(await dayRead(office.day(5))).toEqual([]);
    expect(await dayRead(office.day(11))).toEqual([office.day(10)]);

    for (const reader of [owner.client, office.admin.client]) {
      const all = await reader.get(`/api/bookings/${bookingId}/releases`);
      expect(all.status, all.text).toBe(200);
      expect(all.body.booking.releases.map((item: { startDate: string }) => item.startDate)).toEqual([
        office.day(3),
        office.day(10),
      ]);
    }
    expectRefusal(await colleague.client.get(`/api/bookings/${bookingId}/releases`), 403, releaseMessages.notYours);
    const other = await createOrganization(testApp);
    expectRefusal(await other.admin.client.get(`/api/bookings/${bookingId}/releases`), 404, 'Booking not found.');
    expectRefusal(await owner.client.get('/api/bookings/not-an-id/releases'), 404, 'Booking not found.');
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '#domain/dates.ts';
import {
  activeRows,
  addMember,
  book,
  createOrganization,
  organizationForTests,
  relaxBookingRules,
} from '#test-support/bookings.ts';
import { expectRefusal, startTestApp, startTestAppForFile } from '#test-support/harness.ts';

const testApp = startTestAppForFile();
const organization = organizationForTests(testApp, { deskCount: 12 });

const mailsTo = (email: string) => testApp.mails.filter((mail) => mail.to === email);

describe('booking a desk', () => {
  it('answers 201 with the booking, its desk, floor, owner and local slot times', async () => {
    const member = await addMember(testApp, organization.id);
    const response = await book(member.client, organization, {
      deskId: organization.desks[11],
      timeSlot: 'morning',
      notes: 'Near the window',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      deskId: organization.desks[11],
      desk: { name: 'D12', floor: { name: 'Floor 1' } },
      userId: member.user.id,
      user: { firstName: 'Mia', lastName: 'Member', email: member.email },
      bookingDate: organization.day(7),
      timeSlot: 'morning',
      status: 'active',
      notes: 'Near the window',
      isPermanent: false,
      organizationId: organization.id,
      siteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timeZone: organization.timeZone,
      startTime: '09:00',
      endTime: '13:00',
      // London: 09:00 is 09:00 UTC in winter and 08:00 UTC in summer.
      startsAt: expect.stringMatching(new RegExp(`^${organization.day(7)}T09:00:00\\+0[01]:00$`)),
      endsAt: expect.stringMatching(new RegExp(`^${organization.day(7)}T13:00:00\\+0[01]:00$`)),
      checkedInAt: null,
      endReason: null,
      isWalkIn: false,
    });
  });

  it('mails the booker a confirmation with an iCalendar attachment of the slot in the site’s zone', async () => {
    const newYork = await createOrganization(testApp, { timeZone: 'America/New_York' });
    const response = await book(newYork.admin.client, newYork, { timeSlot: 'afternoon' });
    expect(response.status).toBe(201);
    await vi.waitFor(() => expect(mailsTo(newYork.admin.email)).toHaveLength(1));
    const [mail] = mailsTo(newYork.admin.email);
    expect(mail?.subject).toMatch(/^Desk D01 booked for /);
    expect(mail?.text).toContain('afternoon (13:00–18:00)');
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments?.[0];
    expect(attachment?.filename).toBe('booking.ics');
    expect(attachment?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const date = newYork.day(7).replaceAll('-', '');
    // The event is written on New York's wall clock, with New York's zone rules beside it.
    expect(attachment?.content).toContain(`\r\nDTSTART;TZID=America/New_York:${date}T130000\r\n`);
    expect(attachment?.content).toContain(`\r\nDTEND;TZID=America/New_York:${date}T180000\r\n`);
    expect(attachment?.content).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(attachment?.content).toContain(`\r\nUID:booking-${response.body.id}@perch.test\r\n`);
  });
});

describe('overlapping slots on one desk and date', () => {
  const cases: Array<[string, string, number]> = [
    ['morning', 'afternoon', 201],
    ['afternoon', 'morning', 201],
    ['morning', 'morning', 409],
    ['afternoon', 'afternoon', 409],
    ['full-day', 'full-day', 409],
    ['full-day', 'morning', 409],
    ['full-day', 'afternoon', 409],
    ['morning', 'full-day', 409],
    ['afternoon', 'full-day', 409],
  ];

  it.each(cases.map((entry, index) => [...entry, index] as const))(
    'a %s booking then a %s booking answers %i for the second',
    async (first, second, status, index) => {
      const date = organization.day(30 + index);
      const other = await addMember(testApp, organization.id);
      expect((await book(organization.admin.client, organization, { bookingDate: date, timeSlot: first })).status).toBe(
        201,
      );
      const response = await book(other.client, organization, { bookingDate: date, timeSlot: second });
      expect(response.status).toBe(status);
      if (status === 409) expect(response.body).toEqual({ message: 'Desk is already booked for this time slot' });
      const rows = (await activeRows(testApp, organization.desks[0]!)).filter((row) => row.booking_date === date);
      expect(rows).toHaveLength(status === 201 ? 2 : 1);
    },
  );

  it('lets the same slot be booked on a different date, and on a different desk by someone else', async () => {
    const date = organization.day(50);
    const client = organization.admin.client;
    expect((await book(client, organization, { bookingDate: date })).status).toBe(201);
    expect((await book(client, organization, { bookingDate: addDays(date, 1) })).status).toBe(201);
    const member = await addMember(testApp, organization.id);
    expect((await book(member.client, organization, { bookingDate: date, deskId: organization.desks[1] })).status).toBe(
      201,
    );
  });

  it('does not count a cancelled booking', async () => {
    const date = organization.day(55);
    const first = await book(organization.admin.client, organization, { bookingDate: date });
    expect(first.status).toBe(201);
    expect((await organization.admin.client.request('DELETE', `/api/bookings/${first.body.id}`)).status).toBe(200);
    const member = await addMember(testApp, organization.id);
    expect((await book(member.client, organization, { bookingDate: date, timeSlot: 'morning' })).status).toBe(201);
  });
});

describe('permanent bookings', () => {
  it('block every later date of the desk, but not earlier ones', async () => {
    // Up to the two-year horizon: the advance window (booking-rules.test.ts) would refuse the far dates first.
    await relaxBookingRules(organization);
    const deskId = organization.desks[2];
    const start = organization.day(20);
    const permanent = await book(organization.admin.client, organization, {
      deskId,
      bookingDate: start,
      timeSlot: 'full-day',
      isPermanent: true,
    });
    expect(permanent.status).toBe(201);
    expect(permanent.body.isPermanent).toBe(true);
    const member = await addMember(testApp, organization.id);
    for (const [days, status] of [
      [0, 409],
      [1, 409],
      [365, 409],
      [700, 409],
      [-1, 201],
    ] as const) {
      for (const timeSlot of days === -1 ? ['morning'] : ['morning', 'afternoon', 'full-day']) {
        const response = await book(member.client, organization, {
          deskId,
          bookingDate: addDays(start, days),
          timeSlot,
        });
        expect(response.status, `${timeSlot} ${days} days after`).toBe(status);
      }
    }
  });

  it('answers 403 to a member, and creates nothing', async () => {
    const member = await addMember(testApp, organization.id);
    const response = await book(member.client, organization, { deskId: organization.desks[3], isPermanent: true });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/administrators/);
    expect(await activeRows(testApp, organization.desks[3]!)).toEqual([]);
  });

  it('lists the bookings in the way with 409, and with replaceConflicts cancels them, books, and mails their owners', async () => {
    const deskId = organization.desks[4]!;
    const owner = await addMember(testApp, organization.id, 'member', { firstName: 'Owen', lastName: 'Owner' });
    const earlier = await book(owner.client, organization, { deskId, bookingDate: organization.day(2) });
    const later = await book(owner.client, organization, {
      deskId,
      bookingDate: organization.day(9),
      timeSlot: 'morning',
    });
    const muchLater = await book(owner.client, organization, { deskId, bookingDate: organization.day(40) });
    const request = { deskId, bookingDate: organization.day(5), timeSlot: 'morning', isPermanent: true };

    const refused = await book(organization.admin.client, organization, request);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Desk is already booked for this time slot/);
    expect(refused.body.details.conflicts.map((booking: { id: string }) => booking.id)).toEqual([
      later.body.id,
      muchLater.body.id,
    ]);
    expect(refused.body.details.conflicts[0]).toMatchObject({ desk: { name: 'D05' }, user: { email: owner.email } });
    expect(await activeRows(testApp, deskId)).toHaveLength(3);

    const member = await addMember(testApp, organization.id);
    const byMember = await book(member.client, organization, { ...request, replaceConflicts: true });
    expect(byMember.status).toBe(403);

    const replaced = await book(organization.admin.client, organization, { ...request, replaceConflicts: true });
    expect(replaced.status).toBe(201);
    const rows = await testApp.database.sql.query<{ id: string; status: string; cancelled_by: string | null }>(
      'SELECT id, status, cancelled_by FROM bookings WHERE desk_id = $1 ORDER BY booking_date',
      [deskId],
    );
    expect(rows).toEqual([
      { id: earlier.body.id, status: 'active', cancelled_by: null },
      { id: replaced.body.id, status: 'active', cancelled_by: null },
      { id: later.body.id, status: 'cancelled', cancelled_by: organization.admin.user.id },
      { id: muchLater.body.id, status: 'cancelled', cancelled_by: organization.admin.user.id },
    ]);
    await vi.waitFor(() => expect(mailsTo(owner.email).some((mail) => /cancelled/.test(mail.subject))).toBe(true));
    const notice = mailsTo(owner.email).find((mail) => /cancelled/.test(mail.subject));
    expect(notice?.subject).toBe('2 of your desk bookings were cancelled');
    expect(notice?.text).toContain('permanent assignment');
    expect(notice?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(notice?.attachments?.[0]?.content).toContain(`UID:booking-${later.body.id}@perch.test`);
  });

  it('keeps the earlier bookings when the admin does not confirm', async () => {
    const deskId = organization.desks[5]!;
    const member = await addMember(testApp, organization.id);
    await book(member.client, organization, { deskId, bookingDate: organization.day(8) });
    const refused = await book(organization.admin.client, organization, {
      deskId,
      bookingDate: organization.day(1),
      isPermanent: true,
      replaceConflicts: false,
    });
    expect(refused.status).toBe(409);
    expect(await activeRows(testApp, deskId)).toEqual([
      { booking_date: organization.day(8), time_slot: 'full-day', user_id: member.user.id },
    ]);
  });
});

describe('dates in the organization time zone', () => {
  it('refuses yesterday and accepts today, where today is the organization zone date', async () => {
    const response = await book(organization.admin.client, organization, {
      deskId: organization.desks[6],
      bookingDate: organization.day(-1),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Bookings can only be made for today or later (bookingDate)');
    const today = await book(organization.admin.client, organization, {
      deskId: organization.desks[6],
      bookingDate: organization.day(0),
    });
    expect(today.status).toBe(201);
  });

  it('uses the organization zone, not the server one: a date that is today west of the date line is past east of it', async () => {
    // Etc/GMT+12 is UTC-12 and Pacific/Kiritimati UTC+14: their dates always differ by one or two days.
    const west = await createOrganization(testApp, { timeZone: 'Etc/GMT+12' });
    const east = await createOrganization(testApp, { timeZone: 'Pacific/Kiritimati', admin: west.admin });
    const westToday = todayIn('Etc/GMT+12');
    expect(todayIn('Pacific/Kiritimati') > westToday).toBe(true);
    expect((await book(west.admin.client, west, { bookingDate: westToday })).status).toBe(201);
    const inEast = await book(east.admin.client, east, { bookingDate: westToday });
    expect(inEast.status).toBe(400);
    expect((await book(east.admin.client, east, { bookingDate: todayIn('Pacific/Kiritimati') })).status).toBe(201);
  });
});

describe('who may book what', () => {
  it('answers 401 when signed out, whatever the body', async () => {
    const response = await testApp.client().post('/api/bookings', { bookingDate: 'nonsense' });
    expect(response.status).toBe(401);
  });

  it('answers 404 for an organization the user is not a member of, and creates nothing', async () => {
    const other = await createOrganization(testApp);
    const response = await book(other.admin.client, organization, { deskId: organization.desks[7] });
    expect(response.status).toBe(404);
    expect(await activeRows(testApp, organization.desks[7]!)).toEqual([]);
  });

  it('answers 404 for a desk of another organization, even to a member of both', async () => {
    const other = await createOrganization(testApp, { admin: organization.admin });
    const response = await book(organization.admin.client, organization, { deskId: other.desks[0] });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Desk not found.');
    const permanent = await book(organization.admin.client, organization, {
      deskId: other.desks[0],
      isPermanent: true,
    });
    expect(permanent.status).toBe(404);
    expect(await activeRows(testApp, other.desks[0]!)).toEqual([]);
  });

  it.each([
    ['an unknown desk', { deskId: randomUUID() }],
    ['a desk id that is not a uuid', { deskId: 'desk-1' }],
    ['an organization id that is not a uuid', { organizationId: '1 OR 1=1' }],
    ['an unknown organization', { organizationId: randomUUID() }],
  ])('answers 404 for %s', async (_name, body) => {
    expect((await book(organization.admin.client, organization, body)).status).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['no date', { bookingDate: undefined }, 'Date is required (bookingDate)'],
    ['an empty date', { bookingDate: '' }, 'Date is required (bookingDate)'],
    ['a date that does not exist', { bookingDate: '2027-02-30' }, /\(bookingDate\)$/],
    ['a date in another format', { bookingDate: '23/11/2027' }, /\(bookingDate\)$/],
    ['a number for a date', { bookingDate: 20271123 }, 'Date is required (bookingDate)'],
    ['no time slot', { timeSlot: undefined }, 'Please select a time slot (timeSlot)'],
    ['an unknown time slot', { timeSlot: 'evening' }, 'Please select a time slot (timeSlot)'],
    ['notes that are too long', { notes: 'x'.repeat(501) }, 'Notes must be at most 500 characters (notes)'],
    ['notes with a NUL character', { notes: 'a\u0000b' }, /\(notes\)$/],
    ['a permanent flag that is not a boolean', { isPermanent: 'yes' }, /\(isPermanent\)$/],
    ['no desk', { deskId: undefined }, 'Desk is required (deskId)'],
    ['a desk id that is too long', { deskId: 'x'.repeat(5000) }, /\(deskId\)$/],
  ])('answers 400 naming the field for %s', async (_name, body, message) => {
    const response = await book(organization.admin.client, organization, { deskId: organization.desks[8], ...body });
    expectRefusal(response, 400, message);
  });

  it('answers 400 to a body that is not JSON, and 415 to plain text', async () => {
    const client = organization.admin.client;
    expect((await client.request('POST', '/api/bookings', '{', { 'content-type': 'application/json' })).status).toBe(
      400,
    );
    expect((await client.request('POST', '/api/bookings', 'x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await activeRows(testApp, organization.desks[8]!)).toEqual([]);
  });
});

describe('when mail cannot be sent', () => {
  it('still books the desk: the mail goes out after the answer and its failure is only logged', async () => {
    let attempts = 0;
    const failingApp = await startTestApp({
      mailer: {
        send: async () => {
          attempts += 1;
          throw new Error('SMTP relay unreachable');
        },
        close: () => {},
      },
    });
    try {
      const office = await createOrganization(failingApp);
      const response = await book(office.admin.client, office, {});
      expect(response.status).toBe(201);
      await vi.waitFor(() => expect(attempts).toBe(1));
      expect(await activeRows(failingApp, office.desks[0]!)).toHaveLength(1);
    } finally {
      await failingApp.close();
    }
  });
});

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { withoutTokens } from '#server/log-redaction.ts';
import {
  addMember,
  afterPendingMail,
  book,
  createOrganization,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { insertMembership, startTestAppForFile } from '#test-support/harness.ts';

// Client addresses come from X-Forwarded-For, so the limits' test has a network address of its own.
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });

/** A calendar program's read: the address alone, no cookie. */
function readFeed(url: string, address = '192.0.2.1') {
  return testApp.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'x-forwarded-for': address } });
}

/** The feed as an iCalendar parser from npm reads it: its events by UID. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = new Map<string, ICAL.Event>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    events.set(event.uid, event);
  }
  return { calendar, events };
}

const uidOf = (bookingId: string) => `booking-${bookingId}@perch.test`;
const statusOf = (event: ICAL.Event | undefined) => event?.component.getFirstPropertyValue('status');

/** "2026-11-23 09:00": the wall clock of a zone at an instant, read with Intl rather than Perch's own arithmetic. */
function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const startsAndEnds = (event: ICAL.Event | undefined, timeZone: string) =>
  event && [wallClock(event.startDate.toJSDate(), timeZone), wallClock(event.endDate.toJSDate(), timeZone)];

async function insertBooking(organization: TestOrganization, userId: string, bookingDate: string, desk = 0) {
  const [row] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
     VALUES ($1, $2, $3, $4, 'full-day') RETURNING id`,
    [organization.id, organization.desks[desk], userId, bookingDate],
  );
  return row!.id;
}

async function createFeed(client: Awaited<ReturnType<typeof addMember>>['client']): Promise<string> {
  const response = await client.post('/api/user/calendar-feed');
  expect(response.status).toBe(201);
  return response.body.url;
}

describe('the calendar feed', () => {
  it("answers, with no cookie, the person's bookings of every organization they belong to, in each one's time zone", async () => {
    const newYork = await createOrganization(testApp, { timeZone: 'America/New_York', deskCount: 3 });
    const kolkata = await createOrganization(testApp, {
      timeZone: 'Asia/Kolkata',
      deskCount: 2,
      workingDays: [1, 2, 3, 4, 5],
    });
    const left = await createOrganization(testApp, { timeZone: 'Europe/Paris' });
    // The person holds a permanent desk beside a day's booking there.
    await testApp.database.sql.query('UPDATE organizations SET one_desk_per_person = false WHERE id = $1', [
      kolkata.id,
    ]);
    const person = await addMember(testApp, newYork.id);
    await insertMembership(testApp, kolkata.id, person.user.id, 'admin');
    await insertMembership(testApp, left.id, person.user.id, 'member');

    const morning = await book(person.client, newYork, { bookingDate: newYork.day(3), timeSlot: 'morning' });
    const fullDay = await book(person.client, kolkata, { bookingDate: kolkata.day(4) });
    const cancelled = await book(person.client, newYork, {
      deskId: newYork.desks[1],
      bookingDate: newYork.day(5),
      timeSlot: 'afternoon',
    });
    expect((await person.client.request('DELETE', `/api/bookings/${cancelled.body.id}`)).status).toBe(200);
    const released = await book(person.client, newYork, {
      deskId: newYork.desks[2],
      bookingDate: newYork.day(6),
      timeSlot: 'morning',
    });
    // The release job's doing: cancelled as a no-show.
    await testApp.database.sql.query(
      "UPDATE bookings SET status = 'cancelled', cancelled_at = now(), released_at = now() WHERE id = $1",
      [released.body.id],
    );
    const permanent = await book(person.client, kolkata, {
      deskId: kolkata.desks[1],
      bookingDate: kolkata.day(1),
      isPermanent: true,
    });
    const lastWeek = await insertBooking(newYork, person.user.id, newYork.day(-7));
    await insertBooking(newYork, person.user.id, newYork.day(-31), 1);
    const othersBooking = await book(newYork.admin.client, newYork, {
      bookingDate: newYork.day(3),
      timeSlot: 'afternoon',
    });
    const leftBehind = await insertBooking(left, person.user.id, left.day(2));
    await testApp.database.sql.query('DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2', [
      left.id,
      person.user.id,
    ]);
    for (const made of [morning, fullDay, cancelled, released, permanent, othersBooking]) expect(made.status).toBe(201);

    const url = await createFeed(person.client);
    expect(url).toMatch(/^http:\/\/perch\.test\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const response = await readFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');

    const { calendar, events } = parseFeed(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Perch desk bookings');
    expect([...events.keys()].sort()).toEqual(
      [morning.body.id, fullDay.body.id, cancelled.body.id, released.body.id, permanent.body.id, lastWeek]
        .map(uidOf)
        .sort(),
    );
    expect(events.has(uidOf(othersBooking.body.id))).toBe(false);
    expect(events.has(uidOf(leftBehind))).toBe(false);

    const morningEvent = events.get(uidOf(morning.body.id));
    expect(startsAndEnds(morningEvent, 'America/New_York')).toEqual([
      `${newYork.day(3)} 09:00`,
      `${newYork.day(3)} 13:00`,
    ]);
    expect(morningEvent?.summary).toBe('Desk D01 (morning)');
    expect(morningEvent?.location).toBe('D01, Floor 1, Acme Corp');
    expect(statusOf(morningEvent)).toBe('CONFIRMED');
    expect(startsAndEnds(events.get(uidOf(fullDay.body.id)), 'Asia/Kolkata')).toEqual([
      `${kolkata.day(4)} 09:00`,
      `${kolkata.day(4)} 18:00`,
    ]);
    expect(startsAndEnds(events.get(uidOf(cancelled.body.id)), 'America/New_York')).toEqual([
      `${newYork.day(5)} 13:00`,
      `${newYork.day(5)} 18:00`,
    ]);

    for (const ended of [cancelled.body.id, released.body.id]) {
      expect(statusOf(events.get(uidOf(ended)))).toBe('CANCELLED');
      expect(events.get(uidOf(ended))?.sequence).toBe(1);
    }
    expect(events.get(uidOf(released.body.id))?.description).toContain('Released because nobody checked in.');

    // The permanent booking: one event on every working day of its site (Monday to Friday) from its date, at the slot's
    // hours in Kolkata.
    const permanentEvent = events.get(uidOf(permanent.body.id));
    expect(permanentEvent?.isRecurring()).toBe(true);
    const occurrences = permanentEvent?.iterator();
    const days = new Set<string>();
    for (let count = 0; count < 20; count++) {
      const next = occurrences?.next();
      if (!next) break;
      const start = next.toJSDate();
      expect(wallClock(start, 'Asia/Kolkata').slice(11)).toBe('09:00');
      days.add(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', weekday: 'short' }).format(start));
    }
    expect([...days].sort()).toEqual(['Fri', 'Mon', 'Thu', 'Tue', 'Wed']);
  });

  it("keeps an event's UID across a cancel: the UID of the confirmation mail's calendar file", async () => {
    const office = await createOrganization(testApp, { timeZone: 'America/New_York' });
    const person = await addMember(testApp, office.id);
    const booking = await book(person.client, office, { bookingDate: office.day(2), timeSlot: 'afternoon' });
    expect(booking.status).toBe(201);
    await afterPendingMail();
    const confirmation = testApp.mails.find(
      (mail) => mail.to === person.email && mail.attachments?.some((file) => file.filename === 'booking.ics'),
    );
    const mailed = parseFeed(confirmation?.attachments?.[0]?.content ?? '');
    const url = await createFeed(person.client);

    const before = parseFeed((await readFeed(url)).body).events;
    expect([...before.keys()]).toEqual([...mailed.events.keys()]);
    const event = before.get(uidOf(booking.body.id));
    expect(statusOf(event)).toBe('CONFIRMED');

    await person.client.request('DELETE', `/api/bookings/${booking.body.id}`);
    const after = parseFeed((await readFeed(url)).body).events;
    const cancelledEvent = after.get(uidOf(booking.body.id));
    expect([...after.keys()]).toEqual([uidOf(booking.body.id)]);
    expect(statusOf(cancelledEvent)).toBe('CANCELLED');
    expect(cancelledEvent?.sequence).toBeGreaterThan(event?.sequence ?? 0);
    expect(cancelledEvent?.startDate.toJSDate()).toEqual(event?.startDate.toJSDate());
  });

  it('replaces the address when asked again: the old one answers 404, the new one the feed', async () => {
    const office = await createOrganization(testApp);
    const person = await addMember(testApp, office.id);
    const first = await createFeed(person.client);
    expect((await readFeed(first)).statusCode).toBe(200);
    const second = await createFeed(person.client);
    expect(second).not.toBe(first);
    expect((await readFeed(first)).statusCode).toBe(404);
    expect((await readFeed(second)).statusCode).toBe(200);
    const status = await person.client.get('/api/user/calendar-feed');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ exists: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(status.text).not.toContain(new URL(second).pathname.split('/').at(-1)?.slice(0, 43));
  });

  it('turns the feed off: the address answers 404, and the person has no feed', async () => {
    const office = await createOrganization(testApp);
    const person = await addMember(testApp, office.id);
    const url = await createFeed(person.client);
    const revoked = await person.client.request('DELETE', '/api/user/calendar-feed');
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    expect((await readFeed(url)).statusCode).toBe(404);
    expect((await person.client.get('/api/user/calendar-feed')).body).toEqual({ exists: false, createdAt: null });
    expect((await person.client.request('DELETE', '/api/user/calendar-feed')).status).toBe(204);
    // The owner's cookie does not open a revoked address either.
    expect((await person.client.get(new URL(url).pathname)).status).toBe(404);
  });

  it('keeps the token out of the request log', () => {
    const token = 'A'.repeat(43);
    expect(withoutTokens(`/api/calendar-feed/${token}.ics`)).toBe('/api/calendar-feed/[token]');
    expect(withoutTokens('/api/user/calendar-feed')).toBe('/api/user/calendar-feed');
  });

  it('answers 404 with no detail to any address that is not a live feed', async () => {
    const office = await createOrganization(testApp);
    const person = await addMember(testApp, office.id);
    const live = new URL(await createFeed(person.client)).pathname;
    const token = live.split('/').at(-1)?.slice(0, 43) ?? '';
    for (const path of [
      `/api/calendar-feed/${'A'.repeat(43)}.ics`,
      `/api/calendar-feed/${token.slice(0, 42)}.ics`,
      `/api/calendar-feed/${token}x.ics`,
      `/api/calendar-feed/${token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase()}.ics`,
      '/api/calendar-feed/x.ics',
      `/api/calendar-feed/${'A'.repeat(90)}.ics`,
      '/api/calendar-feed/%00.ics',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(response.body), path).toEqual({ message: expect.any(String) });
      expect(response.body, path).not.toMatch(/token|digest|feed/i);
    }
    expect((await testApp.app.inject({ method: 'GET', url: live })).statusCode).toBe(200);
  });

  it('limits the addresses one network may try, and the reads of one feed, with 429', async () => {
    const office = await createOrganization(testApp);
    const person = await addMember(testApp, office.id);
    const url = await createFeed(person.client);
    const address = '203.0.113.7';
    for (let attempt = 0; attempt < 60; attempt++) {
      expect((await readFeed(`http://perch.test/api/calendar-feed/${'B'.repeat(43)}.ics`, address)).statusCode).toBe(
        404,
      );
    }
    const refused = await readFeed(`http://perch.test/api/calendar-feed/${'C'.repeat(43)}.ics`, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // A live feed still answers there: misses count only against misses.
    expect((await readFeed(url, address)).statusCode).toBe(200);
    for (let read = 1; read < 120; read++) expect((await readFeed(url, `198.18.0.${read}`)).statusCode).toBe(200);
    expect((await readFeed(url, '198.18.1.1')).statusCode).toBe(429);
  });
});

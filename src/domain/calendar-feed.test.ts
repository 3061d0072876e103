import { describe, expect, it } from 'vitest';
import { type FeedBooking, feedEvent, feedPath, feedTokenOf, webcalUrl } from './calendar-feed.ts';

const token = 'AbC-_123456789012345678901234567890123456789'.slice(0, 43);

const booking: FeedBooking = {
  id: 'b-1',
  organizationName: 'Acme Corp',
  timeZone: 'America/New_York',
  dayStart: '09:00',
  midday: '13:00',
  dayEnd: '18:00',
  workingDays: [1, 2, 3, 4, 5],
  deskName: 'D01',
  floorName: 'Floor 1',
  // A Monday.
  bookingDate: '2026-11-23',
  timeSlot: 'morning',
  status: 'active',
  isPermanent: false,
  notes: null,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  cancelledAt: null,
  releasedAt: null,
};

describe('feed addresses', () => {
  it('puts the token in a path ending .ics, and reads it back from that segment or the bare token', () => {
    expect(feedPath(token)).toBe(`/api/calendar-feed/${token}.ics`);
    expect(feedTokenOf(`${token}.ics`)).toBe(token);
    expect(feedTokenOf(token)).toBe(token);
  });

  it.each([
    ['too short', `${token.slice(1)}.ics`],
    ['too long', `${token}A.ics`],
    ['not base64url', `${token.slice(1)}=.ics`],
    ['another extension', `${token}.ical`],
    ['empty', ''],
    ['a path', `../${token}`],
  ])('reads no token from a segment that is %s', (_case, segment) => {
    expect(feedTokenOf(segment)).toBeNull();
  });

  it.each([
    ['https://perch.example.com/api/calendar-feed/x.ics', 'webcal://perch.example.com/api/calendar-feed/x.ics'],
    ['http://localhost:3000/api/calendar-feed/x.ics', 'webcal://localhost:3000/api/calendar-feed/x.ics'],
    ['HTTPS://perch.example.com/a', 'webcal://perch.example.com/a'],
  ])('offers %s to calendar programs as %s', (url, webcal) => {
    expect(webcalUrl(url)).toBe(webcal);
  });
});

describe('feedEvent', () => {
  it("is the confirmation mail's event: same UID, the slot's hours in its site's zone", () => {
    const event = feedEvent(booking, 'perch.test');
    expect(event).toMatchObject({
      uid: 'booking-b-1@perch.test',
      start: new Date('2026-11-23T14:00:00Z'),
      end: new Date('2026-11-23T18:00:00Z'),
      summary: 'Desk D01 (morning)',
      location: 'D01, Floor 1, Acme Corp',
      description: 'Desk D01 on Floor 1, Acme Corp.',
      status: 'CONFIRMED',
      sequence: 0,
      lastModified: booking.createdAt,
    });
    expect(event.repeat).toBeUndefined();
  });

  it.each([
    [
      'a cancelled booking',
      { status: 'cancelled' as const, cancelledAt: new Date('2026-11-20T08:00:00Z'), releasedAt: null },
      'Cancelled: ',
    ],
    [
      'a released booking',
      {
        status: 'cancelled' as const,
        cancelledAt: new Date('2026-11-23T14:31:00Z'),
        releasedAt: new Date('2026-11-23T14:31:00Z'),
      },
      'Released: ',
    ],
  ])('marks %s CANCELLED with a later SEQUENCE and the same UID', (_case, change, prefix) => {
    const event = feedEvent({ ...booking, ...change }, 'perch.test');
    expect(event).toMatchObject({
      uid: 'booking-b-1@perch.test',
      status: 'CANCELLED',
      sequence: 1,
      summary: `${prefix}Desk D01 (morning)`,
      lastModified: change.releasedAt ?? change.cancelledAt,
    });
  });

  it('is on its desk’s site’s clock: its zone, its office hours, and its working days for a permanent booking', () => {
    const tokyo = {
      ...booking,
      timeZone: 'Asia/Tokyo',
      dayStart: '08:30',
      midday: '12:00',
      dayEnd: '17:30',
      workingDays: [1, 2, 3, 4, 5, 6],
    };
    expect(feedEvent({ ...tokyo, timeSlot: 'afternoon' }, 'perch.test')).toMatchObject({
      start: new Date('2026-11-23T03:00:00Z'),
      end: new Date('2026-11-23T08:30:00Z'),
      timeZone: 'Asia/Tokyo',
    });
    // A permanent booking from a Sunday repeats from the next working day, on the site's working days.
    const permanent = feedEvent({ ...tokyo, isPermanent: true, bookingDate: '2026-11-29' }, 'perch.test');
    expect(permanent).toMatchObject({
      start: new Date('2026-11-29T23:30:00Z'),
      repeat: { timeZone: 'Asia/Tokyo', byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'] },
    });
  });

  it('says that a released booking was released because nobody checked in, and carries the notes', () => {
    const event = feedEvent(
      { ...booking, notes: 'Bring a laptop', status: 'cancelled', releasedAt: new Date('2026-11-23T14:31:00Z') },
      'perch.test',
    );
    expect(event.description).toBe(
      'Desk D01 on Floor 1, Acme Corp.\nNotes: Bring a laptop\nReleased because nobody checked in.',
    );
  });

  it.each([
    ['a weekday', '2026-11-25', '2026-11-25T18:00:00Z'],
    ['a Saturday, from the Monday after', '2026-11-28', '2026-11-30T18:00:00Z'],
  ])('repeats a permanent booking made on %s every weekday in its zone', (_case, bookingDate, start) => {
    const event = feedEvent({ ...booking, bookingDate, timeSlot: 'afternoon', isPermanent: true }, 'perch.test');
    expect(event.start).toEqual(new Date(start));
    expect(event.repeat).toEqual({ timeZone: 'America/New_York', byDay: ['MO', 'TU', 'WE', 'TH', 'FR'] });
    expect(event.description).toContain('A permanent booking');
  });
});

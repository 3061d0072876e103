import { describe, expect, it } from 'vitest';
import type { TimeSlot } from './bookings.ts';
import { type DeskHereBooking, type DeskHereOffer, type DeskHereSituation, decideDeskHere } from './desk-here.ts';
import { judgeMove, type MyBookingElsewhere, moveHereMessages, moveHereSchema, movePlans } from './desk-here-move.ts';
import { defaultOfficeHours } from './sites.ts';

// Issue 27: Bob holds D10 all day and scans Window 1. Wednesday 25 November 2026 in London (UTC+0 then).
const today = '2026-11-25';
const me = 'user-me';

function theirs(timeSlot: TimeSlot, overrides: Partial<DeskHereBooking> = {}): DeskHereBooking {
  return {
    id: `theirs-${timeSlot}`,
    userId: 'user-other',
    user: { firstName: 'Olga', lastName: 'Other', email: 'olga@example.com' },
    bookingDate: today,
    timeSlot,
    status: 'active',
    isPermanent: false,
    checkedInAt: null,
    ...overrides,
  };
}

function mineAt(deskName: string, timeSlot: TimeSlot, overrides: Partial<MyBookingElsewhere> = {}) {
  return {
    id: `mine-${deskName}-${timeSlot}`,
    deskId: `desk-${deskName}`,
    deskName,
    bookingDate: today,
    timeSlot,
    status: 'active' as const,
    isPermanent: false,
    ...overrides,
  };
}

function situation(time: string, here: DeskHereBooking[], elsewhere: MyBookingElsewhere[]): DeskHereSituation {
  return {
    desk: { bookable: true, unavailableReason: null },
    personId: me,
    bookings: here,
    elsewhere,
    now: new Date(`${today}T${time}:00Z`),
    site: { timeZone: 'Europe/London', ...defaultOfficeHours },
    checkIn: { checkInGraceMinutes: 30 },
  };
}

const moveOf = (
  booking: MyBookingElsewhere,
  timeSlot: TimeSlot,
  keeps: 'morning' | 'afternoon' | null,
  isCheckedIn: boolean,
): DeskHereOffer => ({
  kind: 'move-here',
  bookingId: booking.id,
  from: { deskId: booking.deskId, deskName: booking.deskName, timeSlot: booking.timeSlot },
  timeSlot,
  keeps,
  isCheckedIn,
});

describe('what the desk page offers someone who may hold another desk today', () => {
  const d10 = mineAt('D10', 'full-day');
  const d10Morning = mineAt('D10', 'morning');
  const d10Afternoon = mineAt('D10', 'afternoon');
  it.each<[string, string, DeskHereBooking[], MyBookingElsewhere[], DeskHereOffer]>([
    ['no booking of mine, desk free all day', '10:00', [], [], { kind: 'sit-here', slots: ['full-day', 'morning'] }],
    [
      'no booking of mine, only the afternoon free: This afternoon',
      '10:00',
      [theirs('morning')],
      [],
      { kind: 'afternoon-free', holder: 'Olga Other' },
    ],
    [
      'no booking of mine, only the morning free',
      '10:00',
      [theirs('afternoon')],
      [],
      { kind: 'sit-here', slots: ['morning'] },
    ],
    [
      'no booking of mine, nothing free',
      '10:00',
      [theirs('full-day')],
      [],
      { kind: 'taken', holder: 'Olga Other', isPermanent: false },
    ],
    ['my full day elsewhere, desk free: the whole day moves', '10:00', [], [d10], moveOf(d10, 'full-day', null, true)],
    [
      'my full day elsewhere, only the afternoon free: the afternoon moves, the morning stays',
      '10:00',
      [theirs('morning')],
      [d10],
      moveOf(d10, 'afternoon', 'morning', false),
    ],
    [
      'my full day elsewhere, only the morning free: the morning moves, the afternoon stays',
      '10:00',
      [theirs('afternoon')],
      [d10],
      moveOf(d10, 'morning', 'afternoon', true),
    ],
    [
      'my full day elsewhere, nothing free: taken',
      '10:00',
      [theirs('full-day')],
      [d10],
      { kind: 'taken', holder: 'Olga Other', isPermanent: false },
    ],
    [
      'my full day elsewhere after midday: the afternoon moves, the morning stays',
      '14:00',
      [],
      [d10],
      moveOf(d10, 'afternoon', 'morning', true),
    ],
    [
      'my full day elsewhere after midday, the afternoon taken here: taken',
      '14:00',
      [theirs('afternoon')],
      [d10],
      { kind: 'taken', holder: 'Olga Other', isPermanent: false },
    ],
    ['my morning elsewhere at 10:00', '10:00', [], [d10Morning], moveOf(d10Morning, 'morning', null, true)],
    [
      'my morning elsewhere at 10:00, the morning taken here: This afternoon',
      '10:00',
      [theirs('morning')],
      [d10Morning],
      { kind: 'afternoon-free', holder: 'Olga Other' },
    ],
    ['my morning elsewhere is over at 14:00', '14:00', [], [d10Morning], { kind: 'sit-here', slots: ['afternoon'] }],
    [
      'my afternoon elsewhere, moved in the morning, is not checked in yet',
      '10:00',
      [],
      [d10Afternoon],
      moveOf(d10Afternoon, 'afternoon', null, false),
    ],
    [
      'my afternoon elsewhere, moved during it, is checked in at once',
      '15:00',
      [],
      [d10Afternoon],
      moveOf(d10Afternoon, 'afternoon', null, true),
    ],
    [
      'my permanent desk elsewhere is not moved',
      '10:00',
      [],
      [mineAt('D10', 'full-day', { isPermanent: true, bookingDate: '2026-01-05' })],
      { kind: 'sit-here', slots: ['full-day', 'morning'] },
    ],
    [
      'my booking elsewhere released as a no-show is not moved',
      '10:00',
      [],
      [mineAt('D10', 'full-day', { status: 'cancelled' })],
      { kind: 'sit-here', slots: ['full-day', 'morning'] },
    ],
    [
      'my booking of this desk comes first: check in',
      '09:10',
      [{ ...theirs('full-day'), id: 'mine-here', userId: me }],
      [d10Afternoon],
      { kind: 'check-in', bookingId: 'mine-here', timeSlot: 'full-day', closesAt: '09:30' },
    ],
    ['the office day is over', '18:30', [], [d10], { kind: 'day-over' }],
  ])('%s', (_name, time, here, elsewhere, offer) => {
    expect(decideDeskHere(situation(time, here, elsewhere))).toEqual(offer);
  });

  it('offers no move to an out-of-service desk', () => {
    const outOfService = { ...situation('10:00', [], [d10]), desk: { bookable: false, unavailableReason: null } };
    expect(decideDeskHere(outOfService)).toEqual({ kind: 'out-of-service', reason: null });
  });

  it('moves a booking whose check-in window closed unreleased, checking it in at once', () => {
    // Check-in required, grace 30: the morning's window closed at 09:30; the person is at a desk now.
    expect(movePlans({ timeSlot: 'morning', isPermanent: false }, '11:00', defaultOfficeHours)).toEqual([
      { timeSlot: 'morning', keeps: null, releases: 'morning', isCheckedIn: true },
    ]);
  });

  it('splits a full day at the site’s own midday and ends it at the site’s end of day', () => {
    const hours = { dayStart: '07:30', midday: '12:00', dayEnd: '16:30' };
    const fullDay = { timeSlot: 'full-day' as TimeSlot, isPermanent: false };
    expect(movePlans(fullDay, '11:59', hours).map((plan) => plan.timeSlot)).toEqual([
      'full-day',
      'afternoon',
      'morning',
    ]);
    expect(movePlans(fullDay, '12:00', hours)).toEqual([
      { timeSlot: 'afternoon', keeps: 'morning', releases: 'afternoon', isCheckedIn: true },
    ]);
    expect(movePlans(fullDay, '16:30', hours)).toEqual([]);
    expect(movePlans({ timeSlot: 'morning', isPermanent: false }, '12:00', hours)).toEqual([]);
  });

  it('names the button by what moves', () => {
    expect(moveHereMessages.button({ keeps: null, isCheckedIn: true })).toBe('Move my booking here');
    expect(moveHereMessages.button({ keeps: 'morning', isCheckedIn: false })).toBe('Move my afternoon here');
    expect(moveHereMessages.button({ keeps: 'morning', isCheckedIn: true })).toBe('Move my booking here');
    expect(moveHereMessages.button({ keeps: 'afternoon', isCheckedIn: true })).toBe('Move my morning here');
  });
});

describe('judging a move before it is written', () => {
  const booking = {
    timeSlot: 'full-day' as TimeSlot,
    isPermanent: false,
    bookingDate: today,
    status: 'active',
    deskId: 'd10',
  };
  const target = { deskId: 'window-1', deskName: 'Window 1', today, localTime: '10:00', hours: defaultOfficeHours };
  it.each<[string, Partial<typeof booking>, Partial<typeof target>, TimeSlot, ReturnType<typeof judgeMove>]>([
    ['a cancelled booking', { status: 'cancelled' }, {}, 'full-day', { status: 409, message: moveHereMessages.ended }],
    [
      'a permanent booking',
      { isPermanent: true },
      {},
      'full-day',
      { status: 422, message: moveHereMessages.permanent },
    ],
    [
      'tomorrow’s booking',
      { bookingDate: '2026-11-26' },
      {},
      'full-day',
      { status: 422, message: moveHereMessages.notToday },
    ],
    [
      'a booking of this very desk',
      { deskId: 'window-1' },
      {},
      'full-day',
      { status: 409, message: 'Your booking is already at Window 1.' },
    ],
    [
      'a morning that is over',
      { timeSlot: 'morning' },
      { localTime: '13:30' },
      'morning',
      { status: 422, message: moveHereMessages.over },
    ],
    [
      'a full day asked as a morning keeps its afternoon',
      {},
      {},
      'morning',
      { plan: { timeSlot: 'morning', keeps: 'afternoon', releases: 'morning', isCheckedIn: true } },
    ],
    [
      'a morning asked as a full day',
      { timeSlot: 'morning' },
      {},
      'full-day',
      { status: 422, message: 'This booking moves only as morning today.' },
    ],
    [
      'a full day after midday asked as a full day',
      {},
      { localTime: '14:00' },
      'full-day',
      { status: 422, message: 'This booking moves only as afternoon today.' },
    ],
    [
      'a full day moved whole in the morning',
      {},
      {},
      'full-day',
      { plan: { timeSlot: 'full-day', keeps: null, releases: 'full-day', isCheckedIn: true } },
    ],
    [
      'a full day’s afternoon after midday',
      {},
      { localTime: '14:00' },
      'afternoon',
      { plan: { timeSlot: 'afternoon', keeps: 'morning', releases: 'afternoon', isCheckedIn: true } },
    ],
  ])('%s', (_name, bookingChanges, targetChanges, timeSlot, expected) => {
    expect(judgeMove({ ...booking, ...bookingChanges }, { ...target, ...targetChanges }, timeSlot)).toEqual(expected);
  });

  it('refuses a malformed request with the field named', () => {
    expect(moveHereSchema.safeParse({ bookingId: 'x', timeSlot: 'evening' }).success).toBe(false);
    expect(moveHereSchema.safeParse({ bookingId: 'x'.repeat(101), timeSlot: 'morning' }).success).toBe(false);
    expect(moveHereSchema.safeParse({ timeSlot: 'morning' }).success).toBe(false);
    expect(moveHereSchema.safeParse({ bookingId: 'x', timeSlot: 'morning' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type BookingOccupancy,
  bookingDateFieldProblem,
  bookingFormSchema,
  bookingMessages,
  bookingRangeSchema,
  bulkBookingSchema,
  countsOnDate,
  createBookingSchema,
  deskAvailabilityOn,
  deskDialogStateOn,
  fullyBookedMessage,
  type HeldBooking,
  isFullyBooked,
  remainingWeekdays,
  type SlotAvailability,
  slotAvailabilityOn,
  slotLabel,
  slotTimes,
  sortMyBookings,
  type TimeSlot,
  takenDatesOf,
  takenDaysSentence,
} from './bookings.ts';
import { weeklyAvailabilityResponseSchema } from './bookings-responses.ts';
import { todayIn } from './dates.ts';

const date = '2026-11-25';
const booking = (timeSlot: TimeSlot, overrides: Partial<BookingOccupancy> = {}): BookingOccupancy => ({
  bookingDate: date,
  timeSlot,
  status: 'active',
  isPermanent: false,
  ...overrides,
});

describe('time slots', () => {
  it('are full day 09:00-18:00, morning 09:00-13:00 and afternoon 13:00-18:00', () => {
    expect(slotTimes).toEqual({
      'full-day': { start: '09:00', end: '18:00' },
      morning: { start: '09:00', end: '13:00' },
      afternoon: { start: '13:00', end: '18:00' },
    });
  });

  it('label a full day with a space instead of the dash', () => {
    expect(slotLabel('full-day')).toBe('full day');
    expect(slotLabel('morning')).toBe('morning');
    expect(slotLabel('afternoon')).toBe('afternoon');
  });
});

describe('desk availability for a date (spec section 4)', () => {
  it.each<[string, BookingOccupancy[], 'available' | 'partial' | 'booked']>([
    ['no bookings', [], 'available'],
    ['a morning', [booking('morning')], 'partial'],
    ['an afternoon', [booking('afternoon')], 'partial'],
    ['a full day', [booking('full-day')], 'booked'],
    ['a morning and an afternoon', [booking('morning'), booking('afternoon')], 'booked'],
    [
      'a full day and a cancelled morning',
      [booking('full-day'), booking('morning', { status: 'cancelled' })],
      'booked',
    ],
    ['only a cancelled full day', [booking('full-day', { status: 'cancelled' })], 'available'],
    [
      'a morning and a cancelled afternoon',
      [booking('morning'), booking('afternoon', { status: 'cancelled' })],
      'partial',
    ],
    ['a full day on another date', [booking('full-day', { bookingDate: '2026-11-24' })], 'available'],
    ['a full day the next day', [booking('full-day', { bookingDate: '2026-11-26' })], 'available'],
    [
      'a morning today and an afternoon on another date',
      [booking('morning'), booking('afternoon', { bookingDate: '2026-11-26' })],
      'partial',
    ],
    [
      'a permanent full day that started earlier',
      [booking('full-day', { bookingDate: '2026-01-05', isPermanent: true })],
      'booked',
    ],
    ['a permanent full day that starts today', [booking('full-day', { isPermanent: true })], 'booked'],
    [
      'a permanent full day that starts later',
      [booking('full-day', { bookingDate: '2026-11-26', isPermanent: true })],
      'available',
    ],
    [
      'a cancelled permanent full day that started earlier',
      [booking('full-day', { bookingDate: '2026-01-05', isPermanent: true, status: 'cancelled' })],
      'available',
    ],
    // The database holds a permanent booking's desk from its slot's start on: every later date is taken whole.
    [
      'a permanent morning that started earlier',
      [booking('morning', { bookingDate: '2026-01-05', isPermanent: true })],
      'booked',
    ],
    ['a permanent afternoon that starts today', [booking('afternoon', { isPermanent: true })], 'partial'],
  ])('with %s is %s', (_name, bookings, expected) => {
    expect(deskAvailabilityOn(bookings, date)).toBe(expected);
  });
});

describe('slot availability for a date', () => {
  it('books the full day and that half when one half is taken', () => {
    expect(slotAvailabilityOn([booking('morning')], date)).toEqual({
      'full-day': 'booked',
      morning: 'booked',
      afternoon: 'available',
    });
    expect(slotAvailabilityOn([booking('afternoon')], date)).toEqual({
      'full-day': 'booked',
      morning: 'available',
      afternoon: 'booked',
    });
  });

  it('books every slot for a full day and none for a cancelled one', () => {
    expect(slotAvailabilityOn([booking('full-day')], date)).toEqual({
      'full-day': 'booked',
      morning: 'booked',
      afternoon: 'booked',
    });
    expect(slotAvailabilityOn([booking('full-day', { status: 'cancelled' })], date)).toEqual({
      'full-day': 'available',
      morning: 'available',
      afternoon: 'available',
    });
  });

  it('leaves the morning of the first day of a permanent afternoon free', () => {
    expect(slotAvailabilityOn([booking('afternoon', { isPermanent: true })], date).morning).toBe('available');
    expect(
      slotAvailabilityOn([booking('afternoon', { isPermanent: true, bookingDate: '2026-11-24' })], date).morning,
    ).toBe('booked');
  });
});

describe('countsOnDate', () => {
  it('counts permanent bookings from their own date on, never before', () => {
    const permanent = booking('full-day', { isPermanent: true, bookingDate: '2026-11-25' });
    expect(countsOnDate(permanent, '2026-11-24')).toBe(false);
    expect(countsOnDate(permanent, '2026-11-25')).toBe(true);
    expect(countsOnDate(permanent, '2030-01-01')).toBe(true);
  });
});

describe('todayIn', () => {
  it('answers the date in the zone, which differs across the date line at the same instant', () => {
    const instant = new Date('2026-11-21T11:00:00Z');
    expect(todayIn('Europe/London', instant)).toBe('2026-11-21');
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-11-22');
    expect(todayIn('Etc/GMT+12', instant)).toBe('2026-11-20');
    expect(todayIn('Europe/London', new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
  });
});

describe('remainingWeekdays', () => {
  it('lists Monday to Friday when the week starts on a Monday', () => {
    expect(remainingWeekdays('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
  });

  it('lists the rest of the working week from a Wednesday', () => {
    expect(remainingWeekdays('2026-11-25')).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
  });

  it('lists only the Friday from a Friday, across a month end', () => {
    expect(remainingWeekdays('2026-01-30')).toEqual(['2026-01-30']);
    expect(remainingWeekdays('2026-12-30')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('lists nothing from a Saturday or a Sunday', () => {
    expect(remainingWeekdays('2026-11-28')).toEqual([]);
    expect(remainingWeekdays('2026-11-29')).toEqual([]);
  });
});

function problemsOf(schema: { safeParse(input: unknown): any }, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue: { message: string }) => issue.message);
}

describe('the booking form schema', () => {
  it('asks for a date with the spec message', () => {
    expect(problemsOf(bookingFormSchema, { timeSlot: 'morning' })).toEqual([bookingMessages.dateRequired]);
    expect(problemsOf(bookingFormSchema, { bookingDate: '', timeSlot: 'morning' })).toEqual([
      bookingMessages.dateRequired,
    ]);
  });

  it('refuses dates that do not exist', () => {
    expect(problemsOf(bookingFormSchema, { bookingDate: '2026-02-30', timeSlot: 'morning' })).toEqual([
      bookingMessages.dateInvalid,
    ]);
    expect(problemsOf(bookingFormSchema, { bookingDate: '25/11/2026', timeSlot: 'morning' })).toEqual([
      bookingMessages.dateInvalid,
    ]);
  });

  it('asks for a time slot with the spec message', () => {
    expect(problemsOf(bookingFormSchema, { bookingDate: date })).toEqual([bookingMessages.slotRequired]);
    expect(problemsOf(bookingFormSchema, { bookingDate: date, timeSlot: 'evening' })).toEqual([
      bookingMessages.slotRequired,
    ]);
  });

  it('takes optional notes, empty notes as none, and refuses control characters', () => {
    expect(bookingFormSchema.parse({ bookingDate: date, timeSlot: 'morning', notes: '  ' }).notes).toBeNull();
    expect(bookingFormSchema.parse({ bookingDate: date, timeSlot: 'morning', notes: 'Line 1\nLine 2' }).notes).toBe(
      'Line 1\nLine 2',
    );
    expect(problemsOf(bookingFormSchema, { bookingDate: date, timeSlot: 'morning', notes: 'a\u0000b' })).toEqual([
      bookingMessages.notesCharacters,
    ]);
    expect(problemsOf(bookingFormSchema, { bookingDate: date, timeSlot: 'morning', notes: 'x'.repeat(501) })).toEqual([
      bookingMessages.notesTooLong,
    ]);
  });

  it('needs the organization and the desk for the server call', () => {
    expect(problemsOf(createBookingSchema, { bookingDate: date, timeSlot: 'morning' })).toEqual([
      'Organization is required',
      'Desk is required',
    ]);
  });
});

describe('the bulk schema', () => {
  const item = { deskId: 'd', bookingDate: date, timeSlot: 'morning' };
  it('takes 1 to 31 bookings', () => {
    expect(problemsOf(bulkBookingSchema, { organizationId: 'o', bookings: [] })).toEqual([
      'Choose at least one booking',
    ]);
    expect(problemsOf(bulkBookingSchema, { organizationId: 'o', bookings: Array(32).fill(item) })).toEqual([
      'Choose at most 31 bookings at once',
    ]);
    expect(problemsOf(bulkBookingSchema, { organizationId: 'o', bookings: Array(31).fill(item) })).toEqual([]);
  });
});

describe('the booking range schema', () => {
  it('takes up to 366 days and refuses a longer or reversed range', () => {
    expect(problemsOf(bookingRangeSchema, { startDate: '2026-01-01', endDate: '2027-01-01' })).toEqual([]);
    expect(problemsOf(bookingRangeSchema, { startDate: '2026-01-01', endDate: '2027-01-02' })).toEqual([
      'The date range must be at most 366 days',
    ]);
    expect(problemsOf(bookingRangeSchema, { startDate: '2026-01-02', endDate: '2026-01-01' })).toEqual([
      'End date must not be before the start date',
    ]);
  });
});

describe('the Book Desk date field', () => {
  const today = '2026-11-23';
  it.each<[string, string, string | undefined]>([
    ['an empty date', '', bookingMessages.dateRequired],
    ['a date that does not exist', '2026-02-30', bookingMessages.dateInvalid],
    ['yesterday', '2026-11-22', bookingMessages.choosePresentDate],
    ['a date years ago', '2001-01-01', bookingMessages.choosePresentDate],
    ['today', today, undefined],
    ['tomorrow', '2026-11-24', undefined],
  ])('says of %s: %s', (_name, value, expected) => {
    expect(bookingDateFieldProblem(value, today)).toBe(expected);
  });
});

describe('a fully booked desk', () => {
  const slots = (morning: SlotAvailability, afternoon: SlotAvailability, fullDay: SlotAvailability = 'booked') => ({
    'full-day': fullDay,
    morning,
    afternoon,
  });
  it.each<[string, Record<TimeSlot, SlotAvailability>, boolean]>([
    ['every slot booked', slots('booked', 'booked'), true],
    ['the afternoon free', slots('booked', 'available'), false],
    ['the morning free', slots('available', 'booked'), false],
    ['everything free', slots('available', 'available', 'available'), false],
  ])('with %s is fully booked: %s', (_name, value, expected) => {
    expect(isFullyBooked(value)).toBe(expected);
  });

  it('is named with the long date and what to do instead', () => {
    expect(fullyBookedMessage('D03', '2026-11-23')).toBe(
      'D03 is fully booked on Monday, 23 November 2026. Choose another date or another desk.',
    );
  });
});

describe('the weekdays a desk is taken', () => {
  const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
  const on = (bookingDate: string, timeSlot: TimeSlot, overrides: Partial<BookingOccupancy> = {}) =>
    booking(timeSlot, { bookingDate, ...overrides });
  it.each<[string, BookingOccupancy[], TimeSlot, string[]]>([
    ['no bookings', [], 'full-day', []],
    ['an afternoon on Thursday, for mornings', [on('2026-11-26', 'afternoon')], 'morning', []],
    ['an afternoon on Thursday, for full days', [on('2026-11-26', 'afternoon')], 'full-day', ['2026-11-26']],
    [
      'full days on Tuesday and Thursday',
      [on('2026-11-24', 'full-day'), on('2026-11-26', 'full-day')],
      'morning',
      ['2026-11-24', '2026-11-26'],
    ],
    ['a cancelled Monday', [on('2026-11-23', 'full-day', { status: 'cancelled' })], 'morning', []],
    [
      'a permanent afternoon from Wednesday, for mornings',
      [on('2026-11-25', 'afternoon', { isPermanent: true })],
      'morning',
      ['2026-11-26', '2026-11-27'],
    ],
    [
      'a permanent booking from an earlier week',
      [on('2026-01-05', 'morning', { isPermanent: true })],
      'afternoon',
      week,
    ],
  ])('with %s', (_name, bookings, slot, expected) => {
    expect(takenDatesOf(bookings, week, slot)).toEqual(expected);
  });

  it.each<[string[], string]>([
    [[], 'D03 is free every day'],
    [['2026-11-24'], 'D03 is taken on Tuesday'],
    [['2026-11-24', '2026-11-26'], 'D03 is taken on Tuesday and Thursday'],
    [['2026-11-23', '2026-11-24', '2026-11-27'], 'D03 is taken on Monday, Tuesday and Friday'],
  ])('names %j in a sentence', (dates, expected) => {
    expect(takenDaysSentence('D03', dates)).toBe(expected);
  });

  it('is part of the weekly availability contract', () => {
    const answer = {
      originalDesk: { id: 'd', name: 'D03', available: false, takenDates: ['2026-11-24'] },
      alternatives: [],
      dates: week,
    };
    expect(weeklyAvailabilityResponseSchema.parse(answer)).toEqual(answer);
    const { takenDates: _dropped, ...withoutTakenDates } = answer.originalDesk;
    expect(weeklyAvailabilityResponseSchema.safeParse({ ...answer, originalDesk: withoutTakenDates }).success).toBe(
      false,
    );
  });
});

describe('what clicking a desk opens', () => {
  const me = 'me';
  const held = (
    id: string,
    timeSlot: TimeSlot,
    overrides: Partial<HeldBooking & { id: string }> = {},
  ): HeldBooking & { id: string } => ({ id, deskId: 'd1', userId: 'other', ...booking(timeSlot), ...overrides });
  const stateOf = (bookings: Array<HeldBooking & { id: string }>, isAdmin = false) => {
    const state = deskDialogStateOn(bookings, { deskId: 'd1', date, currentUserId: me, isAdmin });
    if (state.kind === 'yours')
      return { kind: state.kind, ids: state.bookings.map((item) => item.id), freeSlot: state.freeSlot };
    if (state.kind === 'blocked') return { kind: state.kind, ids: [state.booking.id], canRelease: state.canRelease };
    return { kind: state.kind };
  };

  it.each<[string, Array<HeldBooking & { id: string }>, boolean, ReturnType<typeof stateOf>]>([
    ['nobody has it', [], false, { kind: 'book' }],
    ['someone else has the morning', [held('a', 'morning')], false, { kind: 'book' }],
    ['someone else has the full day', [held('a', 'full-day')], false, { kind: 'book' }],
    ['I had it, but cancelled', [held('a', 'full-day', { userId: me, status: 'cancelled' })], false, { kind: 'book' }],
    [
      'I have it on another day',
      [held('a', 'full-day', { userId: me, bookingDate: '2026-11-26' })],
      false,
      { kind: 'book' },
    ],
    ['I have another desk', [held('a', 'full-day', { userId: me, deskId: 'd2' })], false, { kind: 'book' }],
    [
      'I have the full day',
      [held('a', 'full-day', { userId: me })],
      false,
      { kind: 'yours', ids: ['a'], freeSlot: null },
    ],
    [
      'I have the morning',
      [held('a', 'morning', { userId: me })],
      false,
      { kind: 'yours', ids: ['a'], freeSlot: 'afternoon' },
    ],
    [
      'I have the afternoon',
      [held('a', 'afternoon', { userId: me })],
      false,
      { kind: 'yours', ids: ['a'], freeSlot: 'morning' },
    ],
    [
      'I have the morning and someone else the afternoon',
      [held('b', 'afternoon'), held('a', 'morning', { userId: me })],
      false,
      { kind: 'yours', ids: ['a'], freeSlot: null },
    ],
    [
      'I have both halves, listed morning first',
      [held('b', 'afternoon', { userId: me }), held('a', 'morning', { userId: me })],
      false,
      { kind: 'yours', ids: ['a', 'b'], freeSlot: null },
    ],
    [
      'I have the morning of the day a permanent afternoon starts',
      [held('p', 'afternoon', { isPermanent: true }), held('a', 'morning', { userId: me })],
      false,
      { kind: 'yours', ids: ['a'], freeSlot: null },
    ],
    [
      'a permanent booking that started earlier, seen by a member',
      [held('p', 'full-day', { isPermanent: true, bookingDate: '2026-01-05' })],
      false,
      { kind: 'blocked', ids: ['p'], canRelease: false },
    ],
    [
      'a permanent booking, seen by an admin',
      [held('p', 'full-day', { isPermanent: true })],
      true,
      { kind: 'blocked', ids: ['p'], canRelease: true },
    ],
    [
      'a permanent booking held by me, a member',
      [held('p', 'full-day', { isPermanent: true, userId: me })],
      false,
      { kind: 'blocked', ids: ['p'], canRelease: true },
    ],
    [
      'a permanent booking that starts tomorrow',
      [held('p', 'full-day', { isPermanent: true, bookingDate: '2026-11-26' })],
      true,
      { kind: 'book' },
    ],
    [
      'a released permanent booking',
      [held('p', 'full-day', { isPermanent: true, status: 'cancelled', bookingDate: '2026-01-05' })],
      true,
      { kind: 'book' },
    ],
  ])('when %s', (_name, bookings, isAdmin, expected) => {
    expect(stateOf(bookings, isAdmin)).toEqual(expected);
  });
});

describe('the order of My Bookings', () => {
  const today = '2026-11-23';
  const mine = (id: string, bookingDate: string, timeSlot: TimeSlot, overrides: Partial<BookingOccupancy> = {}) => ({
    id,
    ...booking(timeSlot, { bookingDate, ...overrides }),
  });
  it('puts permanent bookings first, then what lies ahead soonest first, then the past and the cancelled, newest first', () => {
    const bookings = [
      mine('past-early', '2026-11-02', 'full-day'),
      mine('next-week', '2026-11-30', 'morning'),
      mine('cancelled-ahead', '2026-11-25', 'full-day', { status: 'cancelled' }),
      mine('today-afternoon', today, 'afternoon'),
      mine('past-late', '2026-11-20', 'morning'),
      mine('permanent', '2026-10-01', 'full-day', { isPermanent: true }),
      mine('today-morning', today, 'morning'),
      mine('cancelled-permanent', '2026-09-01', 'full-day', { isPermanent: true, status: 'cancelled' }),
    ];
    expect(sortMyBookings(bookings, today).map((item) => item.id)).toEqual([
      'permanent',
      'today-morning',
      'today-afternoon',
      'next-week',
      'cancelled-ahead',
      'past-late',
      'past-early',
      'cancelled-permanent',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const bookings = [mine('later', '2026-11-30', 'morning'), mine('sooner', '2026-11-24', 'morning')];
    sortMyBookings(bookings, today);
    expect(bookings.map((item) => item.id)).toEqual(['later', 'sooner']);
  });
});

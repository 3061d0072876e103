import { describe, expect, it } from 'vitest';
import {
  type BookingOccupancy,
  bookingFormSchema,
  bookingMessages,
  bookingRangeSchema,
  bulkBookingSchema,
  countsOnDate,
  createBookingSchema,
  deskAvailabilityOn,
  remainingWeekdays,
  slotAvailabilityOn,
  slotLabel,
  slotTimes,
  type TimeSlot,
} from './bookings.ts';
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

import { describe, expect, it } from 'vitest';
import { bookingTimes, isoInZone, isoOffset, remainingWorkingDays } from './site-times.ts';
import { defaultOfficeHours } from './sites.ts';

// Issue 28: a booking's real times are its desk's site's hours on its date in the site's zone, written with the
// site's offset that day. The days the clocks change are the ones that go wrong elsewhere.

describe('isoOffset', () => {
  it.each([
    [0, '+00:00'],
    [9 * 3_600_000, '+09:00'],
    [-5 * 3_600_000, '-05:00'],
    [10.5 * 3_600_000, '+10:30'],
    [-3.5 * 3_600_000, '-03:30'],
    [5.75 * 3_600_000, '+05:45'],
  ])('writes %d ms as %s', (offset, expected) => {
    expect(isoOffset(offset)).toBe(expected);
  });
});

describe('isoInZone', () => {
  it.each([
    ['2026-11-30T00:00:00Z', 'Asia/Tokyo', '2026-11-30T09:00:00+09:00'],
    ['2026-11-30T00:00:00Z', 'America/New_York', '2026-11-29T19:00:00-05:00'],
    ['2026-07-01T12:00:00Z', 'America/New_York', '2026-07-01T08:00:00-04:00'],
    ['2026-07-01T12:00:00Z', 'Europe/London', '2026-07-01T13:00:00+01:00'],
    ['2026-12-01T12:00:00Z', 'Europe/London', '2026-12-01T12:00:00+00:00'],
    ['2026-12-01T12:00:00Z', 'Australia/Lord_Howe', '2026-12-01T23:00:00+11:00'],
    ['2026-07-01T12:00:00Z', 'Australia/Lord_Howe', '2026-07-01T22:30:00+10:30'],
  ])('writes %s in %s as %s', (instant, zone, expected) => {
    expect(isoInZone(new Date(instant), zone)).toBe(expected);
  });
});

describe('bookingTimes', () => {
  const at = (timeZone: string, hours = defaultOfficeHours) => ({ timeZone, ...hours });

  // Each row: zone, date, slot, then what the booking reads back. The transition days: London goes forward on
  // 29 March 2026 and back on 25 October 2026; New York on 8 March and 1 November 2026; Lord Howe moves half an hour,
  // back on 5 April and forward on 4 October 2026 (at 02:00 local); Tokyo never moves.
  it.each([
    [
      'Europe/London',
      '2026-03-28',
      'morning',
      '09:00',
      '13:00',
      '2026-03-28T09:00:00+00:00',
      '2026-03-28T13:00:00+00:00',
    ],
    [
      'Europe/London',
      '2026-03-29',
      'morning',
      '09:00',
      '13:00',
      '2026-03-29T09:00:00+01:00',
      '2026-03-29T13:00:00+01:00',
    ],
    [
      'Europe/London',
      '2026-10-25',
      'full-day',
      '09:00',
      '18:00',
      '2026-10-25T09:00:00+00:00',
      '2026-10-25T18:00:00+00:00',
    ],
    [
      'America/New_York',
      '2026-03-08',
      'afternoon',
      '13:00',
      '18:00',
      '2026-03-08T13:00:00-04:00',
      '2026-03-08T18:00:00-04:00',
    ],
    [
      'America/New_York',
      '2026-03-07',
      'afternoon',
      '13:00',
      '18:00',
      '2026-03-07T13:00:00-05:00',
      '2026-03-07T18:00:00-05:00',
    ],
    [
      'America/New_York',
      '2026-11-01',
      'morning',
      '09:00',
      '13:00',
      '2026-11-01T09:00:00-05:00',
      '2026-11-01T13:00:00-05:00',
    ],
    [
      'Australia/Lord_Howe',
      '2026-04-05',
      'morning',
      '09:00',
      '13:00',
      '2026-04-05T09:00:00+10:30',
      '2026-04-05T13:00:00+10:30',
    ],
    [
      'Australia/Lord_Howe',
      '2026-04-04',
      'morning',
      '09:00',
      '13:00',
      '2026-04-04T09:00:00+11:00',
      '2026-04-04T13:00:00+11:00',
    ],
    [
      'Australia/Lord_Howe',
      '2026-10-04',
      'full-day',
      '09:00',
      '18:00',
      '2026-10-04T09:00:00+11:00',
      '2026-10-04T18:00:00+11:00',
    ],
    ['Asia/Tokyo', '2026-11-30', 'morning', '09:00', '13:00', '2026-11-30T09:00:00+09:00', '2026-11-30T13:00:00+09:00'],
    [
      'Asia/Tokyo',
      '2026-07-01',
      'afternoon',
      '13:00',
      '18:00',
      '2026-07-01T13:00:00+09:00',
      '2026-07-01T18:00:00+09:00',
    ],
  ] as const)('%s on %s, %s: %s–%s, %s to %s', (zone, date, slot, startTime, endTime, startsAt, endsAt) => {
    expect(bookingTimes(at(zone), date, slot)).toEqual({ startTime, endTime, startsAt, endsAt });
  });

  it('follows the site’s own hours, and a change of them (the cache is keyed by the hours too)', () => {
    const early = at('Asia/Tokyo', { dayStart: '07:30', midday: '11:45', dayEnd: '16:15' });
    expect(bookingTimes(early, '2026-11-30', 'afternoon')).toEqual({
      startTime: '11:45',
      endTime: '16:15',
      startsAt: '2026-11-30T11:45:00+09:00',
      endsAt: '2026-11-30T16:15:00+09:00',
    });
    expect(bookingTimes(at('Asia/Tokyo'), '2026-11-30', 'afternoon').startTime).toBe('13:00');
  });

  it('reads the same instant as the site’s offset says', () => {
    const { startsAt } = bookingTimes(at('America/New_York'), '2026-11-30', 'morning');
    expect(new Date(startsAt).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });
});

describe('remainingWorkingDays', () => {
  // 30 November 2026 is a Monday.
  it.each([
    ['2026-11-30', [1, 2, 3, 4, 5], ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']],
    ['2026-12-03', [1, 2, 3, 4, 5], ['2026-12-03', '2026-12-04']],
    ['2026-12-04', [1, 2, 3, 4, 5], ['2026-12-04']],
    ['2026-12-05', [1, 2, 3, 4, 5], []],
    ['2026-11-30', [1, 3, 5], ['2026-11-30', '2026-12-02', '2026-12-04']],
    ['2026-12-01', [1, 3, 5], []],
    ['2026-12-04', [1, 2, 3, 4, 5, 6], ['2026-12-04', '2026-12-05']],
    ['2026-12-05', [6, 7], ['2026-12-05', '2026-12-06']],
    ['2026-12-06', [1, 2, 3, 4, 5, 6, 7], ['2026-12-06']],
  ])('from %s with working days %j: %j', (start, days, expected) => {
    expect(remainingWorkingDays(start, days)).toEqual(expected);
  });

  it('defaults to Monday to Friday', () => {
    expect(remainingWorkingDays('2026-12-03')).toEqual(['2026-12-03', '2026-12-04']);
  });
});

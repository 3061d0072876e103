import { describe, expect, it } from 'vitest';
import { bookingRuleContext } from '#test-support/booking-fixtures.ts';
import {
  type BookingLimits,
  type BookingRuleContext,
  defaultBookingRules,
  type HeldBooking,
  judgeBookings,
  latestDateAllowed,
  needsHeldBookings,
  type RequestedBooking,
  slotsOverlap,
  weekStartOf,
  weeksCovering,
} from './booking-rules.ts';
import type { NewBookingCheckIn } from './check-in.ts';
import { formatLongDate } from './dates.ts';

// 2026-11-25 is a Wednesday; its week runs from Monday 23 to Sunday 29 November.
const today = '2026-11-25';
const noRules: BookingLimits = {
  onePerPersonPerSlot: false,
  maxDaysAhead: 730,
  maxBookingsPerWeek: null,
  adminsExempt: true,
};
const ask = (bookingDate: string, timeSlot: RequestedBooking['timeSlot'] = 'full-day', deskName = 'D07') => ({
  deskId: `desk-${deskName}`,
  deskName,
  bookingDate,
  timeSlot,
});
const holding = (bookingDate: string, timeSlot: HeldBooking['timeSlot'], deskName = 'D04'): HeldBooking => ({
  deskId: `desk-${deskName}`,
  deskName,
  bookingDate,
  timeSlot,
});
// 11:00 in London on today: a morning's check-in (09:00 and 15 minutes of grace) has closed, an afternoon's has not.
const checkIn = (change: Partial<NewBookingCheckIn> = {}): NewBookingCheckIn => ({
  checkInRequired: false,
  checkInGraceMinutes: 15,
  timeZone: 'Europe/London',
  dayStart: '09:00',
  midday: '13:00',
  dayEnd: '18:00',
  now: new Date(`${today}T11:00:00Z`),
  isWalkIn: false,
  ...change,
});
const context = (overrides: Partial<BookingRuleContext> = {}) =>
  bookingRuleContext(today, { checkIn: checkIn(), ...overrides });
const morningClosed =
  'Check-in for this morning closed at 9:15 AM: book this afternoon instead, or use Sit here at the desk to book and check in at once';

describe('judgeBookings', () => {
  const cases: Array<{
    name: string;
    requests: RequestedBooking[];
    context: BookingRuleContext;
    expected: null | { rule: string; bookingDate: string; message: string };
  }> = [
    {
      name: 'allows a first booking under the default rules',
      requests: [ask(today)],
      context: context(),
      expected: null,
    },
    {
      name: 'refuses a second desk for the same morning, naming the desk held',
      requests: [ask(today, 'morning')],
      context: context({ held: [holding(today, 'morning')] }),
      expected: { rule: 'one-desk-per-person', bookingDate: today, message: 'You already have D04 this morning' },
    },
    {
      name: 'counts a full day as both halves',
      requests: [ask('2026-11-26', 'afternoon')],
      context: context({ held: [holding('2026-11-26', 'full-day')] }),
      expected: {
        rule: 'one-desk-per-person',
        bookingDate: '2026-11-26',
        message: 'You already have D04 all day tomorrow',
      },
    },
    {
      name: 'refuses a full day over a held afternoon',
      requests: [ask('2026-12-01', 'full-day')],
      context: context({ held: [holding('2026-12-01', 'afternoon')] }),
      expected: {
        rule: 'one-desk-per-person',
        bookingDate: '2026-12-01',
        message: 'You already have D04 on Tuesday, 1 December 2026, afternoon',
      },
    },
    {
      name: 'leaves the same desk again to the desk itself: it is no second desk',
      requests: [ask(today, 'morning', 'D04')],
      context: context({ held: [holding(today, 'full-day', 'D04')] }),
      expected: null,
    },
    {
      name: 'allows the other half of the day',
      requests: [ask(today, 'afternoon')],
      context: context({ held: [holding(today, 'morning')] }),
      expected: null,
    },
    {
      name: 'allows a second desk when one desk per person is off',
      requests: [ask(today, 'morning')],
      context: context({ rules: noRules, held: [holding(today, 'morning')] }),
      expected: null,
    },
    {
      name: 'applies one desk per person to admins too',
      requests: [ask(today, 'morning')],
      context: context({ bookerIsAdmin: true, held: [holding(today, 'morning')] }),
      expected: { rule: 'one-desk-per-person', bookingDate: today, message: 'You already have D04 this morning' },
    },
    {
      name: 'names the person when an admin books for someone',
      requests: [ask(today, 'morning')],
      context: context({ bookerIsAdmin: true, personName: 'Ada Lovelace', held: [holding(today, 'full-day')] }),
      expected: {
        rule: 'one-desk-per-person',
        bookingDate: today,
        message: 'Ada Lovelace already has D04 all day today',
      },
    },
    {
      name: 'refuses two desks for the same slot within one series',
      requests: [ask('2026-11-30', 'morning', 'D01'), ask('2026-11-30', 'morning', 'D02')],
      context: context(),
      expected: {
        rule: 'one-desk-per-person',
        bookingDate: '2026-11-30',
        message: 'You already have D01 on Monday, 30 November 2026, morning',
      },
    },
    {
      name: 'allows the last day of the advance window',
      requests: [ask('2026-12-09')],
      context: context({ rules: { ...defaultBookingRules, maxDaysAhead: 14 } }),
      expected: null,
    },
    {
      name: 'refuses the day after the advance window',
      requests: [ask('2026-12-10')],
      context: context({ rules: { ...defaultBookingRules, maxDaysAhead: 14 } }),
      expected: {
        rule: 'advance-window',
        bookingDate: '2026-12-10',
        message: 'Bookings open 14 days ahead: choose a date until Wednesday, 9 December 2026',
      },
    },
    {
      name: 'says only today can be booked when the window is zero days',
      requests: [ask('2026-11-26')],
      context: context({ rules: { ...defaultBookingRules, maxDaysAhead: 0 } }),
      expected: {
        rule: 'advance-window',
        bookingDate: '2026-11-26',
        message: 'Bookings open on the day itself: only today can be booked',
      },
    },
    {
      name: 'lets an exempt admin book beyond the window',
      requests: [ask('2027-06-01')],
      context: context({ bookerIsAdmin: true }),
      expected: null,
    },
    {
      name: 'holds an admin to the window when admins are not exempt',
      requests: [ask('2027-06-01')],
      context: context({ bookerIsAdmin: true, rules: { ...defaultBookingRules, adminsExempt: false } }),
      expected: {
        rule: 'advance-window',
        bookingDate: '2027-06-01',
        message: 'Bookings open 90 days ahead: choose a date until Tuesday, 23 February 2027',
      },
    },
    {
      name: 'refuses a fourth day in a week of a three-day quota',
      requests: [ask('2026-11-27')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 3 },
        held: [holding('2026-11-23', 'full-day'), holding('2026-11-24', 'morning'), holding(today, 'afternoon')],
      }),
      expected: { rule: 'weekly-quota', bookingDate: '2026-11-27', message: 'You have booked your 3 days this week' },
    },
    {
      name: 'counts a morning and an afternoon of one date as one day of the quota',
      requests: [ask(today, 'morning')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1 },
        held: [holding(today, 'afternoon')],
      }),
      expected: null,
    },
    {
      name: 'counts each week on its own',
      requests: [ask('2026-11-30')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1 },
        held: [holding('2026-11-29', 'full-day')],
      }),
      expected: null,
    },
    {
      name: 'names a later week by its Monday',
      requests: [ask('2026-12-03')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1 },
        held: [holding('2026-11-30', 'full-day')],
      }),
      expected: {
        rule: 'weekly-quota',
        bookingDate: '2026-12-03',
        message: 'You have booked your 1 day in the week of Monday, 30 November 2026',
      },
    },
    {
      name: 'counts the days of a series against the quota, saying how many are left rather than that they are booked',
      requests: [ask('2026-11-30'), ask('2026-12-01'), ask('2026-12-02')],
      context: context({ rules: { ...defaultBookingRules, maxBookingsPerWeek: 2 } }),
      expected: {
        rule: 'weekly-quota',
        bookingDate: '2026-12-02',
        message: 'You can book only 2 more days in the week of Monday, 30 November 2026, not 3',
      },
    },
    {
      name: 'counts the days already held and the new days of a series apart',
      requests: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((date) => ask(date)),
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 2 },
        held: [holding('2026-12-02', 'morning', 'D07')],
      }),
      expected: {
        rule: 'weekly-quota',
        bookingDate: '2026-12-01',
        message: 'You can book only 1 more day in the week of Monday, 30 November 2026, not 4',
      },
    },
    {
      name: 'says the quota is used up when the held days alone fill it, even for a series',
      requests: [ask('2026-11-26'), ask('2026-11-27')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1 },
        held: [holding('2026-11-23', 'full-day')],
      }),
      expected: { rule: 'weekly-quota', bookingDate: '2026-11-26', message: 'You have booked your 1 day this week' },
    },
    {
      name: 'names the person when a series made for them goes past what is left of their quota',
      requests: [ask('2026-11-26'), ask('2026-11-27')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1, adminsExempt: false },
        bookerIsAdmin: true,
        personName: 'Grace Hopper',
      }),
      expected: {
        rule: 'weekly-quota',
        bookingDate: '2026-11-27',
        message: 'Grace Hopper can book only 1 more day this week, not 2',
      },
    },
    {
      name: 'names the person in a quota refusal made for them',
      requests: [ask('2026-11-27')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1, adminsExempt: false },
        bookerIsAdmin: true,
        personName: 'Grace Hopper',
        held: [holding(today, 'morning')],
      }),
      expected: {
        rule: 'weekly-quota',
        bookingDate: '2026-11-27',
        message: 'Grace Hopper has booked their 1 day this week',
      },
    },
    {
      name: 'lets an exempt admin past the quota',
      requests: [ask('2026-11-27')],
      context: context({
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 1 },
        bookerIsAdmin: true,
        held: [holding(today, 'morning')],
      }),
      expected: null,
    },
    {
      name: 'judges the advance window before anything else',
      requests: [ask('2027-06-01', 'morning')],
      context: context({ held: [holding('2027-06-01', 'morning')] }),
      expected: {
        rule: 'advance-window',
        bookingDate: '2027-06-01',
        message: 'Bookings open 90 days ahead: choose a date until Tuesday, 23 February 2027',
      },
    },
    {
      name: 'refuses a booking of this morning once its check-in closed, when check-in is required',
      requests: [ask(today, 'morning')],
      context: context({ checkIn: checkIn({ checkInRequired: true }) }),
      expected: { rule: 'check-in-closed', bookingDate: today, message: morningClosed },
    },
    {
      name: 'allows the same booking when the organization does not use check-in',
      requests: [ask(today, 'morning')],
      context: context(),
      expected: null,
    },
    {
      name: 'allows the same booking made at the desk with Sit here, which checks in as it books',
      requests: [ask(today, 'morning')],
      context: context({ checkIn: checkIn({ checkInRequired: true, isWalkIn: true }) }),
      expected: null,
    },
    {
      name: 'allows this afternoon, whose check-in has not closed',
      requests: [ask(today, 'afternoon')],
      context: context({ checkIn: checkIn({ checkInRequired: true }) }),
      expected: null,
    },
    {
      name: 'refuses a weekly series from this morning as a whole, naming today',
      requests: [ask(today, 'morning'), ask('2026-11-26', 'morning'), ask('2026-11-27', 'morning')],
      context: context({ checkIn: checkIn({ checkInRequired: true }) }),
      expected: { rule: 'check-in-closed', bookingDate: today, message: morningClosed },
    },
    {
      name: 'refuses a missed check-in for an exempt admin too, before the other rules',
      requests: [ask(today, 'morning')],
      context: context({
        bookerIsAdmin: true,
        held: [holding(today, 'morning')],
        checkIn: checkIn({ checkInRequired: true }),
      }),
      expected: { rule: 'check-in-closed', bookingDate: today, message: morningClosed },
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, () => {
      expect(judgeBookings(testCase.requests, testCase.context)).toEqual(testCase.expected);
    });
  }
});

describe('the calendar the rules count in', () => {
  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-25', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2026-11-30', '2026-11-30'],
    ['2027-01-01', '2026-12-28'],
  ])('starts the week of %s on Monday %s', (date, monday) => {
    expect(weekStartOf(date)).toBe(monday);
  });

  it('covers whole weeks from the first to the last date asked', () => {
    expect(weeksCovering(['2026-12-02', '2026-11-25'])).toEqual({ from: '2026-11-23', to: '2026-12-06' });
    expect(weeksCovering([])).toBeNull();
  });

  it.each([
    ['morning', 'morning', true],
    ['morning', 'afternoon', false],
    ['full-day', 'afternoon', true],
    ['afternoon', 'full-day', true],
  ] as const)('says whether %s and %s overlap: %s', (a, b, overlap) => {
    expect(slotsOverlap(a, b)).toBe(overlap);
  });

  it('opens the window to exempt admins only', () => {
    expect(latestDateAllowed({ rules: defaultBookingRules, today, bookerIsAdmin: false })).toBe('2027-02-23');
    expect(latestDateAllowed({ rules: defaultBookingRules, today, bookerIsAdmin: true })).toBeUndefined();
  });

  it('reads the person’s bookings only when a rule needs them', () => {
    expect(needsHeldBookings(defaultBookingRules, false)).toBe(true);
    expect(needsHeldBookings(noRules, false)).toBe(false);
    expect(needsHeldBookings({ ...noRules, maxBookingsPerWeek: 2 }, false)).toBe(true);
    expect(needsHeldBookings({ ...noRules, maxBookingsPerWeek: 2 }, true)).toBe(false);
  });
});

describe('the desk’s site’s clock and working days (issue 28)', () => {
  // Tokyo works Monday to Friday. 2026-11-28 is a Saturday; at 2026-11-27T20:00Z it is already Saturday 05:00 there,
  // while London is still on Friday.
  const tokyo = {
    name: 'Tokyo',
    timeZone: 'Asia/Tokyo',
    dayStart: '09:00',
    midday: '13:00',
    dayEnd: '18:00',
    workingDays: [1, 2, 3, 4, 5],
    today: '2026-11-28',
  };
  const atTokyo = (bookingDate: string, timeSlot: RequestedBooking['timeSlot'] = 'full-day') => ({
    ...ask(bookingDate, timeSlot),
    site: tokyo,
  });
  const now = new Date('2026-11-27T20:00:00Z');
  const londonFriday = (overrides: Partial<BookingRuleContext> = {}) =>
    bookingRuleContext('2026-11-27', { checkIn: checkIn({ now }), ...overrides });

  it.each([
    ['a member, on a Saturday', '2026-11-28', false, 'working-days'],
    ['a member, on a Sunday', '2026-11-29', false, 'working-days'],
    ['a member, on a Monday', '2026-11-30', false, null],
    ['an admin, on a Saturday (an event)', '2026-11-28', true, null],
  ])('judges %s', (_name, date, bookerIsAdmin, rule) => {
    const refusal = judgeBookings([atTokyo(date)], londonFriday({ bookerIsAdmin }));
    expect(refusal?.rule ?? null).toBe(rule);
    if (refusal)
      expect(refusal.message).toBe(`${formatLongDate(date)} is not a working day at Tokyo. Choose another date.`);
  });

  it('refuses a series on its first closed day, with the same sentence', () => {
    const refusal = judgeBookings(
      ['2026-12-03', '2026-12-04', '2026-12-05'].map((date) => atTokyo(date)),
      londonFriday(),
    );
    expect(refusal).toEqual({
      rule: 'working-days',
      bookingDate: '2026-12-05',
      message: 'Saturday, 5 December 2026 is not a working day at Tokyo. Choose another date.',
    });
  });

  it('counts the advance window from the site’s today, not the context’s', () => {
    const windowOfTwo = londonFriday({ rules: { ...noRules, maxDaysAhead: 2 } });
    // Tokyo's today is Saturday 28: Monday 30 is two days ahead there (three from London's Friday).
    expect(judgeBookings([atTokyo('2026-11-30')], windowOfTwo)).toBeNull();
    expect(judgeBookings([ask('2026-11-30')], windowOfTwo)?.rule).toBe('advance-window');
    expect(judgeBookings([atTokyo('2026-12-01')], windowOfTwo)?.message).toBe(
      'Bookings open 2 days ahead: choose a date until Monday, 30 November 2026',
    );
  });

  it('judges check-in on the site’s hours and zone', () => {
    // Monday 30 November, 10:00 in Tokyo (01:00Z): a morning from 09:00 with 15 minutes of grace has closed there.
    const monday = { ...tokyo, today: '2026-11-30' };
    const context = bookingRuleContext('2026-11-29', {
      rules: noRules,
      checkIn: checkIn({ checkInRequired: true, now: new Date('2026-11-30T01:00:00Z') }),
    });
    const morning = { ...ask('2026-11-30', 'morning'), site: monday };
    expect(judgeBookings([morning], context)?.rule).toBe('check-in-closed');
    // The same instant at a site whose day starts at 10:30: its morning's window has not closed.
    const late = { ...monday, dayStart: '10:30', midday: '14:00' };
    expect(judgeBookings([{ ...morning, site: late }], context)).toBeNull();
  });

  it('applies the context’s site to requests without their own (the browser’s Book Desk)', () => {
    expect(judgeBookings([ask('2026-11-28')], londonFriday({ site: tokyo }))?.rule).toBe('working-days');
  });
});

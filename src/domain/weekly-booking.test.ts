import { describe, expect, it } from 'vitest';
import { bookingRuleContext } from '#test-support/booking-fixtures.ts';
import { type BookingRuleContext, defaultBookingRules, type HeldBooking } from './booking-rules.ts';
import type { WeeklyAvailabilityView } from './bookings-responses.ts';
import { planWeeklyBooking, type WeeklyBookingInput, type WeeklyBookingKind } from './weekly-booking.ts';

// Today is Wednesday 25 November 2026; Friday 27 November is the last weekday of its week; the week of Monday
// 7 December 2026 is a later one, the date of the report (issue 27).
const today = '2026-11-25';
const friday = '2026-11-27';
const laterMonday = '2026-12-07';
const laterWeek = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'];

const d21 = { id: 'desk-d21', name: 'D21', floor: { id: 'floor-1', name: 'Floor 1' } };
const d22 = { id: 'desk-d22', name: 'D22', floor: { id: 'floor-2', name: 'Floor 2' } };

/** The server's weekly check for D20 from `startDate`: taken on `takenDates`, with `alternatives` free on all. */
function availability(
  dates: string[],
  takenDates: string[] = [],
  alternatives: WeeklyAvailabilityView['alternatives'] = [d21, d22],
): WeeklyAvailabilityView {
  return {
    originalDesk: { id: 'desk-d20', name: 'D20', available: takenDates.length === 0, takenDates },
    alternatives,
    dates,
  };
}

const held = (bookingDate: string, deskName = 'D05'): HeldBooking => ({
  deskId: `desk-${deskName.toLowerCase()}`,
  deskName,
  bookingDate,
  timeSlot: 'full-day',
});
const rules = (overrides: Partial<BookingRuleContext> = {}) => bookingRuleContext(today, overrides);
const quotaOf = (maxBookingsPerWeek: number) => ({ ...defaultBookingRules, maxBookingsPerWeek });

describe('planWeeklyBooking', () => {
  const cases: Array<{
    name: string;
    input: WeeklyBookingInput;
    kind: WeeklyBookingKind;
    deskId: string | null;
    lines: string[];
  }> = [
    {
      name: 'books the desk when it is free every remaining day of a later week',
      input: { startDate: laterMonday, slot: 'full-day', availability: availability(laterWeek), rules: rules() },
      kind: 'free',
      deskId: 'desk-d20',
      lines: ['D20 is free every day from Monday, 7 December 2026 to Friday, 11 December 2026.'],
    },
    {
      name: 'covers only the weekdays left from a Wednesday',
      input: {
        startDate: today,
        slot: 'afternoon',
        availability: availability([today, '2026-11-26', friday]),
        rules: rules(),
      },
      kind: 'free',
      deskId: 'desk-d20',
      lines: ['D20 is free every day from Wednesday, 25 November 2026 to Friday, 27 November 2026.'],
    },
    {
      name: 'names the days the desk is taken and preselects the first desk free on all of them',
      input: {
        startDate: laterMonday,
        slot: 'morning',
        availability: availability(laterWeek, ['2026-12-08', '2026-12-10']),
        rules: rules(),
      },
      kind: 'alternative',
      deskId: 'desk-d21',
      lines: [
        'D20 is taken on Tuesday and Thursday.',
        'Book another desk that is free every day from Monday, 7 December 2026 to Friday, 11 December 2026:',
      ],
    },
    {
      name: 'books the alternative the person picked',
      input: {
        startDate: laterMonday,
        slot: 'morning',
        availability: availability(laterWeek, ['2026-12-08']),
        chosenAlternativeId: 'desk-d22',
        rules: rules(),
      },
      kind: 'alternative',
      deskId: 'desk-d22',
      lines: [
        'D20 is taken on Tuesday.',
        'Book another desk that is free every day from Monday, 7 December 2026 to Friday, 11 December 2026:',
      ],
    },
    {
      name: 'says the spec’s sentences when no desk is free on every day',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek, ['2026-12-09'], []),
        rules: rules(),
      },
      kind: 'none',
      deskId: null,
      lines: [
        'D20 is taken on Wednesday.',
        'No available desks for the full week',
        'Try booking individual days instead',
      ],
    },
    {
      name: 'says how many days are left, never that they are booked, for someone with no booking that week',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek),
        rules: rules({ rules: quotaOf(2) }),
      },
      kind: 'refused',
      deskId: null,
      lines: [
        'You can book only 2 more days in the week of Monday, 7 December 2026, not 5.',
        'Try booking individual days instead',
      ],
    },
    {
      name: 'says how many days are left when the quota is partly used',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek),
        // One desk per person off: only the quota speaks.
        rules: rules({
          rules: { ...quotaOf(3), onePerPersonPerSlot: false },
          held: [held('2026-12-08'), held('2026-12-13')],
        }),
      },
      kind: 'refused',
      deskId: null,
      lines: [
        'You can book only 1 more day in the week of Monday, 7 December 2026, not 4.',
        'Try booking individual days instead',
      ],
    },
    {
      name: 'says the quota is used up, with no advice to book single days, when the held days fill it',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek, ['2026-12-08']),
        rules: rules({ rules: quotaOf(2), held: [held('2026-12-12'), held('2026-12-13')] }),
      },
      kind: 'refused',
      deskId: null,
      lines: ['You have booked your 2 days in the week of Monday, 7 December 2026.'],
    },
    {
      name: 'lets a series that fits the quota through',
      input: {
        startDate: '2026-12-10',
        slot: 'full-day',
        availability: availability(['2026-12-10', '2026-12-11']),
        rules: rules({ rules: quotaOf(3), held: [held('2026-12-07')] }),
      },
      kind: 'free',
      deskId: 'desk-d20',
      lines: ['D20 is free every day from Thursday, 10 December 2026 to Friday, 11 December 2026.'],
    },
    {
      name: 'counts a later week apart from a full one this week',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek),
        rules: rules({ rules: quotaOf(5), held: [held('2026-11-23'), held(today), held(friday)] }),
      },
      kind: 'free',
      deskId: 'desk-d20',
      lines: ['D20 is free every day from Monday, 7 December 2026 to Friday, 11 December 2026.'],
    },
    {
      name: 'says plainly that a Friday books that day alone, never "from Friday to Friday"',
      input: { startDate: friday, slot: 'full-day', availability: availability([friday]), rules: rules() },
      kind: 'free',
      deskId: 'desk-d20',
      lines: [
        'Friday, 27 November 2026 is the last weekday of its week: only that day will be booked.',
        'D20 is free that day.',
      ],
    },
    {
      name: 'offers another desk for that one day when the desk is taken on a Friday',
      input: { startDate: friday, slot: 'morning', availability: availability([friday], [friday]), rules: rules() },
      kind: 'alternative',
      deskId: 'desk-d21',
      lines: [
        'Friday, 27 November 2026 is the last weekday of its week: only that day will be booked.',
        'D20 is taken on Friday.',
        'Book another desk that is free that day:',
      ],
    },
    {
      name: 'does not suggest single days on a Friday with no other desk free',
      input: { startDate: friday, slot: 'morning', availability: availability([friday], [friday], []), rules: rules() },
      kind: 'none',
      deskId: null,
      lines: [
        'Friday, 27 November 2026 is the last weekday of its week: only that day will be booked.',
        'D20 is taken on Friday.',
        'No available desks for the full week',
      ],
    },
    {
      name: 'books a Friday within a quota that a whole week would pass',
      input: {
        startDate: friday,
        slot: 'full-day',
        availability: availability([friday]),
        rules: rules({ rules: quotaOf(2) }),
      },
      kind: 'free',
      deskId: 'desk-d20',
      lines: [
        'Friday, 27 November 2026 is the last weekday of its week: only that day will be booked.',
        'D20 is free that day.',
      ],
    },
    {
      name: 'refuses a Friday when the held days fill the quota',
      input: {
        startDate: friday,
        slot: 'full-day',
        availability: availability([friday]),
        rules: rules({ rules: quotaOf(1), held: [held(today)] }),
      },
      kind: 'refused',
      deskId: null,
      lines: ['You have booked your 1 day this week.'],
    },
    {
      name: 'puts a rule before the desk’s taken days: no desk would help',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek, ['2026-12-08'], []),
        rules: rules({ rules: { ...defaultBookingRules, maxDaysAhead: 14 } }),
      },
      kind: 'refused',
      deskId: null,
      lines: [
        'Bookings open 14 days ahead: choose a date until Wednesday, 9 December 2026.',
        'Try booking individual days instead',
      ],
    },
    {
      name: 'refuses a week in which the person already has another desk on one day',
      input: {
        startDate: laterMonday,
        slot: 'morning',
        availability: availability(laterWeek),
        rules: rules({ held: [held('2026-12-09')] }),
      },
      kind: 'refused',
      deskId: null,
      lines: ['You already have D05 all day on Wednesday, 9 December 2026.', 'Try booking individual days instead'],
    },
    {
      name: 'names the person an admin books for',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek),
        rules: rules({
          rules: { ...quotaOf(2), adminsExempt: false },
          bookerIsAdmin: true,
          personName: 'Grace Hopper',
        }),
      },
      kind: 'refused',
      deskId: null,
      lines: [
        'Grace Hopper can book only 2 more days in the week of Monday, 7 December 2026, not 5.',
        'Try booking individual days instead',
      ],
    },
    {
      name: 'lets an exempt admin book the whole week past the quota',
      input: {
        startDate: laterMonday,
        slot: 'full-day',
        availability: availability(laterWeek),
        rules: rules({ rules: quotaOf(2), bookerIsAdmin: true }),
      },
      kind: 'free',
      deskId: 'desk-d20',
      lines: ['D20 is free every day from Monday, 7 December 2026 to Friday, 11 December 2026.'],
    },
    {
      name: 'offers nothing weekly from a Saturday',
      input: { startDate: '2026-11-28', slot: 'full-day', availability: undefined, rules: rules() },
      kind: 'no-weekdays',
      deskId: null,
      lines: ['The week has no weekdays left from this date. Choose a date from Monday to Friday.'],
    },
    {
      name: 'waits for the week’s availability',
      input: { startDate: laterMonday, slot: 'full-day', availability: undefined, rules: rules() },
      kind: 'checking',
      deskId: null,
      lines: ['Checking the rest of the week…'],
    },
    {
      name: 'waits for the rules and the person’s bookings',
      input: { startDate: laterMonday, slot: 'full-day', availability: availability(laterWeek), rules: undefined },
      kind: 'checking',
      deskId: null,
      lines: ['Checking the rest of the week…'],
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, () => {
      const plan = planWeeklyBooking(testCase.input);
      expect({ kind: plan.kind, deskId: plan.deskId, lines: plan.lines }).toEqual({
        kind: testCase.kind,
        deskId: testCase.deskId,
        lines: testCase.lines,
      });
    });
  }

  it('covers the days the server books, and never says "free" beside a refusal or a range of one day', () => {
    for (const testCase of cases) {
      const plan = planWeeklyBooking(testCase.input);
      if (testCase.input.availability) expect(plan.dates).toEqual(testCase.input.availability.dates);
      const text = plan.lines.join(' ');
      if (plan.kind === 'refused') expect(text).not.toMatch(/ is free /);
      expect(text).not.toMatch(/from (\w+day, [^ ]+ \w+ \d{4}) to \1/);
      const hasNoHeldDays = (testCase.input.rules?.held ?? []).length === 0;
      if (hasNoHeldDays) expect(text).not.toMatch(/booked your|booked their/);
    }
  });
});

describe('planWeeklyBooking at a site with other working days (issue 28)', () => {
  // Monday 7 December 2026.
  it('books the site’s working days left in the week, skipping the others', () => {
    const dates = ['2026-12-07', '2026-12-09', '2026-12-11'];
    const plan = planWeeklyBooking({
      startDate: laterMonday,
      slot: 'morning',
      availability: availability(dates),
      rules: rules({ rules: { ...defaultBookingRules, maxDaysAhead: 730 } }),
      workingDays: [1, 3, 5],
    });
    expect(plan).toMatchObject({ kind: 'free', dates, deskId: 'desk-d20' });
  });

  it('runs to Saturday where the site works Saturdays, and Monday to Friday by default', () => {
    const base = { slot: 'morning' as const, availability: undefined, rules: undefined };
    expect(planWeeklyBooking({ ...base, startDate: '2026-12-10', workingDays: [1, 2, 3, 4, 5, 6] }).dates).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
    ]);
    expect(planWeeklyBooking({ ...base, startDate: '2026-12-10' }).dates).toEqual(['2026-12-10', '2026-12-11']);
  });

  it('says when the chosen day is not a working day of the site', () => {
    const plan = planWeeklyBooking({
      startDate: '2026-12-08',
      slot: 'morning',
      availability: undefined,
      rules: undefined,
      workingDays: [1, 3, 5],
    });
    expect(plan).toMatchObject({
      kind: 'no-weekdays',
      lines: ['The week has no working days left from this date. Working days are Monday, Wednesday and Friday.'],
    });
  });

  it('says a working-day refusal once, with its own full stop', () => {
    const site = { name: 'Tokyo', timeZone: 'Asia/Tokyo', dayStart: '09:00', midday: '13:00', dayEnd: '18:00' };
    const plan = planWeeklyBooking({
      startDate: laterMonday,
      slot: 'morning',
      availability: availability(laterWeek),
      rules: rules({
        rules: { ...defaultBookingRules, maxDaysAhead: 730 },
        site: { ...site, workingDays: [1, 2, 3, 4], today },
      }),
    });
    expect(plan.kind).toBe('refused');
    expect(plan.lines[0]).toBe('Friday, 11 December 2026 is not a working day at Tokyo. Choose another date.');
  });
});

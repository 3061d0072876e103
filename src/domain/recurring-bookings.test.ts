import { describe, expect, it } from 'vitest';
import { bookingRuleContext } from '#test-support/booking-fixtures.ts';
import { type BookingSite, defaultBookingRules } from './booking-rules.ts';
import {
  createSeriesSchema,
  describeSeries,
  maxSeriesOccurrences,
  planSeries,
  type SeriesPlanInput,
  seriesDates,
  seriesRuleProblem,
} from './recurring-bookings.ts';

// 2026-11-25 is a Wednesday.
const today = '2026-11-25';
const site: BookingSite = {
  name: 'HQ',
  timeZone: 'Europe/London',
  dayStart: '09:00',
  midday: '13:00',
  dayEnd: '18:00',
  workingDays: [1, 2, 3, 4, 5],
  today,
};
const rule = (change: Partial<Parameters<typeof seriesDates>[0]> = {}) => ({
  weekdays: [2, 4],
  interval: 1 as const,
  startDate: '2026-11-30',
  untilDate: '2026-12-13',
  ...change,
});

describe('seriesDates', () => {
  const cases: Array<{ name: string; rule: Parameters<typeof seriesDates>[0]; expected: string[] }> = [
    {
      name: 'gives the chosen weekdays of every week, the start and end included',
      rule: rule({ startDate: '2026-12-01', untilDate: '2026-12-10' }),
      expected: ['2026-12-01', '2026-12-03', '2026-12-08', '2026-12-10'],
    },
    {
      name: 'gives every other week from the start date’s week, Monday being the first day of a week',
      rule: rule({ weekdays: [1, 5], interval: 2, startDate: '2026-12-02', untilDate: '2027-01-01' }),
      expected: ['2026-12-04', '2026-12-14', '2026-12-18', '2026-12-28', '2027-01-01'],
    },
    {
      name: 'keeps its dates across a change to summer time (Europe, 29 March 2026)',
      rule: rule({ weekdays: [1, 7], startDate: '2026-03-22', untilDate: '2026-04-06' }),
      expected: ['2026-03-22', '2026-03-23', '2026-03-29', '2026-03-30', '2026-04-05', '2026-04-06'],
    },
    {
      name: 'keeps its dates across a change back to winter time (America, 1 November 2026)',
      rule: rule({ weekdays: [7], interval: 2, startDate: '2026-10-18', untilDate: '2026-11-15' }),
      expected: ['2026-10-18', '2026-11-01', '2026-11-15'],
    },
    {
      name: 'has no date when no chosen weekday falls in the range',
      rule: rule({ weekdays: [1], startDate: '2026-12-01', untilDate: '2026-12-06' }),
      expected: [],
    },
  ];
  it.each(cases)('$name', ({ rule: asked, expected }) => {
    expect(seriesDates(asked)).toEqual(expected);
  });
});

describe('seriesRuleProblem', () => {
  const base = { timeSlot: 'morning' as const, ...rule() };
  const cases: Array<{ name: string; change: Partial<typeof base>; expected: string | undefined }> = [
    { name: 'accepts a series from today on, within the horizon', change: {}, expected: undefined },
    {
      name: 'refuses a start in the past',
      change: { startDate: '2026-11-24' },
      expected: 'Bookings can only be made for today or later (startDate)',
    },
    {
      name: 'refuses an end beyond the two-year booking horizon',
      change: { untilDate: '2028-11-26' },
      expected: 'Bookings can be made at most 2 years ahead, until 2028-11-25 (untilDate)',
    },
    {
      name: 'refuses a series without any date',
      change: { weekdays: [1], startDate: '2026-12-01', untilDate: '2026-12-06' },
      expected: 'None of the chosen weekdays falls between the start and end dates',
    },
    {
      name: 'refuses more dates than a series may hold, saying how many',
      change: { weekdays: [1, 2, 3, 4, 5, 6, 7], untilDate: '2027-11-30' },
      expected: `A series can hold at most ${maxSeriesOccurrences} dates, not 366: choose an earlier end date or fewer weekdays`,
    },
  ];
  it.each(cases)('$name', ({ change, expected }) => {
    expect(seriesRuleProblem({ ...base, ...change }, today)).toBe(expected);
  });
});

describe('createSeriesSchema', () => {
  const valid = { organizationId: 'o', deskId: 'd', timeSlot: 'full-day', ...rule() };
  const cases: Array<{ name: string; body: Record<string, unknown>; message: string | null }> = [
    { name: 'takes a well-formed series and sorts its weekdays', body: { ...valid, weekdays: [4, 2] }, message: null },
    { name: 'refuses no weekday', body: { ...valid, weekdays: [] }, message: 'Choose at least one weekday' },
    {
      name: 'refuses a weekday outside 1 to 7',
      body: { ...valid, weekdays: [0, 8] },
      message: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
    },
    {
      name: 'refuses a weekday twice',
      body: { ...valid, weekdays: [2, 2] },
      message: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
    },
    {
      name: 'refuses weekdays that are not numbers',
      body: { ...valid, weekdays: ['Tuesday'] },
      message: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
    },
    {
      name: 'refuses an interval of three weeks',
      body: { ...valid, interval: 3 },
      message: 'Repeat every week (1) or every other week (2)',
    },
    {
      name: 'refuses an end before the start',
      body: { ...valid, untilDate: '2026-11-29' },
      message: 'The end date must not be before the start date',
    },
    {
      name: 'refuses a span of centuries before counting any date',
      body: { ...valid, untilDate: '2999-12-31' },
      message: 'A series can last at most 2 years',
    },
  ];
  it.each(cases)('$name', ({ body, message }) => {
    const parsed = createSeriesSchema.safeParse(body);
    if (message === null) {
      expect(parsed.success).toBe(true);
      expect(parsed.data?.weekdays).toEqual([2, 4]);
    } else {
      expect(parsed.error?.issues[0]?.message).toBe(message);
    }
  });
});

describe('planSeries', () => {
  const plan = (change: Partial<SeriesPlanInput> = {}) =>
    planSeries({
      dates: ['2026-11-30', '2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08'],
      desk: { id: 'desk-d01', name: 'D01' },
      slot: 'morning',
      site,
      rules: bookingRuleContext(today),
      deskBookings: [],
      personId: 'me',
      ...change,
    });
  const verdicts = (answer: ReturnType<typeof planSeries>) =>
    answer.occurrences.map((occurrence) => `${occurrence.date} ${occurrence.rule ?? 'book'}`);

  it('books every working day of a free desk and skips the site’s closed days, saying why', () => {
    const answer = plan();
    expect(verdicts(answer)).toEqual([
      '2026-11-30 book',
      '2026-12-01 book',
      '2026-12-03 book',
      '2026-12-05 working-days',
      '2026-12-08 book',
    ]);
    expect(answer.occurrences[3]?.reason).toBe('Not a working day at HQ');
    expect(answer).toMatchObject({ bookCount: 4, skipCount: 1 });
  });

  it('skips the dates the desk is taken, by someone else or by the person themselves', () => {
    const taken = { timeSlot: 'full-day' as const, status: 'active' as const, isPermanent: false };
    const answer = plan({
      deskBookings: [
        { ...taken, bookingDate: '2026-12-01', userId: 'someone' },
        { ...taken, bookingDate: '2026-12-03', userId: 'me', timeSlot: 'morning' },
        { ...taken, bookingDate: '2026-12-08', userId: 'someone', timeSlot: 'afternoon' },
      ],
    });
    expect(answer.occurrences.map((occurrence) => occurrence.reason)).toEqual([
      null,
      'Desk is already booked for this time slot',
      'You already have D01 on Thursday, 3 December 2026, morning',
      'Not a working day at HQ',
      null,
    ]);
  });

  it('skips every date from a permanent booking of the desk on', () => {
    const answer = plan({
      deskBookings: [
        { bookingDate: '2026-12-02', timeSlot: 'full-day', status: 'active', isPermanent: true, userId: 'x' },
      ],
    });
    expect(verdicts(answer)).toEqual([
      '2026-11-30 book',
      '2026-12-01 book',
      '2026-12-03 taken',
      '2026-12-05 working-days',
      '2026-12-08 taken',
    ]);
  });

  it('counts its own dates against a weekly quota and says how many days are left', () => {
    const answer = plan({
      dates: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-07', '2026-12-08'],
      rules: bookingRuleContext(today, {
        rules: { ...defaultBookingRules, maxBookingsPerWeek: 2 },
        held: [{ deskId: 'desk-d09', deskName: 'D09', bookingDate: '2026-12-04', timeSlot: 'afternoon' }],
      }),
    });
    expect(verdicts(answer)).toEqual([
      '2026-11-30 book',
      '2026-12-01 weekly-quota',
      '2026-12-02 weekly-quota',
      '2026-12-07 book',
      '2026-12-08 book',
    ]);
    expect(answer.occurrences[1]?.reason).toBe(
      'You can book only 1 more day in the week of Monday, 30 November 2026, not 2',
    );
  });

  it('refuses a date on which the person holds another desk, naming it', () => {
    const answer = plan({
      rules: bookingRuleContext(today, {
        held: [{ deskId: 'desk-d09', deskName: 'D09', bookingDate: '2026-12-01', timeSlot: 'full-day' }],
      }),
    });
    expect(answer.occurrences[1]).toEqual({
      date: '2026-12-01',
      willBook: false,
      rule: 'one-desk-per-person',
      reason: 'You already have D09 all day on Tuesday, 1 December 2026',
    });
  });

  it('refuses the dates beyond the advance window, and a neighbourhood’s kept days, unless the person is in its team', () => {
    const neighbourhood = { name: 'Windows', teams: [{ id: 'eng', name: 'Engineering' }], weekdays: [4] };
    const member = plan({
      desk: { id: 'desk-d01', name: 'D01', neighbourhood },
      rules: bookingRuleContext(today, { rules: { ...defaultBookingRules, maxDaysAhead: 10 } }),
    });
    expect(verdicts(member)).toEqual([
      '2026-11-30 book',
      '2026-12-01 book',
      '2026-12-03 neighbourhood',
      '2026-12-05 working-days',
      '2026-12-08 advance-window',
    ]);
    expect(member.occurrences[2]?.reason).toBe('D01 is kept for Engineering on Thursdays');
    const insider = plan({
      desk: { id: 'desk-d01', name: 'D01', neighbourhood },
      rules: bookingRuleContext(today, { personTeamIds: ['eng'] }),
    });
    expect(insider.occurrences[2]?.willBook).toBe(true);
  });

  it('lets an exempt admin book beyond the window, still only on the site’s working days', () => {
    const answer = plan({
      rules: bookingRuleContext(today, {
        bookerIsAdmin: true,
        rules: { ...defaultBookingRules, maxDaysAhead: 1 },
      }),
    });
    expect(verdicts(answer)).toEqual([
      '2026-11-30 book',
      '2026-12-01 book',
      '2026-12-03 book',
      '2026-12-05 working-days',
      '2026-12-08 book',
    ]);
  });
});

describe('describeSeries', () => {
  it('says the weekdays, the interval and the end', () => {
    expect(describeSeries({ weekdays: [4, 2], interval: 1, untilDate: '2027-03-26' })).toBe(
      'Every Tuesday and Thursday until Friday, 26 March 2027',
    );
    expect(describeSeries({ weekdays: [1, 3, 5], interval: 2, untilDate: '2027-03-26' })).toBe(
      'Every other Monday, Wednesday and Friday until Friday, 26 March 2027',
    );
  });
});

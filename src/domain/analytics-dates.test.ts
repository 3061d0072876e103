import { describe, expect, it } from 'vitest';
import { analyticsDates, closedWeeks, isoWeekday, presetRange } from './analytics-dates.ts';

describe('dates of a range', () => {
  it.each([
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2026-11-29', 7],
    ['2024-02-29', 4],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });

  it('lists working days only unless weekends are asked for', () => {
    expect(analyticsDates('2026-11-20', '2026-11-24', false)).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(analyticsDates('2026-11-20', '2026-11-24', true)).toHaveLength(5);
    expect(analyticsDates('2026-11-21', '2026-11-22', false)).toEqual([]);
  });
});

describe('presets', () => {
  it.each([
    ['this-week', '2026-11-25', '2026-11-23', '2026-11-29'],
    ['this-week', '2026-11-23', '2026-11-23', '2026-11-29'],
    ['this-week', '2026-11-29', '2026-11-23', '2026-11-29'],
    ['last-4-weeks', '2026-11-25', '2026-10-29', '2026-11-25'],
    ['last-3-months', '2026-11-25', '2026-08-26', '2026-11-25'],
    ['last-3-months', '2026-05-31', '2026-03-01', '2026-05-31'], // 28 February is the day 3 months before
    ['last-3-months', '2026-01-15', '2025-10-16', '2026-01-15'],
  ] as const)('%s on %s runs from %s to %s', (preset, today, startDate, endDate) => {
    expect(presetRange(preset, today)).toEqual({ startDate, endDate });
  });
});

describe('closed weeks', () => {
  it.each([
    // Today Wednesday 25 November 2026: weeks ending by Sunday 22 November are closed (Monday 23 is yesterday's week).
    ['2026-10-26', '2026-11-25', '2026-11-25', ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']],
    // Today Tuesday 24 November: Sunday 22 is before yesterday (Monday 23).
    ['2026-11-16', '2026-11-24', '2026-11-24', ['2026-11-16']],
    // Today Monday 23 November: Sunday 22 is yesterday, not before it.
    ['2026-11-16', '2026-11-23', '2026-11-23', []],
    // A range starting mid-week leaves that week out.
    ['2026-11-04', '2026-11-22', '2026-11-25', ['2026-11-09', '2026-11-16']],
    ['2026-11-04', '2026-11-06', '2026-11-25', []],
  ])('from %s to %s, today %s, the closed weeks are %j', (start, end, today, weeks) => {
    expect(closedWeeks(start, end, today)).toEqual(weeks);
  });
});

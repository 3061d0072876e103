import { describe, expect, it } from 'vitest';
import { analyticsDates, analyticsDatesBySite, closedWeeks, isoWeekday, presetRange } from './analytics-dates.ts';

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

  // Friday 20 to Tuesday 24 November 2026.
  it.each([
    ['Monday to Friday', [1, 2, 3, 4, 5], false, ['2026-11-20', '2026-11-23', '2026-11-24']],
    ['Monday to Saturday', [1, 2, 3, 4, 5, 6], false, ['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24']],
    ['Sunday to Thursday', [7, 1, 2, 3, 4], false, ['2026-11-22', '2026-11-23', '2026-11-24']],
    ['Saturday only', [6], false, ['2026-11-21']],
    [
      'Saturday only, every day asked for',
      [6],
      true,
      ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'],
    ],
  ])('lists the working days of a site working %s', (_, workingDays, includeWeekends, dates) => {
    expect(analyticsDates('2026-11-20', '2026-11-24', includeWeekends, workingDays)).toEqual(dates);
  });

  it('lists each site’s dates on its own calendar, and all of them together in order', () => {
    const sites = [
      { id: 'tokyo', workingDays: [1, 2, 3, 4, 5, 6] },
      { id: 'tel-aviv', workingDays: [7, 1, 2, 3, 4] },
      { id: 'new-york', workingDays: [1, 2, 3, 4, 5] },
    ];
    const { bySite, all } = analyticsDatesBySite('2026-11-20', '2026-11-24', sites, false);
    expect(Object.fromEntries(bySite)).toEqual({
      tokyo: ['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24'],
      'tel-aviv': ['2026-11-22', '2026-11-23', '2026-11-24'],
      'new-york': ['2026-11-20', '2026-11-23', '2026-11-24'],
    });
    expect(all).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(analyticsDatesBySite('2026-11-21', '2026-11-22', [{ id: 'x', workingDays: [1] }], false).all).toEqual([]);
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

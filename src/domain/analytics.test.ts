import { describe, expect, it } from 'vitest';
import { analyticsCsvQuerySchema, analyticsQuerySchema, analyticsSearchParams, daysBetween } from './analytics.ts';

const problemsOf = (input: unknown) => {
  const result = analyticsQuerySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('analyticsQuerySchema', () => {
  it.each([
    [{ startDate: '2026-11-02', endDate: '2026-11-06' }, []],
    [{ startDate: '2026-01-01', endDate: '2026-12-31' }, []],
    [{ startDate: '2024-01-01', endDate: '2024-12-31' }, []], // 366 days of a leap year
    [{ startDate: '2025-01-01', endDate: '2026-01-01' }, []], // 366 days, both ends included
    [{ startDate: '2025-01-01', endDate: '2026-01-02' }, ['The range must be at most 366 days']],
    [{ startDate: '2026-11-06', endDate: '2026-11-02' }, ['endDate must not be before startDate']],
    [{ startDate: '2026-02-30', endDate: '2026-03-02' }, ['startDate must be a date such as 2026-11-23']],
    [{ startDate: '2026-11-02' }, ['endDate must be a date such as 2026-11-23']],
    [{ startDate: '2026-11-02', endDate: '2026-11-06', floorId: 'x' }, ['floorId must be a floor id']],
    [{ startDate: '2026-11-02', endDate: '2026-11-06', siteId: 'tokyo' }, ['siteId must be a site id']],
    [{ startDate: '2026-11-02', endDate: '2026-11-06', siteId: '9a3e54f0-7c55-4bde-9a59-0f1f3c3b4a11' }, []],
    [
      { startDate: '2026-11-02', endDate: '2026-11-06', includeWeekends: '1' },
      ['includeWeekends must be true or false'],
    ],
  ])('%j gives %j', (input, problems) => {
    expect(problemsOf(input)).toEqual(problems);
  });

  it('reads includeWeekends as a boolean, and by as day unless desk', () => {
    expect(
      analyticsQuerySchema.parse({ startDate: '2026-11-02', endDate: '2026-11-02', includeWeekends: 'true' }),
    ).toEqual({
      startDate: '2026-11-02',
      endDate: '2026-11-02',
      includeWeekends: true,
    });
    expect(analyticsCsvQuerySchema.parse({ startDate: '2026-11-02', endDate: '2026-11-02' }).by).toBe('day');
    expect(analyticsCsvQuerySchema.safeParse({ startDate: '2026-11-02', endDate: '2026-11-02', by: 'x' }).success).toBe(
      false,
    );
  });

  it('writes a query string in a fixed order, leaving the defaults out', () => {
    expect(String(analyticsSearchParams({ startDate: '2026-11-02', endDate: '2026-11-06' }))).toBe(
      'startDate=2026-11-02&endDate=2026-11-06',
    );
    expect(
      String(
        analyticsSearchParams({
          by: 'desk',
          includeWeekends: true,
          floorId: 'f',
          siteId: 's',
          endDate: '2026-11-06',
          startDate: '2026-11-02',
        }),
      ),
    ).toBe('startDate=2026-11-02&endDate=2026-11-06&siteId=s&floorId=f&includeWeekends=true&by=desk');
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-11-23', '2026-11-23', 1],
    ['2026-11-23', '2026-11-29', 7],
    ['2026-03-28', '2026-03-30', 3], // across a change of clocks
    ['2024-01-01', '2024-12-31', 366],
  ])('%s to %s is %i days', (start, end, days) => {
    expect(daysBetween(start, end)).toBe(days);
  });
});

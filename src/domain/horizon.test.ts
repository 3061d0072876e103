import { describe, expect, it } from 'vitest';
import { addYears, bookingDateProblem, latestBookingDate, readDateProblem, readWindowAnywhere } from './horizon.ts';

describe('addYears', () => {
  it.each([
    ['2026-11-23', 2, '2028-11-23'],
    ['2026-11-23', -2, '2024-11-23'],
    ['2028-02-29', 2, '2030-02-28'],
    ['2028-02-29', -4, '2024-02-29'],
    ['2026-12-31', 2, '2028-12-31'],
  ])('moves %s by %i years to %s', (date, years, expected) => {
    expect(addYears(date, years)).toBe(expected);
  });
});

describe('the booking horizon', () => {
  const today = '2026-11-23';
  it.each([
    ['today', today, undefined],
    ['tomorrow', '2026-11-24', undefined],
    ['the last day two years ahead', '2028-11-23', undefined],
    ['yesterday', '2026-11-22', 'Bookings can only be made for today or later'],
    ['the day after the horizon', '2028-11-24', 'Bookings can be made at most 2 years ahead, until 2028-11-23'],
    ['the end of time', '9999-12-31', 'Bookings can be made at most 2 years ahead, until 2028-11-23'],
  ])('judges %s', (_label, date, problem) => {
    expect(bookingDateProblem(date, today)).toBe(problem);
  });

  it('is counted from the organization’s today', () => {
    expect(latestBookingDate('2026-12-31')).toBe('2028-12-31');
  });
});

describe('the read window', () => {
  const window = { earliest: '2024-11-23', latest: '2028-11-23' };
  const outside = 'Dates must lie within 2 years of today, from 2024-11-23 to 2028-11-23';
  it.each([
    ['two years back', '2024-11-23', undefined],
    ['two years ahead', '2028-11-23', undefined],
    ['a day too early', '2024-11-22', outside],
    ['a day too late', '2028-11-24', outside],
    ['the year 1900', '1900-01-01', outside],
    ['the last day of year 9999', '9999-12-31', outside],
  ])('judges %s', (_label, date, problem) => {
    expect(readDateProblem(date, window)).toBe(problem);
  });
});

describe('the read window wherever today is', () => {
  // 2026-11-23 12:00 UTC: 2026-11-23 at UTC-12, 2026-11-24 at UTC+14.
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['the earliest zone’s two years back', '2024-11-23', undefined],
    ['the latest zone’s two years ahead', '2028-11-24', undefined],
    ['a day before', '2024-11-22', 'Dates must lie within 2 years of today, from 2024-11-23 to 2028-11-24'],
    ['a day after', '2028-11-25', 'Dates must lie within 2 years of today, from 2024-11-23 to 2028-11-24'],
  ])('judges %s', (_label, date, problem) => {
    expect(readDateProblem(date, readWindowAnywhere(now))).toBe(problem);
  });
});

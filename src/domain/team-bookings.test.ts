import { describe, expect, it } from 'vitest';
import { bookingView } from '#test-support/booking-fixtures.ts';
import {
  csvCell,
  csvLine,
  pageCount,
  pageRangeSummary,
  searchWords,
  teamBookingCsvLine,
  teamBookingsCsvHeader,
  teamBookingsQuerySchema,
  teamBookingsSearchParams,
} from './team-bookings.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [true, 'true'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', '"\'\r=1"'],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['2026-11-23', '2026-11-23'],
    ['a=b', 'a=b'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

describe('the query of a page', () => {
  it('starts from active bookings of both kinds by date, page 1 of 50', () => {
    expect(teamBookingsQuerySchema.parse({})).toEqual({
      status: 'active',
      permanent: 'both',
      sort: 'date-asc',
      page: 1,
      pageSize: 50,
    });
  });

  it('reads numbers from the query string and refuses anything out of bounds with a sentence', () => {
    expect(teamBookingsQuerySchema.parse({ page: '3', pageSize: '200' })).toMatchObject({ page: 3, pageSize: 200 });
    const problems = (input: Record<string, string>) =>
      teamBookingsQuerySchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(problems({ pageSize: '0' })).toEqual(['pageSize must be 1 to 200']);
    expect(problems({ page: '100001' })).toEqual(['page must be 1 to 100,000']);
    expect(problems({ from: '2026-11-30', to: '2026-11-01' })).toEqual(['to must not be before from']);
    expect(problems({ from: '23/11/2026' })).toEqual(['from must be a date such as 2026-11-23']);
    expect(problems({ other: 'x' })?.length).toBe(1);
  });

  it('writes only what differs from the defaults, so that equal queries have equal keys', () => {
    expect(teamBookingsSearchParams(teamBookingsQuerySchema.parse({})).toString()).toBe('');
    expect(
      teamBookingsSearchParams(
        teamBookingsQuerySchema.parse({ q: '  ada  ', status: 'all', sort: 'person', page: '2', pageSize: '25' }),
      ).toString(),
    ).toBe('q=ada&status=all&sort=person&page=2&pageSize=25');
  });
});

describe('searchWords', () => {
  it('splits on any run of spaces and drops the empty ends', () => {
    expect(searchWords('  Ada   Lovelace ')).toEqual(['Ada', 'Lovelace']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});

describe('pageRangeSummary and pageCount', () => {
  it.each([
    [1, 50, 50, 2431, '1–50 of 2,431'],
    [49, 50, 31, 2431, '2,401–2,431 of 2,431'],
    [1, 50, 0, 0, '0 of 0'],
    [3, 10, 0, 12, '0 of 12'],
  ])('page %i of size %i showing %i of %i reads %s', (page, size, shown, total, expected) => {
    expect(pageRangeSummary(page, size, shown, total)).toBe(expected);
  });

  it('counts at least one page', () => {
    expect([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50)]).toEqual([1, 1, 2]);
  });
});

describe('the export’s check-in columns', () => {
  const row = (overrides: Parameters<typeof bookingView>[0]) => ({
    ...bookingView(overrides),
    createdAt: '2026-11-20T10:00:00.000Z',
    cancelledAt: null,
  });
  const lastFour = (line: string) => line.trimEnd().split(',').slice(-4);

  it('ends the header with Checked in at, Released, Walk-in and the site’s Time zone', () => {
    expect(lastFour(teamBookingsCsvHeader)).toEqual(['Checked in at', 'Released', 'Walk-in', 'Time zone']);
  });

  it.each([
    [
      'a walk-in checked in, on the office’s clock',
      { checkedInAt: '2026-11-23T08:41:00.000Z', isWalkIn: true },
      'America/New_York',
      ['2026-11-23 03:41', 'no', 'yes', 'America/New_York'],
    ],
    [
      'the same instant in Tokyo, the next morning there',
      { checkedInAt: '2026-11-22T23:41:00.000Z' },
      'Asia/Tokyo',
      ['2026-11-23 08:41', 'no', 'no', 'Asia/Tokyo'],
    ],
    [
      'a booking released because nobody checked in',
      { status: 'cancelled' as const, endReason: 'no-show' as const },
      'Europe/London',
      ['', 'yes', 'no', 'Europe/London'],
    ],
    [
      'a booking cancelled by someone',
      { status: 'cancelled' as const, endReason: 'cancelled' as const },
      'Europe/London',
      ['', 'no', 'no', 'Europe/London'],
    ],
  ])('reads %s, on the clock of the booking’s site', (_name, overrides, timeZone, expected) => {
    // The zone given to the line is only for a booking without a site: each booking's own site's is read.
    expect(lastFour(teamBookingCsvLine(row({ ...overrides, timeZone }), 'Pacific/Kiritimati'))).toEqual(expected);
  });

  it('writes Start and End as the booking’s site’s office hours', () => {
    const line = teamBookingCsvLine(
      row({ timeSlot: 'morning', startTime: '08:30', endTime: '12:00', timeZone: 'Asia/Tokyo' }),
      'Europe/London',
    );
    expect(line.split(',').slice(3, 5)).toEqual(['08:30', '12:00']);
  });
});

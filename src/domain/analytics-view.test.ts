import { describe, expect, it } from 'vitest';
import { type AnalyticsDay, type AnalyticsDesk, analyticsMessages, maxAnalyticsDays } from './analytics.ts';
import {
  contrastRatio,
  describeDatesZone,
  describeUtilization,
  formatLeadDays,
  formatPeople,
  formatRange,
  formatShare,
  formatShortDate,
  hasReality,
  heatColour,
  mostAndLeastUsed,
  presetOf,
  rangeProblem,
  sortDesks,
} from './analytics-view.ts';
import { addDays } from './dates.ts';
import { horizonMessages } from './horizon.ts';

const desk = (name: string, utilization: number, extra: Partial<AnalyticsDesk> = {}): AnalyticsDesk => ({
  deskId: `id-${name}`,
  name,
  floorId: 'floor-1',
  floorName: 'Floor 1',
  bookedSlots: Math.round(utilization * 40),
  days: 20,
  utilization,
  isDeleted: false,
  ...extra,
});

const day = (date: string, utilization: number): AnalyticsDay => ({
  date,
  releasedDays: 0,
  releasedTaken: 0,
  desks: 10,
  bookedSlots: Math.round(utilization * 20),
  utilization,
  people: 0,
  checkedIn: 0,
  noShows: 0,
  walkIns: 0,
  cancellations: 0,
});

describe('the figures and dates the page writes', () => {
  // Dates are written the same whatever the browser's zone.
  it.each<{ format: (value: any) => string; value: unknown; text: string }>([
    { format: formatShare, value: 0, text: '0%' },
    { format: formatShare, value: 0.4167, text: '42%' },
    { format: formatShare, value: 1, text: '100%' },
    { format: formatShortDate, value: '2026-11-23', text: 'Mon 23 Nov' },
    { format: formatShortDate, value: '2026-11-29', text: 'Sun 29 Nov' },
    { format: formatShortDate, value: '2027-01-01', text: 'Fri 1 Jan' },
    { format: formatShortDate, value: '2028-02-29', text: 'Tue 29 Feb' },
    { format: formatPeople, value: 0, text: '0.0' },
    { format: formatPeople, value: 3, text: '3.0' },
    { format: formatPeople, value: 3.25, text: '3.3' },
    { format: formatPeople, value: 12.04, text: '12.0' },
    { format: formatPeople, value: 1234.56, text: '1,234.6' },
    { format: formatLeadDays, value: null, text: '—' },
    { format: formatLeadDays, value: 0, text: 'On the day' },
    { format: formatLeadDays, value: 1, text: '1 day' },
    { format: formatLeadDays, value: 2, text: '2 days' },
    { format: formatLeadDays, value: 2.5, text: '2.5 days' },
    { format: formatLeadDays, value: 0.5, text: '0.5 days' },
  ])('$format.name writes $value as $text', ({ format, value, text }) => {
    expect(format(value)).toBe(text);
  });

  it.each([
    ['2026-10-27', '2026-11-21', 'Tue 27 Oct – Sat 21 Nov 2026'],
    ['2026-11-23', '2026-11-23', 'Mon 23 Nov 2026'],
    ['2026-12-14', '2027-01-08', 'Mon 14 Dec 2026 – Fri 8 Jan 2027'],
  ])('formatRange writes %s to %s as %s', (start, end, expected) => {
    expect(formatRange(start, end)).toBe(expected);
  });
});

describe('rangeProblem', () => {
  it.each([
    [{ startDate: '2026-11-01', endDate: '2026-11-30' }, undefined],
    [{ startDate: '2026-11-23', endDate: '2026-11-23' }, undefined],
    [{ startDate: '2026-01-01', endDate: addDays('2026-01-01', maxAnalyticsDays - 1) }, undefined],
    [{ startDate: '2026-01-01', endDate: addDays('2026-01-01', maxAnalyticsDays) }, analyticsMessages.tooLong],
    [{ startDate: '2026-11-30', endDate: '2026-11-01' }, analyticsMessages.order],
    [{ startDate: '', endDate: '2026-11-01' }, analyticsMessages.date('startDate')],
    [{ startDate: '2026-11-01', endDate: '2026-02-30' }, analyticsMessages.date('endDate')],
  ])('finds %j: %s', (range, expected) => {
    expect(rangeProblem(range)).toBe(expected);
  });
});

describe('rangeProblem within the read window', () => {
  const window = { earliest: '2024-11-23', latest: '2028-11-23' };
  it.each([
    [{ startDate: '2024-11-23', endDate: '2024-12-01' }, undefined],
    [{ startDate: '2028-11-01', endDate: '2028-11-23' }, undefined],
    [
      { startDate: '2024-11-22', endDate: '2024-12-01' },
      `${horizonMessages.outsideReadWindow('2024-11-23', '2028-11-23')} (startDate)`,
    ],
    [
      { startDate: '2028-11-01', endDate: '2028-11-24' },
      `${horizonMessages.outsideReadWindow('2024-11-23', '2028-11-23')} (endDate)`,
    ],
    [{ startDate: '2030-01-02', endDate: '2030-01-01' }, analyticsMessages.order],
  ])('finds %j: %s', (range, expected) => {
    expect(rangeProblem(range, window)).toBe(expected);
  });
});

describe('presetOf', () => {
  const today = '2026-11-25'; // a Wednesday
  it.each([
    [{ startDate: '2026-11-23', endDate: '2026-11-29' }, 'this-week'],
    [{ startDate: '2026-10-29', endDate: '2026-11-25' }, 'last-4-weeks'],
    [{ startDate: '2026-08-26', endDate: '2026-11-25' }, 'last-3-months'],
    [{ startDate: '2026-10-29', endDate: '2026-11-24' }, null],
  ])('names %j as %s', (range, expected) => {
    expect(presetOf(range, today)).toBe(expected);
  });
});

describe('hasReality', () => {
  const summary = { checkedIn: 0, noShows: 0, walkIns: 0 };
  it.each([
    [false, summary, false],
    [true, summary, true],
    [false, { ...summary, checkedIn: 1 }, true],
    [false, { ...summary, noShows: 2 }, true],
    [false, { ...summary, walkIns: 1 }, true],
  ])('with check-in required %s and %j: %s', (checkInRequired, counts, expected) => {
    expect(
      hasReality({
        checkInRequired,
        summary: {
          utilization: 0,
          peakDay: null,
          people: 0,
          bookedSlots: 0,
          cancellations: 0,
          releasedDays: 0,
          releasedTaken: 0,
          noShowRate: null,
          medianLeadDays: null,
          ...counts,
        },
      }),
    ).toBe(expected);
  });
});

describe('describeUtilization', () => {
  it('names the span, the average, the highest and the lowest day', () => {
    const days = [day('2026-11-23', 0.25), day('2026-11-24', 0.8), day('2026-11-25', 0.1)];
    expect(describeUtilization(days, 0.383)).toBe(
      'Utilization per day, 3 days from Mon 23 Nov to Wed 25 Nov: average 38%, highest 80% on Tue 24 Nov, lowest 10% on Wed 25 Nov.',
    );
  });

  it('says when the range has no days', () => {
    expect(describeUtilization([], 0)).toBe('Utilization per day: no days in this range.');
  });

  it('names one day once', () => {
    expect(describeUtilization([day('2026-11-23', 0.5)], 0.5)).toBe(
      'Utilization per day, 1 day from Mon 23 Nov: average 50%, highest 50% on Mon 23 Nov, lowest 50% on Mon 23 Nov.',
    );
  });
});

describe('sortDesks', () => {
  const desks = [desk('D10', 0.5), desk('D2', 0.5), desk('D1', 0.9), desk('A1', 0.1, { floorName: 'Annex' })];
  it.each([
    ['most-used', ['D1', 'D2', 'D10', 'A1']],
    ['least-used', ['A1', 'D2', 'D10', 'D1']],
    ['name', ['A1', 'D1', 'D2', 'D10']],
  ] as const)('orders by %s', (order, names) => {
    expect(sortDesks(desks, order).map((item) => item.name)).toEqual(names);
  });

  it('leaves the list it was given as it was', () => {
    const list = [desk('D1', 0.1), desk('D2', 0.9)];
    sortDesks(list, 'most-used');
    expect(list.map((item) => item.name)).toEqual(['D1', 'D2']);
  });
});

describe('mostAndLeastUsed', () => {
  it('takes five from each end of twelve desks', () => {
    const desks = Array.from({ length: 12 }, (_, index) => desk(`D${index + 1}`, index / 11));
    const { most, least } = mostAndLeastUsed(desks);
    expect(most.map((item) => item.name)).toEqual(['D12', 'D11', 'D10', 'D9', 'D8']);
    expect(least.map((item) => item.name)).toEqual(['D1', 'D2', 'D3', 'D4', 'D5']);
  });

  it('splits a few desks into the busier half and the rest, no desk in both lists', () => {
    const desks = [desk('D1', 0.2), desk('D2', 0.6), desk('D3', 0.4), desk('D4', 0.1), desk('D5', 0.3)];
    const { most, least } = mostAndLeastUsed(desks);
    expect(most.map((item) => item.name)).toEqual(['D2', 'D3', 'D5']);
    expect(least.map((item) => item.name)).toEqual(['D4', 'D1']);
  });

  it('lists a single desk as the most used', () => {
    const { most, least } = mostAndLeastUsed([desk('D1', 0.5)]);
    expect(most.map((item) => item.name)).toEqual(['D1']);
    expect(least).toEqual([]);
  });

  it('leaves out desks that could not be used in the range', () => {
    const { most, least } = mostAndLeastUsed([desk('D1', 0, { days: 0 }), desk('D2', 0.3)]);
    expect(most.map((item) => item.name)).toEqual(['D2']);
    expect(least).toEqual([]);
  });
});

describe('heatColour', () => {
  it.each([
    [0, '#f1f5f9', '#000000'],
    [0.35, '#c7d2fe', '#000000'],
    [0.7, '#6366f1', '#000000'],
    [1, '#3730a3', '#ffffff'],
    [-1, '#f1f5f9', '#000000'],
    [2, '#3730a3', '#ffffff'],
    [Number.NaN, '#f1f5f9', '#000000'],
  ])('colours %d as %s with %s text', (value, background, text) => {
    expect(heatColour(value)).toEqual({ background, text });
  });

  it('grows darker as use grows', () => {
    const contrasts = Array.from({ length: 101 }, (_, step) =>
      contrastRatio(heatColour(step / 100).background, '#ffffff'),
    );
    for (let step = 1; step < contrasts.length; step += 1) {
      expect(contrasts[step]).toBeGreaterThanOrEqual(contrasts[step - 1] ?? 0);
    }
  });

  it('keeps the text at 4.5:1 or more on every shade', () => {
    for (let step = 0; step <= 1000; step += 1) {
      const { background, text } = heatColour(step / 1000);
      expect(contrastRatio(background, text), `at ${step / 10}%`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#4f46e5', '#ffffff', 6.29],
  ])('of %s and %s is %d', (first, second, expected) => {
    expect(contrastRatio(first, second)).toBeCloseTo(expected, 1);
  });
});

describe('describeDatesZone', () => {
  it.each([
    ['Asia/Tokyo', 'dates in Asia/Tokyo'],
    [null, 'each site’s own dates'],
  ])('names the dates of %s as “%s”', (zone, text) => {
    expect(describeDatesZone(zone)).toBe(text);
  });
});

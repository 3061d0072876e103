import { describe, expect, it } from 'vitest';
import { type AnalyticsDeskInput, type AnalyticsInput, analyticsCsv } from './analytics.ts';
import {
  analyticsZone,
  buildAnalytics,
  leadTimeBucket,
  mergeAnalyticsCounts,
  selectAnalyticsPlaces,
} from './analytics-build.ts';

describe('lead times', () => {
  it.each([
    [0, 'same-day'],
    [1, 'day-before'],
    [2, 'this-week'],
    [6, 'this-week'],
    [7, 'weeks'],
    [29, 'weeks'],
    [30, 'months'],
    [700, 'months'],
  ])('a booking made %i days ahead is %s', (days, bucket) => {
    expect(leadTimeBucket(days)).toBe(bucket);
  });
});

// Monday 2 to Friday 6 November 2026.
const desk = (id: string, overrides: Partial<AnalyticsDeskInput> = {}): AnalyticsDeskInput => ({
  id,
  name: id.toUpperCase(),
  floorId: 'f1',
  floorName: 'Floor 1',
  siteId: 'london',
  outOfService: [],
  from: '2026-01-01',
  until: null,
  ...overrides,
});

const input = (overrides: Partial<AnalyticsInput> = {}): AnalyticsInput => ({
  startDate: '2026-11-02',
  endDate: '2026-11-06',
  siteId: null,
  floorId: null,
  includeWeekends: false,
  sites: [{ id: 'london', timeZone: 'Europe/London', workingDays: [1, 2, 3, 4, 5] }],
  checkInRequired: false,
  floors: [{ id: 'f1', name: 'Floor 1', siteId: 'london', isDeleted: false }],
  desks: [desk('d1'), desk('d2')],
  days: [],
  deskUse: [],
  leadDays: [],
  ...overrides,
});

const dayCounts = (date: string, bookedSlots: number, people = 1) => ({
  date,
  bookedSlots,
  people,
  checkedIn: 0,
  noShows: 0,
  walkIns: 0,
  cancellations: 0,
});

describe('buildAnalytics', () => {
  it('is all zeros for an office with no bookings, and names no peak day', () => {
    const analytics = buildAnalytics(input());
    expect(analytics.days.map((day) => [day.desks, day.utilization])).toEqual(Array(5).fill([2, 0]));
    expect(analytics.summary).toMatchObject({ utilization: 0, people: 0, noShowRate: null, medianLeadDays: null });
    expect(analytics.summary.peakDay).toBeNull();
  });

  it('is empty and without a peak for an office without desks', () => {
    const analytics = buildAnalytics(input({ desks: [] }));
    expect(analytics.summary.peakDay).toBeNull();
    expect(analytics.summary.utilization).toBe(0);
    expect(analytics.floors).toEqual([
      { floorId: 'f1', name: 'Floor 1', desks: 0, bookedSlots: 0, utilization: 0, isDeleted: false },
    ]);
  });

  it('divides booked half days by twice the desks, day by day and over the range', () => {
    const analytics = buildAnalytics(
      input({
        days: [dayCounts('2026-11-02', 4, 2), dayCounts('2026-11-03', 1)],
        deskUse: [
          { deskId: 'd1', bookedSlots: 3, bookedDates: [] },
          { deskId: 'd2', bookedSlots: 2, bookedDates: [] },
        ],
      }),
    );
    expect(analytics.days.map((day) => day.utilization)).toEqual([1, 0.25, 0, 0, 0]);
    expect(analytics.summary.utilization).toBe(5 / 20);
    expect(analytics.summary.peakDay).toEqual({ date: '2026-11-02', utilization: 1 });
    expect(analytics.summary.people).toBe(3 / 5);
    expect(analytics.desks.map((row) => [row.deskId, row.days, row.utilization])).toEqual([
      ['d1', 5, 0.3],
      ['d2', 5, 0.2],
    ]);
    expect(analytics.weekdays[0]).toEqual({ weekday: 1, name: 'Monday', days: 1, utilization: 1, people: 2 });
  });

  it('counts a desk out of service only on the days it held a booking, as Today’s Statistics does', () => {
    const analytics = buildAnalytics(
      input({
        desks: [desk('d1'), desk('d2', { outOfService: [{ from: '2026-10-01', until: null }] })],
        days: [dayCounts('2026-11-04', 2)],
        deskUse: [{ deskId: 'd2', bookedSlots: 2, bookedDates: ['2026-11-04'] }],
      }),
    );
    expect(analytics.days.map((day) => day.desks)).toEqual([1, 1, 2, 1, 1]);
    expect(analytics.days[2]?.utilization).toBe(0.5);
    expect(analytics.desks.find((row) => row.deskId === 'd2')).toMatchObject({ days: 1, utilization: 1 });
  });

  it.each([
    ['the whole range', [{ from: '2026-10-01', until: null }], [0, 0, 1, 0, 0]],
    ['from Wednesday on', [{ from: '2026-11-04', until: null }], [1, 1, 1, 0, 0]],
    ['until Wednesday, back in service from Thursday', [{ from: '2026-10-01', until: '2026-11-05' }], [0, 0, 1, 1, 1]],
    ['on Tuesday only', [{ from: '2026-11-03', until: '2026-11-04' }], [1, 0, 1, 1, 1]],
    [
      'on Monday, and again from Thursday',
      [
        { from: '2026-11-02', until: '2026-11-03' },
        { from: '2026-11-05', until: null },
      ],
      [0, 1, 1, 0, 0],
    ],
    ['before the range only', [{ from: '2026-10-01', until: '2026-10-02' }], [1, 1, 1, 1, 1]],
  ])('counts a desk out of service %s on its days in service and the Wednesday it was booked', (_, periods, days) => {
    const analytics = buildAnalytics(
      input({
        desks: [desk('d1', { outOfService: periods })],
        days: [dayCounts('2026-11-04', 1)],
        deskUse: [{ deskId: 'd1', bookedSlots: 1, bookedDates: ['2026-11-04'] }],
      }),
    );
    expect(analytics.days.map((day) => day.desks)).toEqual(days);
    const counted = days.reduce((sum, value) => sum + value, 0);
    expect(analytics.desks[0]).toMatchObject({ days: counted, utilization: 1 / (2 * counted) });
  });

  it('counts a desk from the day it was made up to and including the day it was deleted', () => {
    const analytics = buildAnalytics(
      input({
        desks: [desk('d1', { from: '2026-11-03' }), desk('d2', { until: '2026-11-04' })],
        deskUse: [{ deskId: 'd2', bookedSlots: 2, bookedDates: [] }],
      }),
    );
    expect(analytics.days.map((day) => day.desks)).toEqual([1, 2, 2, 1, 1]);
    expect(analytics.desks.map((row) => [row.deskId, row.days, row.isDeleted])).toEqual([
      ['d1', 4, false],
      ['d2', 3, true],
    ]);
    expect(analytics.floors[0]?.desks).toBe(1);
  });

  it('leaves out deleted desks and floors that held nothing in the range', () => {
    const analytics = buildAnalytics(
      input({
        floors: [
          { id: 'f1', name: 'Floor 1', siteId: 'london', isDeleted: false },
          { id: 'f9', name: 'Old wing', siteId: 'london', isDeleted: true },
        ],
        desks: [desk('d1'), desk('d2', { until: '2026-10-01' }), desk('o1', { floorId: 'f9', until: '2026-11-03' })],
        deskUse: [{ deskId: 'o1', bookedSlots: 1, bookedDates: [] }],
      }),
    );
    expect(analytics.desks.map((row) => row.deskId)).toEqual(['d1', 'o1']);
    expect(analytics.floors.map((row) => [row.name, row.desks, row.utilization])).toEqual([
      ['Floor 1', 1, 0],
      ['Old wing', 0, 1 / 4],
    ]);
  });

  it('orders desks by floor and then by name as people read numbers', () => {
    const analytics = buildAnalytics(
      input({ desks: [desk('d10', { name: 'D10' }), desk('d2', { name: 'D2' }), desk('a', { floorName: 'Annex' })] }),
    );
    expect(analytics.desks.map((row) => row.name)).toEqual(['A', 'D2', 'D10']);
  });

  it('rates no-shows among the bookings whose check-in was judged, and sorts lead times into buckets', () => {
    const analytics = buildAnalytics(
      input({
        days: [
          { ...dayCounts('2026-11-02', 2), checkedIn: 3, noShows: 1, walkIns: 1 },
          { ...dayCounts('2026-11-03', 0), noShows: 1, cancellations: 2 },
        ],
        leadDays: [
          { days: 0, bookings: 2 },
          { days: 3, bookings: 1 },
          { days: 45, bookings: 1 },
        ],
      }),
    );
    expect(analytics.summary).toMatchObject({
      checkedIn: 3,
      noShows: 2,
      walkIns: 1,
      cancellations: 2,
      noShowRate: 0.4,
    });
    expect(analytics.summary.medianLeadDays).toBe(1.5);
    expect(analytics.leadTimes.map((row) => row.bookings)).toEqual([2, 0, 1, 0, 1]);
  });
});

describe('the CSV of the figures', () => {
  it('writes a CSV row per day or per desk after a header row', () => {
    const analytics = buildAnalytics(
      input({ days: [dayCounts('2026-11-02', 3)], deskUse: [{ deskId: 'd1', bookedSlots: 3, bookedDates: [] }] }),
    );
    const byDay = analyticsCsv(analytics, 'day').split('\r\n');
    expect(byDay[0]).toBe(
      'Date,Desks,Booked half days,Utilization %,People,Checked in,No-shows,Walk-ins,Cancellations',
    );
    expect(byDay[1]).toBe('2026-11-02,2,3,75.0,1,0,0,0,0');
    expect(byDay).toHaveLength(7);
    const byDesk = analyticsCsv(analytics, 'desk').split('\r\n');
    expect(byDesk[0]).toBe('Desk ID,Desk,Floor,Days,Booked half days,Utilization %,Deleted');
    expect(byDesk[1]).toBe('d1,D1,Floor 1,5,3,30.0,no');
  });
});

describe('merging counts', () => {
  it('adds up the counts of different sites per date: a Tokyo and a New York Monday are one Monday', () => {
    const merged = mergeAnalyticsCounts([
      {
        days: [dayCounts('2026-11-02', 2, 1), { ...dayCounts('2026-11-03', 1), noShows: 1 }],
        deskUse: [],
        leadDays: [],
      },
      { days: [{ ...dayCounts('2026-11-02', 3, 2), checkedIn: 1, cancellations: 2 }], deskUse: [], leadDays: [] },
      { days: [dayCounts('2026-11-07', 1)], deskUse: [], leadDays: [] },
    ]);
    expect(merged.days).toEqual([
      { date: '2026-11-02', bookedSlots: 5, people: 3, checkedIn: 1, noShows: 0, walkIns: 0, cancellations: 2 },
      { date: '2026-11-03', bookedSlots: 1, people: 1, checkedIn: 0, noShows: 1, walkIns: 0, cancellations: 0 },
      { date: '2026-11-07', bookedSlots: 1, people: 1, checkedIn: 0, noShows: 0, walkIns: 0, cancellations: 0 },
    ]);
  });

  it('adds up the counts of disjoint dates: days side by side, desks and notice summed', () => {
    const merged = mergeAnalyticsCounts([
      {
        days: [dayCounts('2026-11-10', 2)],
        deskUse: [{ deskId: 'd1', bookedSlots: 2, bookedDates: ['2026-11-10'] }],
        leadDays: [{ days: 3, bookings: 1 }],
      },
      {
        days: [dayCounts('2026-11-03', 1)],
        deskUse: [
          { deskId: 'd1', bookedSlots: 1, bookedDates: ['2026-11-03'] },
          { deskId: 'd2', bookedSlots: 4, bookedDates: [] },
        ],
        leadDays: [
          { days: 3, bookings: 2 },
          { days: 0, bookings: 1 },
        ],
      },
    ]);
    expect(merged.days.map((day) => day.date)).toEqual(['2026-11-03', '2026-11-10']);
    expect(merged.deskUse).toEqual([
      { deskId: 'd1', bookedSlots: 3, bookedDates: ['2026-11-10', '2026-11-03'] },
      { deskId: 'd2', bookedSlots: 4, bookedDates: [] },
    ]);
    expect(merged.leadDays).toEqual([
      { days: 3, bookings: 3 },
      { days: 0, bookings: 1 },
    ]);
  });
});

// Two sites: Tokyo works Monday to Saturday, New York Monday to Friday. Monday 2 to Sunday 8 November 2026.
const tokyo = { id: 'tokyo', timeZone: 'Asia/Tokyo', workingDays: [1, 2, 3, 4, 5, 6] };
const newYork = { id: 'new-york', timeZone: 'America/New_York', workingDays: [1, 2, 3, 4, 5] };
const twoSites = (overrides: Partial<AnalyticsInput> = {}) =>
  input({
    endDate: '2026-11-08',
    sites: [tokyo, newYork],
    floors: [
      { id: 'ft', name: 'Tokyo 1', siteId: 'tokyo', isDeleted: false },
      { id: 'fn', name: 'New York 1', siteId: 'new-york', isDeleted: false },
    ],
    desks: [
      desk('t1', { floorId: 'ft', floorName: 'Tokyo 1', siteId: 'tokyo' }),
      desk('n1', { floorId: 'fn', floorName: 'New York 1', siteId: 'new-york' }),
      desk('n2', { floorId: 'fn', floorName: 'New York 1', siteId: 'new-york' }),
    ],
    ...overrides,
  });

describe('analytics over several sites', () => {
  it('counts each site on its own working days and adds the desks of a date over the sites', () => {
    const analytics = buildAnalytics(
      twoSites({
        days: [dayCounts('2026-11-02', 3, 2), dayCounts('2026-11-07', 2)],
        deskUse: [
          { deskId: 't1', bookedSlots: 3, bookedDates: [] },
          { deskId: 'n1', bookedSlots: 2, bookedDates: [] },
        ],
      }),
    );
    // Saturday is a day at Tokyo only: its one desk; no Sunday anywhere.
    expect(analytics.days.map((day) => [day.date, day.desks])).toEqual([
      ['2026-11-02', 3],
      ['2026-11-03', 3],
      ['2026-11-04', 3],
      ['2026-11-05', 3],
      ['2026-11-06', 3],
      ['2026-11-07', 1],
    ]);
    expect(analytics.days.map((day) => day.utilization)).toEqual([0.5, 0, 0, 0, 0, 1]);
    expect(analytics.desks.map((row) => [row.deskId, row.days])).toEqual([
      ['n1', 5],
      ['n2', 5],
      ['t1', 6],
    ]);
    expect(analytics.summary.utilization).toBe(5 / (2 * 16));
    expect(analytics.weekdays.map((row) => [row.name, row.days])).toContainEqual(['Saturday', 1]);
    expect(analytics.timeZone).toBeNull();
  });

  it('counts every day at every site when weekends are asked for', () => {
    const analytics = buildAnalytics(twoSites({ includeWeekends: true }));
    expect(analytics.days.map((day) => day.desks)).toEqual([3, 3, 3, 3, 3, 3, 3]);
  });

  it('counts a desk out of service on its own site’s dates only', () => {
    const analytics = buildAnalytics(
      twoSites({
        desks: [desk('t1', { siteId: 'tokyo', outOfService: [{ from: '2026-11-06', until: null }] })],
        sites: [tokyo],
        days: [dayCounts('2026-11-07', 2)],
        deskUse: [{ deskId: 't1', bookedSlots: 2, bookedDates: ['2026-11-07'] }],
      }),
    );
    expect(analytics.days.map((day) => day.desks)).toEqual([1, 1, 1, 1, 0, 1]);
    expect(analytics.timeZone).toBe('Asia/Tokyo');
  });

  it.each([
    [[], null],
    [[tokyo], 'Asia/Tokyo'],
    [[tokyo, { ...newYork, timeZone: 'Asia/Tokyo' }], 'Asia/Tokyo'],
    [[tokyo, newYork], null],
  ])('names the zone of the dates of %j as %s', (sites, zone) => {
    expect(analyticsZone(sites)).toBe(zone);
  });
});

describe('what a read counts', () => {
  const places = {
    floors: [
      { id: 'ft', name: 'Tokyo 1', siteId: 'tokyo', isDeleted: false },
      { id: 'fn', name: 'New York 1', siteId: 'new-york', isDeleted: false },
      { id: 'fe', name: 'Empty', siteId: 'empty', isDeleted: false },
    ],
    desks: [desk('t1', { floorId: 'ft', siteId: 'tokyo' }), desk('n1', { floorId: 'fn', siteId: 'new-york' })],
  };
  const empty = { id: 'empty', timeZone: 'Europe/Paris', workingDays: [1, 2, 3, 4, 5] };
  const sites = [tokyo, newYork, empty];
  const ids = (selected: { floors: { id: string }[]; desks: { id: string }[]; sites: { id: string }[] }) => [
    selected.floors.map((floor) => floor.id),
    selected.desks.map((item) => item.id),
    selected.sites.map((site) => site.id),
  ];

  it.each([
    [
      'all sites: those with desks',
      null,
      null,
      [
        ['ft', 'fn', 'fe'],
        ['t1', 'n1'],
        ['tokyo', 'new-york'],
      ],
    ],
    ['one site', 'tokyo', null, [['ft'], ['t1'], ['tokyo']]],
    ['a site without desks', 'empty', null, [['fe'], [], ['empty']]],
    ['a floor of all sites: its site', null, 'fn', [['fn'], ['n1'], ['new-york']]],
    ['a floor of the site', 'new-york', 'fn', [['fn'], ['n1'], ['new-york']]],
    ['a floor of another site: nothing', 'tokyo', 'fn', [[], [], ['tokyo']]],
  ])('%s', (_, siteId, floorId, expected) => {
    expect(ids(selectAnalyticsPlaces(places, sites, { siteId, floorId }))).toEqual(expected);
  });

  it('counts every site when none has desks', () => {
    expect(selectAnalyticsPlaces({ floors: [], desks: [] }, sites, { siteId: null, floorId: null }).sites).toEqual(
      sites,
    );
  });
});

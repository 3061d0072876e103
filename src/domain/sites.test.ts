import { describe, expect, it } from 'vitest';
import type { TimeSlot } from './bookings.ts';
import {
  createSiteSchema,
  defaultSiteClock,
  describeWorkingDays,
  isWorkingDay,
  movesBookingTimes,
  type SiteClock,
  slotForViewer,
  slotHours,
  slotInstants,
  timeForViewer,
  updateSiteSchema,
  workingDaysFrom,
  zonePlaceName,
} from './sites.ts';

const site = (timeZone: string, hours: Partial<SiteClock> = {}): SiteClock => ({
  ...defaultSiteClock(timeZone),
  ...hours,
});
const early = { dayStart: '07:30', midday: '12:00', dayEnd: '16:30' };

describe('a slot on a date at a site, as instants', () => {
  it.each<[string, Partial<SiteClock>, string, TimeSlot, string, string]>([
    // zone, hours, date, slot: starts, ends (UTC)
    ['Europe/London', {}, '2026-11-25', 'full-day', '2026-11-25T09:00:00.000Z', '2026-11-25T18:00:00.000Z'],
    ['Europe/London', {}, '2026-07-01', 'morning', '2026-07-01T08:00:00.000Z', '2026-07-01T12:00:00.000Z'],
    // London's clocks go forward on 2027-03-28 and back on 2026-10-25: the slot keeps its wall-clock times.
    ['Europe/London', {}, '2027-03-27', 'afternoon', '2027-03-27T13:00:00.000Z', '2027-03-27T18:00:00.000Z'],
    ['Europe/London', {}, '2027-03-28', 'afternoon', '2027-03-28T12:00:00.000Z', '2027-03-28T17:00:00.000Z'],
    ['Europe/London', {}, '2026-10-25', 'morning', '2026-10-25T09:00:00.000Z', '2026-10-25T13:00:00.000Z'],
    // New York: back on 2026-11-01 (UTC-5), forward on 2027-03-14 (UTC-4).
    ['America/New_York', {}, '2026-10-31', 'full-day', '2026-10-31T13:00:00.000Z', '2026-10-31T22:00:00.000Z'],
    ['America/New_York', {}, '2026-11-01', 'full-day', '2026-11-01T14:00:00.000Z', '2026-11-01T23:00:00.000Z'],
    ['America/New_York', early, '2027-03-14', 'morning', '2027-03-14T11:30:00.000Z', '2027-03-14T16:00:00.000Z'],
    // Lord Howe moves its clocks by 30 minutes: UTC+11 in summer, UTC+10:30 in winter (back 2026-04-05, on 2026-10-04).
    ['Australia/Lord_Howe', {}, '2026-04-04', 'morning', '2026-04-03T22:00:00.000Z', '2026-04-04T02:00:00.000Z'],
    ['Australia/Lord_Howe', {}, '2026-04-05', 'morning', '2026-04-04T22:30:00.000Z', '2026-04-05T02:30:00.000Z'],
    ['Australia/Lord_Howe', {}, '2026-10-03', 'afternoon', '2026-10-03T02:30:00.000Z', '2026-10-03T07:30:00.000Z'],
    ['Australia/Lord_Howe', early, '2026-10-04', 'afternoon', '2026-10-04T01:00:00.000Z', '2026-10-04T05:30:00.000Z'],
    // Tokyo has no daylight saving; a date-line neighbour is a day ahead of UTC.
    ['Asia/Tokyo', {}, '2026-11-30', 'morning', '2026-11-30T00:00:00.000Z', '2026-11-30T04:00:00.000Z'],
    ['Asia/Tokyo', early, '2026-07-01', 'full-day', '2026-06-30T22:30:00.000Z', '2026-07-01T07:30:00.000Z'],
    ['Pacific/Kiritimati', {}, '2026-11-30', 'morning', '2026-11-29T19:00:00.000Z', '2026-11-29T23:00:00.000Z'],
    ['Pacific/Pago_Pago', {}, '2026-11-30', 'afternoon', '2026-12-01T00:00:00.000Z', '2026-12-01T05:00:00.000Z'],
  ])('%s %o %s %s: %s to %s', (zone, hours, date, slot, starts, ends) => {
    const instants = slotInstants(site(zone, hours), date, slot);
    expect([instants.startsAt.toISOString(), instants.endsAt.toISOString()]).toEqual([starts, ends]);
  });

  it('gives a slot the hours of its site: the morning to midday, the afternoon from it, the full day both', () => {
    expect(slotHours(early, 'morning')).toEqual({ start: '07:30', end: '12:00' });
    expect(slotHours(early, 'afternoon')).toEqual({ start: '12:00', end: '16:30' });
    expect(slotHours(early, 'full-day')).toEqual({ start: '07:30', end: '16:30' });
  });
});

describe('working days', () => {
  it.each<[readonly number[], string, boolean]>([
    [[1, 2, 3, 4, 5], '2026-11-27', true], // Friday
    [[1, 2, 3, 4, 5], '2026-11-28', false], // Saturday
    [[1, 2, 3, 4, 5], '2026-11-29', false], // Sunday
    [[1, 2, 3, 4, 5, 6], '2026-11-28', true],
    [[7, 1, 2, 3, 4], '2026-11-29', true], // a Sunday-to-Thursday week
    [[7, 1, 2, 3, 4], '2026-11-27', false],
  ])('with working days %o, %s is a working day: %s', (workingDays, date, expected) => {
    expect(isWorkingDay({ workingDays }, date)).toBe(expected);
  });

  it('lists the next working days from a date, skipping the others', () => {
    expect(workingDaysFrom({ workingDays: [1, 2, 3, 4, 5] }, '2026-11-27', 3)).toEqual([
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(workingDaysFrom({ workingDays: [6] }, '2026-11-27', 2)).toEqual(['2026-11-28', '2026-12-05']);
  });

  it.each<[number[], string]>([
    [[1, 2, 3, 4, 5], 'Monday to Friday'],
    [[1, 2, 3, 4, 5, 6, 7], 'Every day'],
    [[1, 3, 5], 'Monday, Wednesday and Friday'],
    [[2, 4], 'Tuesday and Thursday'],
    [[6], 'Saturday'],
  ])('describes %o as "%s"', (days, text) => {
    expect(describeWorkingDays(days)).toBe(text);
  });
});

describe('times for someone in another zone', () => {
  it.each<[string, string, string | null, string]>([
    ['2026-11-30T00:00:00.000Z', 'Asia/Tokyo', 'Asia/Tokyo', '09:00'],
    ['2026-11-30T00:00:00.000Z', 'Asia/Tokyo', null, '09:00'],
    ['2026-11-30T00:00:00.000Z', 'Asia/Tokyo', 'Europe/London', '09:00 Tokyo time, 00:00 your time'],
    ['2026-11-30T00:00:00.000Z', 'Asia/Tokyo', 'America/New_York', '09:00 Tokyo time, 19:00 your time on Sunday'],
    ['2026-11-30T14:00:00.000Z', 'America/New_York', 'Europe/Lisbon', '09:00 New York time, 14:00 your time'],
    // Two zone names, one clock: nothing to explain.
    ['2026-11-30T09:00:00.000Z', 'Europe/London', 'Europe/Dublin', '09:00'],
  ])('%s at %s seen from %s: "%s"', (instant, siteZone, viewerZone, text) => {
    expect(timeForViewer(new Date(instant), siteZone, viewerZone)).toBe(text);
  });

  it('writes a slot with the site’s hours and, where they differ, the viewer’s', () => {
    expect(slotForViewer(site('Asia/Tokyo'), '2026-11-30', 'morning')).toBe('morning (09:00–13:00)');
    expect(slotForViewer(site('Asia/Tokyo'), '2026-11-30', 'morning', 'Europe/London')).toBe(
      'morning (09:00–13:00 Tokyo time, 00:00–04:00 your time)',
    );
    expect(slotForViewer(site('Europe/London', early), '2026-07-01', 'full-day', 'Europe/London')).toBe(
      'full day (07:30–16:30)',
    );
  });

  it('names a zone by its place', () => {
    expect(zonePlaceName('America/New_York')).toBe('New York');
    expect(zonePlaceName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zonePlaceName('UTC')).toBe('UTC');
  });
});

describe('the sites API’s schemas', () => {
  it('fills in the default hours and working days of a new site', () => {
    expect(createSiteSchema.parse({ name: ' Tokyo office ', timeZone: 'Asia/Tokyo' })).toEqual({
      name: 'Tokyo office',
      timeZone: 'Asia/Tokyo',
      dayStart: '09:00',
      midday: '13:00',
      dayEnd: '18:00',
      workingDays: [1, 2, 3, 4, 5],
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['hours out of order', { dayStart: '13:00', midday: '12:00', dayEnd: '18:00' }, 'The day must start before midday'],
    ['midday at the end', { dayStart: '09:00', midday: '18:00', dayEnd: '18:00' }, 'The day must start before midday'],
    ['a time that is not HH:MM', { dayStart: '9:00' }, 'Times must be written as HH:MM'],
    ['24:00', { dayEnd: '24:00' }, 'Times must be written as HH:MM'],
    ['no working day', { workingDays: [] }, 'Choose at least one working day'],
    ['weekday 8', { workingDays: [1, 8] }, 'Working days are weekday numbers'],
    ['a zone that is an offset', { timeZone: '+09:00' }, 'Time zone must be an IANA time zone name'],
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA time zone name'],
    ['a name of spaces', { name: '   ' }, 'Site name is required'],
    ['a field the API does not know', { capacity: 3 }, 'Unrecognized key'],
  ])('refuses %s with a sentence', (_case, change, message) => {
    const result = createSiteSchema.safeParse({ name: 'Tokyo office', timeZone: 'Asia/Tokyo', ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' | ')).toContain(message);
  });

  it('sorts working days and drops repeats', () => {
    expect(updateSiteSchema.parse({ workingDays: [5, 1, 1, 3] })).toEqual({ workingDays: [1, 3, 5] });
  });

  it('says a change moves booking times only when the zone or the hours change', () => {
    const before = site('Asia/Tokyo');
    expect(movesBookingTimes(before, { ...before, workingDays: [1, 2, 3] })).toBe(false);
    expect(movesBookingTimes(before, { ...before, timeZone: 'Asia/Seoul' })).toBe(true);
    expect(movesBookingTimes(before, { ...before, midday: '12:30' })).toBe(true);
  });
});

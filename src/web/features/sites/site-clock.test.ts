import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '#domain/bookings.ts';
import { defaultSiteClock, type SiteClock } from '#domain/sites.ts';
import { shownSite } from './current-site.tsx';
import { isElsewhere, siteTimeNow, slotInViewerTime, slotTimesText } from './site-clock.ts';

const tokyo: SiteClock = defaultSiteClock('Asia/Tokyo');
const newYork: SiteClock = { ...defaultSiteClock('America/New_York'), dayStart: '08:30', midday: '12:30' };

describe("a slot's times for someone who may be in another zone", () => {
  it.each<{ clock: SiteClock; date: string; slot: TimeSlot; viewer: string | null; expected: string | null }>([
    { clock: tokyo, date: '2026-12-01', slot: 'morning', viewer: 'Asia/Tokyo', expected: null },
    { clock: tokyo, date: '2026-12-01', slot: 'morning', viewer: null, expected: null },
    {
      clock: tokyo,
      date: '2026-12-01',
      slot: 'morning',
      viewer: 'Europe/London',
      expected: '12:00 AM – 4:00 AM your time',
    },
    {
      clock: tokyo,
      date: '2026-12-01',
      slot: 'full-day',
      viewer: 'Europe/Paris',
      expected: '1:00 AM – 10:00 AM your time',
    },
    // Tokyo's Tuesday morning is Monday evening in New York: the viewer's weekday is named.
    {
      clock: tokyo,
      date: '2026-12-01',
      slot: 'morning',
      viewer: 'America/New_York',
      expected: '7:00 PM – 11:00 PM your time on Monday',
    },
    // New York's own hours, in summer (UTC-4) and winter (UTC-5), seen from London.
    {
      clock: newYork,
      date: '2026-07-01',
      slot: 'morning',
      viewer: 'Europe/London',
      expected: '1:30 PM – 5:30 PM your time',
    },
    {
      clock: newYork,
      date: '2026-12-01',
      slot: 'morning',
      viewer: 'Europe/London',
      expected: '1:30 PM – 5:30 PM your time',
    },
    // Lisbon and London share a clock in winter: a different zone name but the same times says nothing more.
    {
      clock: defaultSiteClock('Europe/Lisbon'),
      date: '2026-12-01',
      slot: 'afternoon',
      viewer: 'Europe/London',
      expected: null,
    },
  ])('$slot at $clock.timeZone on $date seen from $viewer: $expected', ({ clock, date, slot, viewer, expected }) => {
    expect(slotInViewerTime(clock, date, slot, viewer)).toBe(expected);
  });

  it("writes the slot with the site's hours, and both clocks in slotForViewer's words for someone elsewhere", () => {
    expect(slotTimesText(newYork, '2026-12-01', 'morning', 'America/New_York')).toBe('morning (8:30 AM – 12:30 PM)');
    expect(slotTimesText(tokyo, '2026-12-01', 'full-day', null)).toBe('full day (9:00 AM – 6:00 PM)');
    expect(slotTimesText(tokyo, '2026-12-01', 'morning', 'Europe/London')).toBe(
      'morning (09:00–13:00 Tokyo time, 00:00–04:00 your time)',
    );
  });

  it('tells apart a viewer on the site clock from one elsewhere', () => {
    expect(isElsewhere(tokyo, 'Asia/Tokyo')).toBe(false);
    expect(isElsewhere(tokyo, null)).toBe(false);
    expect(isElsewhere(tokyo, 'Europe/London')).toBe(true);
  });

  it("says a site's wall clock now as the app writes times", () => {
    const instant = new Date('2026-12-01T00:41:00Z');
    expect(siteTimeNow('Asia/Tokyo', instant)).toBe('9:41 AM');
    expect(siteTimeNow('America/New_York', instant)).toBe('7:41 PM');
  });
});

describe('the site the dashboard shows', () => {
  const sites = [{ id: 'london' }, { id: 'tokyo' }, { id: 'new-york' }];

  it.each<{ chosen: string | null; home: string | null | undefined; expected: string | undefined }>([
    { chosen: null, home: null, expected: 'london' },
    { chosen: null, home: undefined, expected: 'london' },
    { chosen: null, home: 'tokyo', expected: 'tokyo' },
    { chosen: 'new-york', home: 'tokyo', expected: 'new-york' },
    // A home site deleted since, or a choice of a site gone: the first.
    { chosen: 'gone', home: 'deleted', expected: 'london' },
  ])('chosen $chosen, home $home: $expected', ({ chosen, home, expected }) => {
    expect(shownSite(sites, chosen, home)?.id).toBe(expected);
  });

  it('is none while the sites are read', () => {
    expect(shownSite([], null, 'tokyo')).toBeUndefined();
  });
});

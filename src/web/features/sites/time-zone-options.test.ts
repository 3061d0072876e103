import { describe, expect, it } from 'vitest';
import { allTimeZones, searchTimeZones, timeZoneOption, utcOffsetLabel } from './time-zone-options.ts';

// 2026-01-15 12:00 UTC: winter in the north, summer in the south.
const january = new Date('2026-01-15T12:00:00Z');
const july = new Date('2026-07-15T12:00:00Z');
const options = allTimeZones().map((zone) => timeZoneOption(zone, january));
const found = (query: string) => searchTimeZones(options, query).map((option) => option.value);

describe('allTimeZones', () => {
  it('lists UTC first, then the IANA zones in order', () => {
    const zones = allTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Tokyo');
    expect(zones).toContain('America/New_York');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
  });
});

describe('utcOffsetLabel', () => {
  it.each([
    ['Asia/Tokyo', january, 'UTC+09:00'],
    ['America/New_York', january, 'UTC−05:00'],
    ['America/New_York', july, 'UTC−04:00'],
    ['Asia/Kathmandu', january, 'UTC+05:45'],
    ['Australia/Lord_Howe', january, 'UTC+11:00'],
    ['Australia/Lord_Howe', july, 'UTC+10:30'],
    ['UTC', january, 'UTC±00:00'],
  ])('says %s is %s at %s', (zone, now, label) => {
    expect(utcOffsetLabel(zone, now)).toBe(label);
  });
});

describe('timeZoneOption', () => {
  it("shows the zone's name, and its local time and offset right now", () => {
    expect(timeZoneOption('Asia/Tokyo', january)).toMatchObject({
      value: 'Asia/Tokyo',
      label: 'Asia/Tokyo',
      detail: '21:00 now · UTC+09:00',
    });
  });
});

describe('searchTimeZones', () => {
  it('finds a zone by its city, in any case', () => {
    expect(found('tokyo')).toEqual(['Asia/Tokyo']);
    expect(found('TOKYO')).toEqual(['Asia/Tokyo']);
  });
  it('reads a space and an underscore alike', () => {
    expect(found('new york')).toEqual(['America/New_York']);
    expect(found('new_york')).toEqual(['America/New_York']);
    expect(found('America/New_York')).toEqual(['America/New_York']);
  });
  it('finds the zones of a region by its name', () => {
    const europe = found('europe');
    expect(europe).toContain('Europe/London');
    expect(europe.every((zone) => zone.startsWith('Europe/'))).toBe(true);
  });
  it('lists the cities that begin with the query before the zones whose region does', () => {
    const am = found('am');
    expect(am.slice(0, 2)).toEqual(['Asia/Amman', 'Europe/Amsterdam']);
    expect(am.slice(2).every((zone) => zone.startsWith('America/'))).toBe(true);
  });
  it('matches words from their beginning only, and everything for an empty query', () => {
    expect(found('york')).toEqual(['America/New_York']);
    expect(found('ork')).toEqual([]);
    expect(found('  ')).toHaveLength(options.length);
  });
  it('finds UTC', () => {
    expect(found('utc')[0]).toBe('UTC');
  });
});

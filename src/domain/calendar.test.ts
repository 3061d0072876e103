import { describe, expect, it } from 'vitest';
import {
  bookingEventUid,
  buildCalendar,
  escapeText,
  foldLine,
  formatUtcStamp,
  timeZoneComponent,
  zonedTimeToUtc,
} from './calendar.ts';

const iso = (date: Date) => date.toISOString();

describe('zonedTimeToUtc', () => {
  it('reads London wall clocks as GMT before the March 2026 change and BST after it', () => {
    expect(iso(zonedTimeToUtc('2026-03-28', '09:00', 'Europe/London'))).toBe('2026-03-28T09:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-29', '09:00', 'Europe/London'))).toBe('2026-03-29T08:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-30', '18:00', 'Europe/London'))).toBe('2026-03-30T17:00:00.000Z');
  });

  it('reads New York wall clocks across its March and November changes', () => {
    expect(iso(zonedTimeToUtc('2026-03-07', '09:00', 'America/New_York'))).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-08', '09:00', 'America/New_York'))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-31', '13:00', 'America/New_York'))).toBe('2026-10-31T17:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-01', '13:00', 'America/New_York'))).toBe('2026-11-01T18:00:00.000Z');
  });

  it('handles zones east of UTC, with half hours, and the date line', () => {
    expect(iso(zonedTimeToUtc('2026-11-23', '09:00', 'Asia/Kolkata'))).toBe('2026-11-23T03:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', '09:00', 'Pacific/Kiritimati'))).toBe('2026-11-22T19:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', '09:00', 'Etc/GMT+12'))).toBe('2026-11-23T21:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', '09:00', 'UTC'))).toBe('2026-11-23T09:00:00.000Z');
  });

  it('reads a skipped wall clock with the offset from before the change and a repeated one as the later, as PostgreSQL does', () => {
    // London skips 01:00-02:00 on 2026-03-29 and repeats 01:00-02:00 on 2026-10-25.
    expect(iso(zonedTimeToUtc('2026-03-29', '01:30', 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', '01:30', 'Europe/London'))).toBe('2026-10-25T01:30:00.000Z');
  });
});

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldLine', () => {
  const octets = (text: string) => new TextEncoder().encode(text).length;

  it('leaves a line of 75 octets alone and folds a longer one with CRLF and a space', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'Desk ü 🪑 '.repeat(30)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(line);
  });
});

describe('buildCalendar', () => {
  const event = {
    uid: 'booking-1@perch.test',
    start: new Date('2026-03-30T08:00:00Z'),
    end: new Date('2026-03-30T17:00:00Z'),
    summary: 'Desk D01, Floor 1',
    description: 'Full day; notes: window, please',
    location: 'Acme Corp',
  };

  it('writes one VEVENT per event with UID, DTSTAMP and UTC start and end, with CRLF line endings', () => {
    const text = buildCalendar({
      events: [event, { ...event, uid: 'booking-2@perch.test' }],
      now: new Date('2026-03-01T12:34:56Z'),
    });
    const lines = text.split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Perch//Desk bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('UID:booking-1@perch.test');
    expect(lines).toContain('UID:booking-2@perch.test');
    expect(lines).toContain('DTSTAMP:20260301T123456Z');
    expect(lines).toContain('DTSTART:20260330T080000Z');
    expect(lines).toContain('DTEND:20260330T170000Z');
    expect(lines).toContain('SUMMARY:Desk D01\\, Floor 1');
    expect(lines).toContain('DESCRIPTION:Full day\\; notes: window\\, please');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('writes a cancellation with method CANCEL and status CANCELLED', () => {
    const text = buildCalendar({ events: [{ ...event, status: 'CANCELLED', sequence: 1 }], method: 'CANCEL' });
    expect(text).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(text).toContain('\r\nSEQUENCE:1\r\n');
  });

  it('folds long lines', () => {
    const text = buildCalendar({ events: [{ ...event, description: 'n'.repeat(200) }] });
    for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75);
    expect(text).toContain('\r\n n');
  });
});

describe('formatUtcStamp', () => {
  it('drops milliseconds', () => {
    expect(formatUtcStamp(new Date('2026-11-23T09:05:07.890Z'))).toBe('20261123T090507Z');
  });
});

describe('buildCalendar for a subscribed feed', () => {
  const event = {
    uid: bookingEventUid('b-1', 'perch.test'),
    start: new Date('2026-11-23T14:00:00Z'),
    end: new Date('2026-11-23T18:00:00Z'),
    summary: 'Desk D01 (morning)',
  };

  it('names the calendar and asks to be read again every hour', () => {
    const lines = buildCalendar({ events: [], name: 'Perch desk bookings', refreshMinutes: 60 }).split('\r\n');
    expect(lines).toContain('NAME:Perch desk bookings');
    expect(lines).toContain('X-WR-CALNAME:Perch desk bookings');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    expect(lines).toContain('X-PUBLISHED-TTL:PT60M');
    expect(lines).not.toContain('BEGIN:VTIMEZONE');
  });

  it('writes one-off events of several sites each on its zone’s wall clock, with one VTIMEZONE per zone used', () => {
    const text = buildCalendar({
      events: [
        { ...event, timeZone: 'America/New_York' },
        {
          ...event,
          uid: 'b-2',
          start: new Date('2026-11-30T00:00:00Z'),
          end: new Date('2026-11-30T04:00:00Z'),
          timeZone: 'Asia/Tokyo',
        },
        {
          ...event,
          uid: 'b-3',
          start: new Date('2026-12-01T14:00:00Z'),
          end: new Date('2026-12-01T18:00:00Z'),
          timeZone: 'America/New_York',
        },
      ],
      now: new Date('2026-11-01T12:00:00Z'),
    });
    const lines = text.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261123T090000');
    expect(lines).toContain('DTSTART;TZID=Asia/Tokyo:20261130T090000');
    expect(lines).toContain('DTEND;TZID=Asia/Tokyo:20261130T130000');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261201T090000');
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(2);
    expect(lines.filter((line) => line === 'TZID:America/New_York')).toHaveLength(1);
    expect(lines).toContain('TZID:Asia/Tokyo');
    expect(lines.some((line) => line.startsWith('RRULE'))).toBe(false);
  });

  it('writes a repeating event in the wall clock of its zone, with the zone rules it needs', () => {
    const text = buildCalendar({
      events: [{ ...event, repeat: { timeZone: 'America/New_York', byDay: ['MO', 'TU', 'WE', 'TH', 'FR'] } }],
      now: new Date('2026-11-01T12:00:00Z'),
    });
    const lines = text.split('\r\n');
    expect(lines).toContain('UID:booking-b-1@perch.test');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261123T090000');
    expect(lines).toContain('DTEND;TZID=America/New_York:20261123T130000');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(lines.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines).toContain('TZID:America/New_York');
  });

  it('writes LAST-MODIFIED when the event says when it changed', () => {
    const text = buildCalendar({ events: [{ ...event, lastModified: new Date('2026-11-20T10:11:12Z') }] });
    expect(text).toContain('\r\nLAST-MODIFIED:20261120T101112Z\r\n');
  });
});

describe('timeZoneComponent', () => {
  /** The observances as [kind, onset, from, to]. */
  const observances = (lines: string[]) => {
    const found: string[][] = [];
    for (let index = 0; index < lines.length; index++) {
      const kind = lines[index]?.match(/^BEGIN:(STANDARD|DAYLIGHT)$/)?.[1];
      if (kind) found.push([kind, ...lines.slice(index + 1, index + 4).map((line) => line.split(':')[1] ?? '')]);
    }
    return found;
  };

  it.each([
    [
      'America/New_York',
      [
        ['STANDARD', '20251231T190000', '-0500', '-0500'],
        ['DAYLIGHT', '20260308T020000', '-0500', '-0400'],
        ['STANDARD', '20261101T020000', '-0400', '-0500'],
      ],
    ],
    [
      'Europe/London',
      [
        ['STANDARD', '20260101T000000', '+0000', '+0000'],
        ['DAYLIGHT', '20260329T010000', '+0000', '+0100'],
        ['STANDARD', '20261025T020000', '+0100', '+0000'],
      ],
    ],
    [
      // Southern summer at new year: the year starts in daylight time.
      'Australia/Sydney',
      [
        ['DAYLIGHT', '20260101T110000', '+1100', '+1100'],
        ['STANDARD', '20260405T030000', '+1100', '+1000'],
        ['DAYLIGHT', '20261004T020000', '+1000', '+1100'],
      ],
    ],
    ['Asia/Kolkata', [['STANDARD', '20260101T053000', '+0530', '+0530']]],
  ])('gives %s its offsets and the wall clocks at which they change in 2026', (timeZone, expected) => {
    const lines = timeZoneComponent(timeZone, 2026, 2026);
    expect(lines[0]).toBe('BEGIN:VTIMEZONE');
    expect(lines[1]).toBe(`TZID:${timeZone}`);
    expect(lines.at(-1)).toBe('END:VTIMEZONE');
    expect(observances(lines)).toEqual(expected);
  });
});

/** iCalendar (RFC 5545) text for bookings, and the local-time arithmetic it needs. */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

// Offsets already worked out, by zone and instant: formatToParts costs microseconds and allocates, and a mail, a feed
// or a day's bookings ask for the same few instants (a date's slot times) again and again. Bounded, emptied when full.
const knownOffsets = new Map<string, number>();
const maxKnownOffsets = 20_000;

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const key = `${timeZone} ${instant}`;
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const offset = offsetOf(instant, timeZone);
  if (knownOffsets.size >= maxKnownOffsets) knownOffsets.clear();
  knownOffsets.set(key, offset);
  return offset;
}

function offsetOf(instant: number, timeZone: string): number {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const wallClock = Date.UTC(
    values.year ?? 1970,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
  return wallClock - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant at which the wall clocks of `timeZone` show `time` on `date`. A time that the zone
 * skips (the hour lost when clocks go forward) is read with the offset from before the change; a time that occurs
 * twice is the later one, in standard time. Both exactly as PostgreSQL reads `timestamp AT TIME ZONE`, which the
 * release job and the day reads use: the server never has two answers for one slot (decision 028).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  const before = zoneOffsetAt(wallClock - 86_400_000, timeZone);
  const after = zoneOffsetAt(wallClock + 86_400_000, timeZone);
  // The same offset a day either side: no change in between, so that offset is the answer.
  if (before === after) return new Date(wallClock - before);
  // Otherwise try both; the one whose instant really shows this wall clock wins (the later if both do).
  for (const offset of [before, after].sort((a, b) => a - b)) {
    const instant = wallClock - offset;
    if (zoneOffsetAt(instant, timeZone) === offset) return new Date(instant);
  }
  return new Date(wallClock - before);
}

/** 20261123T090000Z */
export function formatUtcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;
}

/** RFC 5545 section 3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** UTF-8 length of one code point. */
function octetsOf(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * RFC 5545 section 3.1: lines longer than 75 octets are folded with CRLF and one space. Folds fall
 * between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  // Most lines are short ASCII: nothing to count.
  if (line.length <= 75 && /^[\x20-\x7e]*$/.test(line)) return line;
  const pieces: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = 75;
  for (const character of line) {
    const octets = octetsOf(character.codePointAt(0) ?? 0);
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = '';
      currentOctets = 0;
      limit = 74; // continuation lines start with a space, which counts
    }
    current += character;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** The UID of a booking's event: the confirmation mail's file, the cancellation and release mails and the feed share it. */
export function bookingEventUid(bookingId: string, host: string): string {
  return `booking-${bookingId}@${host}`;
}

/** RFC 5545 weekday codes, for BYDAY. */
export type WeekdayCode = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  /** Defaults to CONFIRMED; a cancellation notice sends CANCELLED with method CANCEL. */
  status?: 'CONFIRMED' | 'CANCELLED';
  /** RFC 5545 SEQUENCE: a cancellation must be newer than the event it removes. */
  sequence?: number;
  /** When the event last changed (LAST-MODIFIED). */
  lastModified?: Date;
  /**
   * The zone the event happens in (the desk's site's): its start and end are written as wall clocks of that zone,
   * with the zone's VTIMEZONE, rather than in UTC.
   */
  timeZone?: string;
  /**
   * Repeats every week on these days from `start`. Its start and end are then written as wall clocks of `timeZone`
   * (with the zone's VTIMEZONE), so that every occurrence keeps its local hours across the clock changes.
   */
  repeat?: { timeZone: string; byDay: readonly WeekdayCode[] };
}

export interface CalendarOptions {
  events: CalendarEvent[];
  /** PUBLISH for a confirmation, CANCEL to remove events already imported. */
  method?: 'PUBLISH' | 'CANCEL';
  now?: Date;
  /** A subscribed calendar's name (NAME and X-WR-CALNAME). */
  name?: string;
  /** How often a subscribed calendar should be read again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshMinutes?: number;
}

/** 20261123T090000: the wall clock of a zone at an instant, as a DATE-TIME with a TZID. */
function formatLocalStamp(instant: number, timeZone: string): string {
  return formatUtcStamp(new Date(instant + zoneOffsetAt(instant, timeZone))).slice(0, -1);
}

/** -0500, +0530 */
function formatOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${offsetMs < 0 ? '-' : '+'}${hours}${String(minutes % 60).padStart(2, '0')}`;
}

const minute = 60_000;
const week = 7 * 86_400_000;

/**
 * The instants in [from, to) at which the zone's offset changes: found week by week (changes are months apart), then
 * to the minute by halving.
 */
function offsetChanges(timeZone: string, from: number, to: number) {
  const changes: Array<{ at: number; before: number; after: number }> = [];
  let before = zoneOffsetAt(from, timeZone);
  for (let start = from; start < to; start += week) {
    const end = Math.min(start + week, to);
    const after = zoneOffsetAt(end, timeZone);
    if (after === before) continue;
    let low = start;
    let high = end;
    while (high - low > minute) {
      const middle = low + Math.floor((high - low) / 2 / minute) * minute;
      if (zoneOffsetAt(middle, timeZone) === before) low = middle;
      else high = middle;
    }
    changes.push({ at: high, before, after });
    before = after;
  }
  return changes;
}

const timeZoneComponents = new Map<string, string[]>();

/**
 * A VTIMEZONE for `timeZone` from the start of `fromYear` to the end of `toYear`, from the zone rules this runtime
 * knows: one observance at the start, then one per change of offset (DAYLIGHT when the clocks go forward).
 */
export function timeZoneComponent(timeZone: string, fromYear: number, toYear: number): string[] {
  const key = `${timeZone} ${fromYear} ${toYear}`;
  const known = timeZoneComponents.get(key);
  if (known) return known;
  const from = Date.UTC(fromYear, 0, 1);
  const changes = offsetChanges(timeZone, from, Date.UTC(toYear + 1, 0, 1));
  const initial = zoneOffsetAt(from, timeZone);
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', onset: number, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${formatUtcStamp(new Date(onset + before)).slice(0, -1)}`,
    `TZOFFSETFROM:${formatOffset(before)}`,
    `TZOFFSETTO:${formatOffset(after)}`,
    `END:${kind}`,
  ];
  const startsInDaylight = (changes[0]?.after ?? initial) < initial;
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(startsInDaylight ? 'DAYLIGHT' : 'STANDARD', from, initial, initial),
    ...changes.flatMap((change) =>
      observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', change.at, change.before, change.after),
    ),
    'END:VTIMEZONE',
  ];
  timeZoneComponents.set(key, lines);
  return lines;
}

/** The zone an event's times are written in, or undefined for UTC. */
function zoneOf(event: CalendarEvent): string | undefined {
  return event.repeat?.timeZone ?? event.timeZone;
}

/**
 * One VTIMEZONE per zone the events use (a feed may mix sites' zones): from the year before its earliest start to its
 * latest event's year, or to ten years past `now` for a repeating event.
 */
function timeZonesOf(events: CalendarEvent[], now: Date): string[] {
  const years = new Map<string, { first: number; last: number }>();
  const repeatsUntil = now.getUTCFullYear() + 10;
  for (const event of events) {
    const timeZone = zoneOf(event);
    if (!timeZone) continue;
    const first = event.start.getUTCFullYear() - 1;
    const last = event.repeat ? Math.max(repeatsUntil, event.end.getUTCFullYear()) : event.end.getUTCFullYear();
    const known = years.get(timeZone);
    years.set(timeZone, { first: Math.min(first, known?.first ?? first), last: Math.max(last, known?.last ?? last) });
  }
  return [...years].flatMap(([timeZone, { first, last }]) => timeZoneComponent(timeZone, Math.min(first, last), last));
}

function eventTimes(event: CalendarEvent): string[] {
  const timeZone = zoneOf(event);
  if (!timeZone) return [`DTSTART:${formatUtcStamp(event.start)}`, `DTEND:${formatUtcStamp(event.end)}`];
  return [
    `DTSTART;TZID=${timeZone}:${formatLocalStamp(event.start.getTime(), timeZone)}`,
    `DTEND;TZID=${timeZone}:${formatLocalStamp(event.end.getTime(), timeZone)}`,
    ...(event.repeat ? [`RRULE:FREQ=WEEKLY;BYDAY=${event.repeat.byDay.join(',')}`] : []),
  ];
}

/** A VCALENDAR with one VEVENT per event; CRLF line endings, folded lines, escaped text. */
export function buildCalendar({
  events,
  method = 'PUBLISH',
  now = new Date(),
  name,
  refreshMinutes,
}: CalendarOptions): string {
  const stamp = formatUtcStamp(now);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Perch//Desk bookings//EN', 'CALSCALE:GREGORIAN'];
  lines.push(`METHOD:${method}`);
  if (name) lines.push(`NAME:${escapeText(name)}`, `X-WR-CALNAME:${escapeText(name)}`);
  if (refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`, `X-PUBLISHED-TTL:PT${refreshMinutes}M`);
  }
  lines.push(...timeZonesOf(events, now));
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      ...eventTimes(event),
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.lastModified) lines.push(`LAST-MODIFIED:${formatUtcStamp(event.lastModified)}`);
    lines.push(
      `STATUS:${event.status ?? 'CONFIRMED'}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export const calendarContentType = (method: 'PUBLISH' | 'CANCEL' = 'PUBLISH') =>
  `text/calendar; charset=utf-8; method=${method}`;

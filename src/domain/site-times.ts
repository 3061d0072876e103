import { isoWeekday } from './analytics-dates.ts';
import type { TimeSlot } from './bookings.ts';
import { zonedTimeToUtc, zoneOffsetAt } from './calendar.ts';
import { addDays } from './dates.ts';
import { defaultWorkingDays, type OfficeHours, type SiteClock, slotHours } from './sites.ts';

// The real times of bookings at their desk's site (issue 28): what a booking read back, a mail, a calendar event and
// a feed say of a booking's date and slot. The rules are sites.ts's (slotHours, slotInstants); these write them.

/** "+09:00", "-05:00", "+10:30", "+00:00": an offset from UTC in milliseconds, as ISO 8601 writes it. */
export function isoOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${offsetMs < 0 ? '-' : '+'}${hours}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "2026-11-30T09:00:00+09:00": an instant as the wall clock of a zone with that zone's offset at the instant. */
export function isoInZone(instant: Date, timeZone: string): string {
  const offset = zoneOffsetAt(instant.getTime(), timeZone);
  const local = new Date(instant.getTime() + offset).toISOString().slice(0, 19);
  return `${local}${isoOffset(offset)}`;
}

/** What a booking read back says of its real times: the site's hours, and the instants with the site's offset. */
export interface BookingTimes {
  /** 'HH:MM' on the site's wall clock. */
  startTime: string;
  endTime: string;
  /** ISO 8601 with the site's offset on that date. */
  startsAt: string;
  endsAt: string;
}

// The bookings of a day read share a few sites, dates and slots: each combination is written once.
const knownTimes = new Map<string, BookingTimes>();
const maxKnownTimes = 20_000;

/**
 * A slot's real times on a date at a site (for a permanent booking, its first day's). Daylight saving included: on
 * the day clocks change, the slot's offset is the one its wall clock has then.
 */
export function bookingTimes(site: OfficeHours & { timeZone: string }, date: string, slot: TimeSlot): BookingTimes {
  const key = `${site.timeZone} ${site.dayStart} ${site.midday} ${site.dayEnd} ${date} ${slot}`;
  const known = knownTimes.get(key);
  if (known) return known;
  const { start, end } = slotHours(site, slot);
  const times = {
    startTime: start,
    endTime: end,
    startsAt: isoInZone(zonedTimeToUtc(date, start, site.timeZone), site.timeZone),
    endsAt: isoInZone(zonedTimeToUtc(date, end, site.timeZone), site.timeZone),
  };
  if (knownTimes.size >= maxKnownTimes) knownTimes.clear();
  knownTimes.set(key, times);
  return times;
}

/**
 * The days of a weekly series from `startDate` to the end of its week (Sunday) that are working days of the site:
 * startDate itself first when it is one, none when it is not (the series starts on the chosen day).
 */
export function remainingWorkingDays(
  startDate: string,
  workingDays: SiteClock['workingDays'] = defaultWorkingDays,
): string[] {
  if (!workingDays.includes(isoWeekday(startDate))) return [];
  const dates: string[] = [];
  for (let date = startDate; ; date = addDays(date, 1)) {
    if (workingDays.includes(isoWeekday(date))) dates.push(date);
    if (isoWeekday(date) === 7) return dates;
  }
}

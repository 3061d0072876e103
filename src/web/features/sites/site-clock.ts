import { isoWeekday } from '#domain/analytics-dates.ts';
import { slotLabel, type TimeSlot } from '#domain/bookings.ts';
import { formatClockRange, formatClockTime } from '#domain/clock.ts';
import { localClock, type SiteClock, slotForViewer, slotHours, slotInstants, weekdayNames } from '#domain/sites.ts';
import type { Site } from './list-sites.ts';

/** What every clock rule needs of a site (its zone, office hours and working days), from the API's view of it. */
export function siteClockOf(
  site: Pick<Site, 'timeZone' | 'dayStart' | 'midday' | 'dayEnd' | 'workingDays'>,
): SiteClock {
  return {
    timeZone: site.timeZone,
    dayStart: site.dayStart,
    midday: site.midday,
    dayEnd: site.dayEnd,
    workingDays: site.workingDays,
  };
}

/** The browser's own zone: where the person looking is (null when the browser does not say). */
export function viewerTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** A site's wall clock now, as the app writes times: "9:41 AM". */
export function siteTimeNow(timeZone: string, now: Date): string {
  return formatClockTime(localClock(now, timeZone).time);
}

/** Whether someone in `viewerZone` reads the site's times on another clock (so both are shown). */
export function isElsewhere(clock: Pick<SiteClock, 'timeZone'>, viewerZone: string | null): boolean {
  return viewerZone !== null && viewerZone !== clock.timeZone;
}

/**
 * A slot's name and times at a site, as lists and dialogs write them: "morning (9:00 AM – 1:00 PM)" for someone on the
 * site's clock; for someone elsewhere, slotForViewer's words with both clocks ("morning (09:00–13:00 Tokyo time,
 * 01:00–05:00 your time)").
 */
export function slotTimesText(clock: SiteClock, date: string, slot: TimeSlot, viewerZone: string | null): string {
  const forViewer = slotForViewer(clock, date, slot, viewerZone);
  if (forViewer.includes(' your time')) return forViewer;
  const { start, end } = slotHours(clock, slot);
  return `${slotLabel(slot)} (${formatClockRange(start, end)})`;
}

/**
 * A slot's span on the viewer's own clock, "1:00 AM – 5:00 AM your time" (with the viewer's weekday when it falls on
 * another day there), or null when the viewer's clock reads as the site's: the second half of slotForViewer's words.
 */
export function slotInViewerTime(
  clock: SiteClock,
  date: string,
  slot: TimeSlot,
  viewerZone: string | null,
): string | null {
  if (!viewerZone || !isElsewhere(clock, viewerZone)) return null;
  const { start, end } = slotHours(clock, slot);
  const { startsAt, endsAt } = slotInstants(clock, date, slot);
  const from = localClock(startsAt, viewerZone);
  const to = localClock(endsAt, viewerZone);
  if (from.time === start && to.time === end && from.date === date) return null;
  const day = from.date === date ? '' : ` on ${weekdayNames[isoWeekday(from.date) - 1]}`;
  return `${formatClockRange(from.time, to.time)} your time${day}`;
}

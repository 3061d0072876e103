import { addDays } from './dates.ts';

// Which dates an analytics read covers (issue 17): weekdays, the dates of a range, the weeks whose counts are closed,
// and the screen's presets, each on a site's own dates (issue 28).

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The dates a range covers at a site: its working days (Monday to Friday unless told), or every date when weekends,
 * that is the site's non-working days, are asked for.
 */
export function analyticsDates(
  start: string,
  end: string,
  includeWeekends: boolean,
  workingDays: readonly number[] = [1, 2, 3, 4, 5],
): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (includeWeekends || workingDays.includes(isoWeekday(date))) dates.push(date);
  }
  return dates;
}

/** What analytics needs of a site's calendar: the site, and the ISO weekdays it works. */
export interface AnalyticsCalendar {
  id: string;
  workingDays: readonly number[];
}

/**
 * Each site's dates of a range, on its own calendar (issue 28), and all of them together in order: a date is a row of
 * the figures when it is a counted day at one site at least.
 */
export function analyticsDatesBySite(
  start: string,
  end: string,
  sites: readonly AnalyticsCalendar[],
  includeWeekends: boolean,
): { bySite: Map<string, string[]>; all: string[] } {
  const bySite = new Map(sites.map((site) => [site.id, analyticsDates(start, end, includeWeekends, site.workingDays)]));
  const all = [...new Set([...bySite.values()].flat())].sort();
  return { bySite, all };
}

/** The Monday of a date's ISO week. */
export function weekStartOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/**
 * The weeks (by their Monday) that lie wholly in the range and ended before yesterday on the organization's dates:
 * their bookings change only through a write the server hears of (migration 0018's history revision).
 */
export function closedWeeks(startDate: string, endDate: string, today: string): string[] {
  const weeks: string[] = [];
  const yesterday = addDays(today, -1);
  for (let monday = weekStartOf(startDate); monday <= endDate; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    if (monday >= startDate && sunday <= endDate && sunday < yesterday) weeks.push(monday);
  }
  return weeks;
}

// The presets of the screen, on the organization's dates.

export const analyticsPresets = ['this-week', 'last-4-weeks', 'last-3-months'] as const;
export type AnalyticsPreset = (typeof analyticsPresets)[number];
export const analyticsPresetLabels: Record<AnalyticsPreset, string> = {
  'this-week': 'This week',
  'last-4-weeks': 'Last 4 weeks',
  'last-3-months': 'Last 3 months',
};

/** The same day `months` earlier, the last of the month when it has no such day. */
function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * A preset's dates when the organization's date is `today`: this week is Monday to Sunday of today's week; the last
 * 4 weeks are the 28 days ending today; the last 3 months run from the day after the same date 3 months ago.
 */
export function presetRange(preset: AnalyticsPreset, today: string): { startDate: string; endDate: string } {
  switch (preset) {
    case 'this-week': {
      const monday = addDays(today, 1 - isoWeekday(today));
      return { startDate: monday, endDate: addDays(monday, 6) };
    }
    case 'last-4-weeks':
      return { startDate: addDays(today, -27), endDate: today };
    case 'last-3-months':
      return { startDate: addDays(addMonths(today, -3), 1), endDate: today };
  }
}

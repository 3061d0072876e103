import { addDays, isIsoDate } from './dates.ts';
import { isUuid } from './ids.ts';
import { csvLine } from './team-bookings.ts';
import { z } from './zod.ts';

// Workplace analytics (issue 17): how an organization's desks were used over a range of its own dates. The rule is
// Today's Statistics' (summariseAvailability): a day's utilization is the half-day slots booked divided by twice the
// desks, a full day counting two halves and a permanent booking booked on every day it was held. The server reads
// the figures with a few aggregates (modules/analytics); everything people see is assembled here, by buildAnalytics.

/** The longest range one request may cover, both ends included. */
export const maxAnalyticsDays = 366;

export const analyticsMessages = {
  date: (name: string) => `${name} must be a date such as 2026-11-23`,
  order: 'endDate must not be before startDate',
  tooLong: `The range must be at most ${maxAnalyticsDays} days`,
  floor: 'floorId must be a floor id',
  weekends: 'includeWeekends must be true or false',
  by: 'by must be day or desk',
};

const requiredDate = (name: string) =>
  z
    .string({ error: analyticsMessages.date(name) })
    .refine((value) => isIsoDate(value) && value >= '1900-01-01', analyticsMessages.date(name));

/** Days from `start` to `end`, both included (1 for a single day). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const analyticsShape = {
  startDate: requiredDate('startDate'),
  endDate: requiredDate('endDate'),
  floorId: z.string({ error: analyticsMessages.floor }).refine(isUuid, analyticsMessages.floor).optional(),
  /** Saturdays and Sundays are left out unless this is true. */
  includeWeekends: z
    .enum(['true', 'false'], { error: analyticsMessages.weekends })
    .transform((value) => value === 'true')
    .optional(),
};

const checkRange = (range: { startDate: string; endDate: string }, context: z.RefinementCtx) => {
  if (range.endDate < range.startDate) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: analyticsMessages.order });
  } else if (daysBetween(range.startDate, range.endDate) > maxAnalyticsDays) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: analyticsMessages.tooLong });
  }
};

/** GET /api/organizations/{id}/analytics */
export const analyticsQuerySchema = z.strictObject(analyticsShape).superRefine(checkRange);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

/** GET /api/organizations/{id}/analytics.csv: the same, one row per day or (`by=desk`) per desk. */
export const analyticsCsvQuerySchema = z
  .strictObject({ ...analyticsShape, by: z.enum(['day', 'desk'], { error: analyticsMessages.by }).default('day') })
  .superRefine(checkRange);
export type AnalyticsCsvQuery = z.infer<typeof analyticsCsvQuerySchema>;

/** The query string of a read or an export, in a fixed order (also the key of the server's cache). */
export function analyticsSearchParams(query: {
  startDate: string;
  endDate: string;
  floorId?: string | undefined;
  includeWeekends?: boolean | undefined;
  by?: 'day' | 'desk' | undefined;
}): URLSearchParams {
  const params = new URLSearchParams({ startDate: query.startDate, endDate: query.endDate });
  if (query.floorId) params.set('floorId', query.floorId);
  if (query.includeWeekends) params.set('includeWeekends', 'true');
  if (query.by && query.by !== 'day') params.set('by', query.by);
  return params;
}

const fraction = z.number().min(0).max(1);

export const analyticsDaySchema = z.object({
  date: z.string(),
  /** Desks that could be used that day: those that existed, less those out of service and unbooked. */
  desks: z.number().int(),
  /** Half-day slots booked: a full day is two. */
  bookedSlots: z.number().int(),
  /** bookedSlots / (2 × desks), 0 when there were no desks. */
  utilization: fraction,
  /** Distinct people holding a booking that day. */
  people: z.number().int(),
  /** Bookings of the day that were checked in (walk-ins included). */
  checkedIn: z.number().int(),
  /** Bookings of the day released because nobody checked in. */
  noShows: z.number().int(),
  /** Bookings made on the spot with "Sit here". */
  walkIns: z.number().int(),
  /** Bookings of the day that someone cancelled (no-shows are counted apart). */
  cancellations: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const analyticsWeekdaySchema = z.object({
  /** ISO weekday: 1 is Monday, 7 Sunday. */
  weekday: z.number().int().min(1).max(7),
  name: z.enum(weekdayNames),
  /** How many of the range's days fell on it. */
  days: z.number().int(),
  utilization: fraction,
  /** People in the office on an average such day. */
  people: z.number(),
});
export type AnalyticsWeekday = z.infer<typeof analyticsWeekdaySchema>;

export const analyticsFloorSchema = z.object({
  floorId: z.string(),
  name: z.string(),
  /** Desks on it now (0 for a deleted floor). */
  desks: z.number().int(),
  bookedSlots: z.number().int(),
  utilization: fraction,
  isDeleted: z.boolean(),
});
export type AnalyticsFloor = z.infer<typeof analyticsFloorSchema>;

export const analyticsDeskSchema = z.object({
  deskId: z.string(),
  name: z.string(),
  floorId: z.string(),
  floorName: z.string(),
  bookedSlots: z.number().int(),
  /** Days of the range on which the desk could be used. */
  days: z.number().int(),
  utilization: fraction,
  /** Deleted since: its past bookings still count. */
  isDeleted: z.boolean(),
});
export type AnalyticsDesk = z.infer<typeof analyticsDeskSchema>;

/** How long before the day one-off bookings of the range were made. */
export const leadTimeBuckets = [
  { key: 'same-day', label: 'On the day', from: 0, to: 0 },
  { key: 'day-before', label: 'The day before', from: 1, to: 1 },
  { key: 'this-week', label: '2 to 6 days ahead', from: 2, to: 6 },
  { key: 'weeks', label: '1 to 4 weeks ahead', from: 7, to: 29 },
  { key: 'months', label: '30 days or more ahead', from: 30, to: Number.POSITIVE_INFINITY },
] as const;
export type LeadTimeBucket = (typeof leadTimeBuckets)[number]['key'];

/** The bucket of a booking made `days` before its date (a negative lead, made after the day began, is 'same-day'). */
export function leadTimeBucket(days: number): LeadTimeBucket {
  for (const bucket of leadTimeBuckets) if (days <= bucket.to) return bucket.key;
  return 'months';
}

export const analyticsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  floorId: z.string().nullable(),
  includeWeekends: z.boolean(),
  /** The organization's IANA zone: the dates are its own. */
  timeZone: z.string(),
  /** Whether the organization requires check-in now (the browser shows Reality when so, or when there is any). */
  checkInRequired: z.boolean(),
  summary: z.object({
    /** All booked slots over all desk slots of the range. */
    utilization: fraction,
    /** The busiest day (the first of equals); null when nothing was booked. */
    peakDay: z.object({ date: z.string(), utilization: fraction }).nullable(),
    /** People in the office on an average day. */
    people: z.number(),
    bookedSlots: z.number().int(),
    checkedIn: z.number().int(),
    noShows: z.number().int(),
    walkIns: z.number().int(),
    cancellations: z.number().int(),
    /** noShows / (checkedIn + noShows): of the bookings whose check-in was judged, those nobody came to. */
    noShowRate: fraction.nullable(),
    /** Median days between making a one-off booking and its date. */
    medianLeadDays: z.number().nullable(),
  }),
  days: z.array(analyticsDaySchema),
  weekdays: z.array(analyticsWeekdaySchema),
  floors: z.array(analyticsFloorSchema),
  desks: z.array(analyticsDeskSchema),
  leadTimes: z.array(
    z.object({ bucket: z.enum(leadTimeBuckets.map((bucket) => bucket.key)), label: z.string(), bookings: z.number() }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The dates a range covers: every date from start to end, Saturdays and Sundays only when asked for. */
export function analyticsDates(start: string, end: string, includeWeekends: boolean): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (includeWeekends || isoWeekday(date) < 6) dates.push(date);
  }
  return dates;
}

// What the server reads, for buildAnalytics.

/** A desk the organization has or had: `from` the local date it was made, `until` the date it was deleted on. */
export interface AnalyticsDeskInput {
  id: string;
  name: string;
  floorId: string;
  floorName: string;
  /**
   * The periods it spent out of service, from `from` to the day before `until` (null while it lasts). On those days
   * it counts only when it holds a booking, as in Today's Statistics.
   */
  outOfService: readonly { from: string; until: string | null }[];
  from: string;
  /** The local date it was deleted on (it counts that day, as its bookings of the day were kept), or null. */
  until: string | null;
}

export interface AnalyticsFloorInput {
  id: string;
  name: string;
  isDeleted: boolean;
}

/** The bookings of one day, counted on the range's dates only (see the server's query). */
export interface AnalyticsDayInput {
  date: string;
  bookedSlots: number;
  people: number;
  checkedIn: number;
  noShows: number;
  walkIns: number;
  cancellations: number;
}

export interface AnalyticsDeskUseInput {
  deskId: string;
  bookedSlots: number;
  /** The dates on which it held a booking, for a desk that was ever out of service (they count for it then). */
  bookedDates: readonly string[];
}

/**
 * What the server counted over some dates of a range. Counts of disjoint dates add up (mergeAnalyticsCounts), so the
 * server keeps those of closed weeks and counts only the rest (decision 020).
 */
export interface AnalyticsCounts {
  days: AnalyticsDayInput[];
  deskUse: AnalyticsDeskUseInput[];
  /** One-off bookings by days of notice (any non-negative whole number). */
  leadDays: { days: number; bookings: number }[];
}

/** The counts of disjoint sets of dates as one: days side by side, each desk's and each notice's counts summed. */
export function mergeAnalyticsCounts(parts: readonly AnalyticsCounts[]): AnalyticsCounts {
  const days: AnalyticsDayInput[] = [];
  const desks = new Map<string, { bookedSlots: number; bookedDates: string[] }>();
  const leads = new Map<number, number>();
  for (const part of parts) {
    days.push(...part.days);
    for (const use of part.deskUse) {
      const sum = desks.get(use.deskId) ?? { bookedSlots: 0, bookedDates: [] };
      sum.bookedSlots += use.bookedSlots;
      sum.bookedDates.push(...use.bookedDates);
      desks.set(use.deskId, sum);
    }
    for (const lead of part.leadDays) leads.set(lead.days, (leads.get(lead.days) ?? 0) + lead.bookings);
  }
  return {
    days: days.sort((a, b) => a.date.localeCompare(b.date)),
    deskUse: [...desks].map(([deskId, sum]) => ({ deskId, ...sum })),
    leadDays: [...leads].map(([days, bookings]) => ({ days, bookings })),
  };
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

export interface AnalyticsInput {
  startDate: string;
  endDate: string;
  floorId: string | null;
  includeWeekends: boolean;
  timeZone: string;
  checkInRequired: boolean;
  floors: readonly AnalyticsFloorInput[];
  desks: readonly AnalyticsDeskInput[];
  days: readonly AnalyticsDayInput[];
  deskUse: readonly AnalyticsDeskUseInput[];
  leadDays: readonly { days: number; bookings: number }[];
}

// One collator: localeCompare with options builds one per call, which took most of a 500-desk answer's time.
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.min(1, part / whole));

function median(counts: readonly { days: number; bookings: number }[]): number | null {
  const sorted = [...counts].filter((item) => item.bookings > 0).sort((a, b) => a.days - b.days);
  const total = sorted.reduce((sum, item) => sum + item.bookings, 0);
  if (total === 0) return null;
  // The middle booking, or the mean of the two middle ones.
  const at = (index: number) => {
    let seen = 0;
    for (const item of sorted) {
      seen += item.bookings;
      if (index < seen) return item.days;
    }
    return sorted.at(-1)?.days ?? 0;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/** Whether a desk existed on a date. */
const existsOn = (desk: AnalyticsDeskInput, date: string) =>
  desk.from <= date && (desk.until === null || date <= desk.until);

/** Whether a desk was out of service on a date. */
const outOfServiceOn = (desk: AnalyticsDeskInput, date: string) =>
  desk.outOfService.some((period) => period.from <= date && (period.until === null || date < period.until));

/** The figures the Analytics screen and its CSV show, from what the server counted. */
export function buildAnalytics(input: AnalyticsInput): Analytics {
  const dates = analyticsDates(input.startDate, input.endDate, input.includeWeekends);
  const useByDesk = new Map(input.deskUse.map((use) => [use.deskId, use]));
  const dayInput = new Map(input.days.map((day) => [day.date, day]));

  // Desks per day and days per desk: a desk counts on a date it existed, when in service or holding a booking. A
  // desk always in service that existed all along (most of them) counts on every date, which is added up once.
  const desksOn = new Map(dates.map((date) => [date, 0]));
  const first = dates[0];
  const last = dates.at(-1);
  let everyDay = 0;
  const desks = input.desks.map((desk) => {
    const use = useByDesk.get(desk.id);
    let days = 0;
    if (
      first !== undefined &&
      last !== undefined &&
      desk.outOfService.length === 0 &&
      desk.from <= first &&
      (desk.until ?? last) >= last
    ) {
      everyDay += 1;
      days = dates.length;
    } else {
      const booked = new Set(use?.bookedDates ?? []);
      for (const date of dates) {
        if (!existsOn(desk, date) || (outOfServiceOn(desk, date) && !booked.has(date))) continue;
        days += 1;
        desksOn.set(date, (desksOn.get(date) ?? 0) + 1);
      }
    }
    const bookedSlots = use?.bookedSlots ?? 0;
    return {
      deskId: desk.id,
      name: desk.name,
      floorId: desk.floorId,
      floorName: desk.floorName,
      bookedSlots,
      days,
      utilization: share(bookedSlots, 2 * days),
      isDeleted: desk.until !== null,
    };
  });
  for (const [date, count] of desksOn) desksOn.set(date, count + everyDay);

  const days: AnalyticsDay[] = dates.map((date) => {
    const counted = dayInput.get(date);
    const deskCount = desksOn.get(date) ?? 0;
    const bookedSlots = counted?.bookedSlots ?? 0;
    return {
      date,
      desks: deskCount,
      bookedSlots,
      utilization: share(bookedSlots, 2 * deskCount),
      people: counted?.people ?? 0,
      checkedIn: counted?.checkedIn ?? 0,
      noShows: counted?.noShows ?? 0,
      walkIns: counted?.walkIns ?? 0,
      cancellations: counted?.cancellations ?? 0,
    };
  });

  const total = (key: Exclude<keyof AnalyticsDay, 'date' | 'utilization'>, list: readonly AnalyticsDay[] = days) =>
    list.reduce((sum, day) => sum + day[key], 0);

  let peakDay: { date: string; utilization: number } | null = null;
  for (const day of days) {
    // A range without one booked half day has no peak to name.
    if (day.utilization > 0 && (peakDay === null || day.utilization > peakDay.utilization)) {
      peakDay = { date: day.date, utilization: day.utilization };
    }
  }

  const weekdays: Analytics['weekdays'] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const ofWeekday = days.filter((day) => isoWeekday(day.date) === weekday);
    if (ofWeekday.length === 0) continue;
    weekdays.push({
      weekday,
      name: weekdayNames[weekday - 1] ?? 'Monday',
      days: ofWeekday.length,
      utilization: share(total('bookedSlots', ofWeekday), 2 * total('desks', ofWeekday)),
      people: total('people', ofWeekday) / ofWeekday.length,
    });
  }

  const liveDesksByFloor = new Map<string, number>();
  for (const desk of input.desks) {
    if (!desk.until) liveDesksByFloor.set(desk.floorId, (liveDesksByFloor.get(desk.floorId) ?? 0) + 1);
  }
  const floors = input.floors
    .map((floor) => {
      const ofFloor = desks.filter((desk) => desk.floorId === floor.id);
      const bookedSlots = ofFloor.reduce((sum, desk) => sum + desk.bookedSlots, 0);
      const deskDays = ofFloor.reduce((sum, desk) => sum + desk.days, 0);
      return {
        floorId: floor.id,
        name: floor.name,
        desks: floor.isDeleted ? 0 : (liveDesksByFloor.get(floor.id) ?? 0),
        bookedSlots,
        utilization: share(bookedSlots, 2 * deskDays),
        isDeleted: floor.isDeleted,
      };
    })
    // A deleted floor is shown only when its desks were used in the range.
    .filter((floor) => !floor.isDeleted || floor.bookedSlots > 0);

  const leadTimes = leadTimeBuckets.map((bucket) => ({
    bucket: bucket.key,
    label: bucket.label,
    bookings: input.leadDays
      .filter((item) => leadTimeBucket(item.days) === bucket.key)
      .reduce((sum, item) => sum + item.bookings, 0),
  }));

  const checkedIn = total('checkedIn');
  const noShows = total('noShows');
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    floorId: input.floorId,
    includeWeekends: input.includeWeekends,
    timeZone: input.timeZone,
    checkInRequired: input.checkInRequired,
    summary: {
      utilization: share(total('bookedSlots'), 2 * total('desks')),
      peakDay,
      people: days.length === 0 ? 0 : total('people') / days.length,
      bookedSlots: total('bookedSlots'),
      checkedIn,
      noShows,
      walkIns: total('walkIns'),
      cancellations: total('cancellations'),
      noShowRate: checkedIn + noShows === 0 ? null : noShows / (checkedIn + noShows),
      medianLeadDays: median(input.leadDays),
    },
    days,
    weekdays,
    floors,
    // Deleted desks that held nothing in the range say nothing: left out. By floor, then name (D2 before D10).
    desks: desks
      .filter((desk) => !desk.isDeleted || desk.bookedSlots > 0)
      .sort((a, b) => byName(a.floorName, b.floorName) || byName(a.name, b.name) || a.deskId.localeCompare(b.deskId)),
    leadTimes,
  };
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

// CSV: one row per day, or per desk.

const percent = (value: number) => (value * 100).toFixed(1);

export const analyticsDayCsvColumns: ReadonlyArray<readonly [string, (day: AnalyticsDay) => string | number]> = [
  ['Date', (day) => day.date],
  ['Desks', (day) => day.desks],
  ['Booked half days', (day) => day.bookedSlots],
  ['Utilization %', (day) => percent(day.utilization)],
  ['People', (day) => day.people],
  ['Checked in', (day) => day.checkedIn],
  ['No-shows', (day) => day.noShows],
  ['Walk-ins', (day) => day.walkIns],
  ['Cancellations', (day) => day.cancellations],
];

export const analyticsDeskCsvColumns: ReadonlyArray<readonly [string, (desk: AnalyticsDesk) => string | number]> = [
  ['Desk ID', (desk) => desk.deskId],
  ['Desk', (desk) => desk.name],
  ['Floor', (desk) => desk.floorName],
  ['Days', (desk) => desk.days],
  ['Booked half days', (desk) => desk.bookedSlots],
  ['Utilization %', (desk) => percent(desk.utilization)],
  ['Deleted', (desk) => (desk.isDeleted ? 'yes' : 'no')],
];

/** The CSV file of an analytics read: a header row, then a row per day or per desk (CRLF, RFC 4180). */
export function analyticsCsv(analytics: Analytics, by: 'day' | 'desk'): string {
  if (by === 'desk') {
    return (
      csvLine(analyticsDeskCsvColumns.map(([name]) => name)) +
      analytics.desks.map((desk) => csvLine(analyticsDeskCsvColumns.map(([, read]) => read(desk)))).join('')
    );
  }
  return (
    csvLine(analyticsDayCsvColumns.map(([name]) => name)) +
    analytics.days.map((day) => csvLine(analyticsDayCsvColumns.map(([, read]) => read(day)))).join('')
  );
}

/** "42%": how the screen writes a fraction. */
export function formatShare(value: number): string {
  return `${Math.round(value * 100)}%`;
}

import { isIsoDate } from './dates.ts';
import { isUuid } from './ids.ts';
import { csvLine } from './team-bookings.ts';
import { z } from './zod.ts';

// Workplace analytics (issue 17): how an organization's desks were used over a range of dates, each site's on its own
// calendar (issue 28: its zone and working days; "all sites" adds each site's figures of a date). The rule is
// Today's Statistics' (summariseAvailability): a day's utilization is the half-day slots booked divided by twice the
// desks, a full day counting two halves and a permanent booking booked on every day it was held. The server reads
// the figures with a few aggregates (modules/analytics); everything people see is assembled by buildAnalytics
// (analytics-build.ts). This file is the contract: the query, the answer as JSON and as CSV, and what the server reads;
// analytics-dates.ts says which dates a range and a preset cover.

/** The longest range one request may cover, both ends included. */
export const maxAnalyticsDays = 366;

export const analyticsMessages = {
  date: (name: string) => `${name} must be a date such as 2026-11-23`,
  order: 'endDate must not be before startDate',
  tooLong: `The range must be at most ${maxAnalyticsDays} days`,
  floor: 'floorId must be a floor id',
  site: 'siteId must be a site id',
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
  /** One site (issue 28): its floors, on its own calendar. Default: all sites, each on its own calendar, added up. */
  siteId: z.string({ error: analyticsMessages.site }).refine(isUuid, analyticsMessages.site).optional(),
  floorId: z.string({ error: analyticsMessages.floor }).refine(isUuid, analyticsMessages.floor).optional(),
  /** Each site's non-working days (Saturdays and Sundays by default) are left out unless this is true. */
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
  siteId?: string | undefined;
  floorId?: string | undefined;
  includeWeekends?: boolean | undefined;
  by?: 'day' | 'desk' | undefined;
}): URLSearchParams {
  const params = new URLSearchParams({ startDate: query.startDate, endDate: query.endDate });
  if (query.siteId) params.set('siteId', query.siteId);
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
  /** Assigned desks whose owner released the day (issue 29): not counted as used by the owner. */
  releasedDays: z.number().int(),
  /** Of those, the desks someone else booked that day. */
  releasedTaken: z.number().int(),
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

export const analyticsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  siteId: z.string().nullable(),
  floorId: z.string().nullable(),
  includeWeekends: z.boolean(),
  /**
   * The IANA zone the dates are in: the site's (or the zone all the counted sites share); null when the sites counted
   * are in different zones, each site's figures then being counted on its own dates and added up per date.
   */
  timeZone: z.string().nullable(),
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
    /** Days of assigned desks their owners released over the range, and of those the ones someone else booked. */
    releasedDays: z.number().int(),
    releasedTaken: z.number().int(),
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

// What the server reads, for buildAnalytics.

/** A desk the organization has or had: `from` the local date it was made, `until` the date it was deleted on. */
export interface AnalyticsDeskInput {
  id: string;
  name: string;
  floorId: string;
  floorName: string;
  /** The site it is (or was) on: it counts on that site's dates. */
  siteId: string;
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
  /** Its site (a deleted floor's desks count at the organization's first site: retired floors keep no site). */
  siteId: string;
  isDeleted: boolean;
}

/** A site counted (issue 28): its zone names the dates, its working days are the dates counted. */
export interface AnalyticsSiteInput {
  id: string;
  timeZone: string;
  workingDays: readonly number[];
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
  /** Assigned desks' released days, and how many of them someone else booked (issue 29); absent: none. */
  releasedDays?: number;
  releasedTaken?: number;
}

export interface AnalyticsDeskUseInput {
  deskId: string;
  bookedSlots: number;
  /** The dates on which it held a booking, for a desk that was ever out of service (they count for it then). */
  bookedDates: readonly string[];
}

/**
 * What the server counted over some dates of a range, at one site or more. Counts of disjoint dates, or of different
 * sites, add up (mergeAnalyticsCounts), so the server keeps those of closed weeks and counts only the rest (decision
 * 020), and counts each site on its own calendar.
 */
export interface AnalyticsCounts {
  days: AnalyticsDayInput[];
  deskUse: AnalyticsDeskUseInput[];
  /** One-off bookings by days of notice (any non-negative whole number). */
  leadDays: { days: number; bookings: number }[];
}

export interface AnalyticsInput {
  startDate: string;
  endDate: string;
  siteId: string | null;
  floorId: string | null;
  includeWeekends: boolean;
  /** The sites counted, each on its own calendar; their figures are added up per date. */
  sites: readonly AnalyticsSiteInput[];
  checkInRequired: boolean;
  floors: readonly AnalyticsFloorInput[];
  desks: readonly AnalyticsDeskInput[];
  days: readonly AnalyticsDayInput[];
  deskUse: readonly AnalyticsDeskUseInput[];
  leadDays: readonly { days: number; bookings: number }[];
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

import * as rrulePackage from 'rrule';
import { isoWeekday } from './analytics-dates.ts';
import {
  type BookingRule,
  type BookingRuleContext,
  type BookingSite,
  bookingRuleMessages,
  judgeBookings,
  type RequestedBooking,
  weekStartOf,
} from './booking-rules.ts';
import {
  type BookingOccupancy,
  bookingDateSchema,
  bookingMessages,
  daysBetween,
  isoDateSchema,
  slotAvailabilityOn,
  type TimeSlot,
  timeSlotSchema,
  timeSlots,
} from './bookings.ts';
import { formatLongDate } from './dates.ts';
import { horizonMessages, horizonYears, latestBookingDate } from './horizon.ts';
import type { NeighbourhoodRestriction } from './neighbourhoods.ts';
import { isWorkingDay, weekdayNames } from './sites.ts';
import { z } from './zod.ts';

// Office days that repeat (issue 29): chosen weekdays, every week or every other week, from a date until a date, for
// one desk and slot. The dates come from rrule (RFC 5545's recurrence rules), never from date arithmetic of our own;
// each date is then judged on its own by the booking rules (judgeBookings) and the desk's bookings, so a series books
// every date it may and says of every other one why not. Each booked date is an ordinary booking row: the exclusion
// constraint guards every one.

// Node loads rrule's CommonJS build (its classes under `default`), Vite its ES module build (named exports).
const { RRule } = (
  'RRule' in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default
) as typeof rrulePackage;

/** The most dates one series may hold: a year of working weeks. */
export const maxSeriesOccurrences = 260;
/** The most days from a series' start to its end: the booking horizon (two years) and a day. */
export const maxSeriesSpanDays = 366 * horizonYears + 1;
export const seriesIntervals = [1, 2] as const;
export type SeriesInterval = (typeof seriesIntervals)[number];

export const seriesMessages = {
  weekdaysRequired: 'Choose at least one weekday',
  weekdaysInvalid: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
  interval: 'Repeat every week (1) or every other week (2)',
  untilRequired: 'End date is required',
  untilBeforeStart: 'The end date must not be before the start date',
  spanTooLong: `A series can last at most ${horizonYears} years`,
  tooMany: (count: number) =>
    `A series can hold at most ${maxSeriesOccurrences} dates, not ${count}: choose an earlier end date or fewer weekdays`,
  noDates: 'None of the chosen weekdays falls between the start and end dates',
  nothingToBook: 'None of these dates can be booked',
  nonWorkingDay: (siteName: string) => `Not a working day at ${siteName}`,
  notFound: 'Series not found.',
  notYours: 'You can only change your own series.',
  nothingLeft: 'This series has no upcoming bookings left to cancel.',
} as const;

const weekdaysSchema = z
  .array(z.number({ error: seriesMessages.weekdaysInvalid }).int(seriesMessages.weekdaysInvalid), {
    error: seriesMessages.weekdaysRequired,
  })
  .min(1, seriesMessages.weekdaysRequired)
  .max(7, seriesMessages.weekdaysInvalid)
  .refine((days) => days.every((day) => day >= 1 && day <= 7), seriesMessages.weekdaysInvalid)
  .refine((days) => new Set(days).size === days.length, seriesMessages.weekdaysInvalid)
  .transform((days) => [...days].sort((a, b) => a - b));

const requestIdSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(100, `${label} is not valid`);

/** What makes a series: the slot, weekdays, every week or every other week, and its first and last dates. */
const seriesRuleFields = {
  timeSlot: timeSlotSchema,
  weekdays: weekdaysSchema,
  interval: z.union([z.literal(1), z.literal(2)], { error: seriesMessages.interval }),
  startDate: bookingDateSchema,
  untilDate: isoDateSchema(seriesMessages.untilRequired),
};
export interface SeriesRule {
  timeSlot: TimeSlot;
  weekdays: number[];
  interval: SeriesInterval;
  startDate: string;
  untilDate: string;
}

function refineSpan(rule: { startDate: string; untilDate: string }, context: z.RefinementCtx) {
  if (rule.untilDate < rule.startDate) {
    context.addIssue({ code: 'custom', path: ['untilDate'], message: seriesMessages.untilBeforeStart });
  } else if (daysBetween(rule.startDate, rule.untilDate) > maxSeriesSpanDays) {
    context.addIssue({ code: 'custom', path: ['untilDate'], message: seriesMessages.spanTooLong });
  }
}

/** POST /api/bookings/series: with `preview`, only the plan is answered and nothing is written. */
export const createSeriesSchema = z
  .object({
    organizationId: requestIdSchema('Organization'),
    deskId: requestIdSchema('Desk'),
    /** Whom the series is for: an admin books for a member; others only for themselves. */
    userId: requestIdSchema('Member').optional(),
    ...seriesRuleFields,
    preview: z.boolean({ error: 'Preview must be true or false' }).optional(),
  })
  .superRefine(refineSpan);
export type CreateSeriesInput = z.infer<typeof createSeriesSchema>;

/** DELETE /api/bookings/series/{id}?from=YYYY-MM-DD: from that date on (else from today on). */
export const cancelSeriesQuerySchema = z.object({ from: bookingDateSchema.optional() });

/** GET /api/users/booking-series?organizationId */
export const userSeriesQuerySchema = z.object({ organizationId: requestIdSchema('Organization') });

const skipRules = [
  'taken',
  'check-in-closed',
  'working-days',
  'neighbourhood',
  'one-desk-per-person',
  'advance-window',
  'weekly-quota',
  'past',
] as const satisfies readonly (BookingRule | 'taken' | 'past')[];
export type SeriesSkipRule = (typeof skipRules)[number];

/** One date of a series: booked (or to be), or not, and the sentence that says why. */
export const seriesOccurrenceSchema = z.object({
  date: z.string(),
  willBook: z.boolean(),
  rule: z.enum(skipRules).nullable(),
  reason: z.string().nullable(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

/** The answer to a preview: every date, in order. */
export const seriesPlanSchema = z.object({
  occurrences: z.array(seriesOccurrenceSchema),
  bookCount: z.number().int(),
  skipCount: z.number().int(),
});
export type SeriesPlan = z.infer<typeof seriesPlanSchema>;

/** A series as the API answers it, with its bookings (one per booked date, active or not). */
export const seriesSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  deskId: z.string(),
  desk: z.object({ name: z.string(), floor: z.object({ name: z.string() }) }),
  timeSlot: z.enum(timeSlots),
  weekdays: z.array(z.number().int()),
  interval: z.union([z.literal(1), z.literal(2)]),
  startDate: z.string(),
  untilDate: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  bookings: z.array(z.object({ id: z.string(), bookingDate: z.string(), status: z.enum(['active', 'cancelled']) })),
});
export type SeriesView = z.infer<typeof seriesSchema>;
export const seriesListSchema = z.array(seriesSchema);

/** What POST /api/bookings/series answers once it booked: the series, and the dates it skipped with why. */
export const createdSeriesSchema = z.object({
  message: z.string(),
  series: seriesSchema,
  skipped: z.array(seriesOccurrenceSchema),
});
export type CreatedSeries = z.infer<typeof createdSeriesSchema>;

/** A date as rrule takes it: midnight UTC, a floating date that no zone's daylight saving can move. */
const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const rruleWeekdays = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/**
 * The series' dates by its rule, in order: its weekdays in its start date's week and every (other) week after, until
 * its end date, both included. Counts one past `limit` at most (so a caller can tell that there are too many).
 */
export function seriesDates(
  rule: Pick<SeriesRule, 'weekdays' | 'interval' | 'startDate' | 'untilDate'>,
  limit = maxSeriesOccurrences,
): string[] {
  const recurrence = new RRule({
    freq: RRule.WEEKLY,
    interval: rule.interval,
    wkst: RRule.MO,
    byweekday: rule.weekdays.map((day) => rruleWeekdays[day - 1] ?? RRule.MO),
    dtstart: floating(rule.startDate),
    until: floating(rule.untilDate),
  });
  return recurrence.all((_date, index) => index <= limit).map((date) => date.toISOString().slice(0, 10));
}

/**
 * Why a series cannot be asked for at all at a site whose today is `today` (a 400), or undefined: a past start, an end
 * beyond the booking horizon, no date at all, or more than maxSeriesOccurrences dates.
 */
export function seriesRuleProblem(rule: SeriesRule, today: string): string | undefined {
  if (rule.startDate < today) return `${bookingMessages.pastDate} (startDate)`;
  const latest = latestBookingDate(today);
  if (rule.untilDate > latest) return `${horizonMessages.tooFarAhead(latest)} (untilDate)`;
  const dates = seriesDates(rule);
  if (dates.length === 0) return seriesMessages.noDates;
  if (dates.length > maxSeriesOccurrences) {
    return seriesMessages.tooMany(seriesDates(rule, maxSeriesOccurrences * 3).length);
  }
  return undefined;
}

export interface SeriesPlanInput {
  dates: readonly string[];
  desk: { id: string; name: string; neighbourhood?: NeighbourhoodRestriction | undefined };
  slot: TimeSlot;
  /** The desk's site: its today, hours and working days. */
  site: BookingSite;
  /** The rules, the person's bookings over the series' weeks, and check-in, as judgeBookings takes them. */
  rules: BookingRuleContext;
  /** The desk's active bookings over the series' dates (permanent ones from before included), with their owners. */
  deskBookings: readonly (BookingOccupancy & { userId: string })[];
  /** Whose series it is: their own booking of the desk says "You already have…", anyone else's "already booked". */
  personId: string;
}

function skipped(date: string, rule: SeriesSkipRule, reason: string): SeriesOccurrence {
  return { date, willBook: false, rule, reason: reason.endsWith('.') ? reason.slice(0, -1) : reason };
}

/**
 * Judges each date of a series in order, as if the ones before it that may be booked were booked: a date of the
 * site's closed days, one the desk is taken on, or one a booking rule refuses is skipped with its sentence; every
 * other date will be booked. The dates judged together are those of one week, so a weekly quota says how many days
 * are left rather than that the series' own days are booked.
 */
export function planSeries(input: SeriesPlanInput): SeriesPlan {
  const { desk, slot, site, rules } = input;
  const ownBookings = input.deskBookings.filter((booking) => booking.userId === input.personId);
  const accepted: RequestedBooking[] = [];
  const occurrences = input.dates.map((date): SeriesOccurrence => {
    if (date < site.today) return skipped(date, 'past', bookingMessages.pastDate);
    // A series keeps to the office's days, admins' too: a one-off booking is how an admin books a closed day.
    if (!isWorkingDay(site, date)) return skipped(date, 'working-days', seriesMessages.nonWorkingDay(site.name));
    if (slotAvailabilityOn(input.deskBookings, date)[slot] === 'booked') {
      // The person's own booking in the way is named with its own slot ("You already have D01 all day on …").
      const own = ownBookings.find((booking) => slotAvailabilityOn([booking], date)[slot] === 'booked');
      const heldSlot = own && !own.isPermanent ? own.timeSlot : slot;
      const reason = own
        ? bookingRuleMessages.onePerPersonPerSlot(rules.personName, desk.name, date, heldSlot, site.today)
        : bookingMessages.alreadyBooked;
      return skipped(date, 'taken', reason);
    }
    const request: RequestedBooking = {
      deskId: desk.id,
      deskName: desk.name,
      bookingDate: date,
      timeSlot: slot,
      site,
      neighbourhood: desk.neighbourhood,
    };
    const week = weekStartOf(date);
    const sameWeek = accepted.filter((booking) => weekStartOf(booking.bookingDate) === week);
    const refusal = judgeBookings([...sameWeek, request], rules);
    if (refusal) return skipped(date, refusal.rule, refusal.message);
    accepted.push(request);
    return { date, willBook: true, rule: null, reason: null };
  });
  const bookCount = occurrences.filter((occurrence) => occurrence.willBook).length;
  return { occurrences, bookCount, skipCount: occurrences.length - bookCount };
}

/** "Tuesday and Thursday", "Monday, Wednesday and Friday". */
export function describeWeekdays(weekdays: readonly number[]): string {
  const names = [...weekdays].sort((a, b) => a - b).map((day) => weekdayNames[day - 1] ?? '');
  const last = names.pop() ?? '';
  return names.length > 0 ? `${names.join(', ')} and ${last}` : last;
}

/** "Every Tuesday and Thursday until Friday, 26 March 2027", "Every other Monday until …". */
export function describeSeries(series: Pick<SeriesRule, 'weekdays' | 'interval' | 'untilDate'>): string {
  const every = series.interval === 2 ? 'Every other' : 'Every';
  return `${every} ${describeWeekdays(series.weekdays)} until ${formatLongDate(series.untilDate)}`;
}

/** The ISO weekday of a date, for the form's default chip. */
export const weekdayOf = isoWeekday;

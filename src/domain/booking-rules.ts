import { slotLabel, type TimeSlot } from './bookings.ts';
import {
  checkInSettingsSchema,
  defaultCheckInSettings,
  missedCheckIn,
  type NewBookingCheckIn,
  type SiteHours,
} from './check-in.ts';
import { addDays, formatLongDate } from './dates.ts';
import { type NeighbourhoodRestriction, neighbourhoodRefusal } from './neighbourhoods.ts';
import { isWorkingDay, siteMessages } from './sites.ts';
import { z } from './zod.ts';

// An organization's booking rules (issue 15), check-in's one rule for new bookings (no booking of a slot whose
// check-in window has closed: check-in.ts), and the one judgement that applies them. The server runs judgeBookings
// inside the booking's transaction, under the person's lock, with the person's bookings read after taking it, so
// that concurrent requests cannot slip past a rule; the browser runs it on the bookings it shows, to explain a
// refusal before anyone clicks.

export const maxDaysAheadLimit = 730;
export const maxBookingsPerWeekLimit = 7;

/** The limits judgeBookings applies. */
export const bookingLimitsSchema = z.object({
  /** A person holds at most one desk per date and half day; permanent bookings (desk blocks) do not count. */
  onePerPersonPerSlot: z.boolean({ error: 'One desk per person must be on or off' }),
  /** Bookings open this many days ahead of the organization's today (0: today only). */
  maxDaysAhead: z
    .number({ error: 'Days ahead must be a whole number' })
    .int('Days ahead must be a whole number')
    .min(0, 'Days ahead cannot be negative')
    .max(maxDaysAheadLimit, `Days ahead can be at most ${maxDaysAheadLimit}`),
  /** Days a person may book in one week, Monday to Sunday; null: no quota. */
  maxBookingsPerWeek: z
    .number({ error: 'Days per week must be a whole number' })
    .int('Days per week must be a whole number')
    .min(1, 'Days per week must be at least 1')
    .max(maxBookingsPerWeekLimit, `Days per week can be at most ${maxBookingsPerWeekLimit}`)
    .nullable(),
  /** Admins may book beyond the advance window and the weekly quota (never two desks at once). */
  adminsExempt: z.boolean({ error: 'Admin exemption must be on or off' }),
});
export type BookingLimits = z.infer<typeof bookingLimitsSchema>;

/** The Booking rules screen: the limits and check-in (check-in.ts). */
export const bookingRulesSchema = bookingLimitsSchema.extend(checkInSettingsSchema.shape);
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/** GET and PUT /api/organizations/{id}/booking-rules */
export const bookingRulesResponseSchema = bookingRulesSchema;

/** PUT /api/organizations/{id}/booking-rules takes any subset of the rules; the others stay as they are. */
export const bookingRulesChangeSchema = bookingRulesSchema.partial();
export type BookingRulesChange = z.infer<typeof bookingRulesChangeSchema>;

export const defaultBookingRules: BookingRules = {
  onePerPersonPerSlot: true,
  maxDaysAhead: 90,
  maxBookingsPerWeek: null,
  adminsExempt: true,
  ...defaultCheckInSettings,
};

export type BookingRule =
  | 'check-in-closed'
  | 'working-days'
  | 'neighbourhood'
  | 'one-desk-per-person'
  | 'advance-window'
  | 'weekly-quota';

/** What the rules need of the desk's site (issue 28): its clock judges "today", check-in and working days. */
export interface BookingSite extends SiteHours {
  name: string;
  /** ISO weekdays; a booking on another day is for admins only. */
  workingDays: readonly number[];
  /** The site's today. */
  today: string;
}

/** A booking asked for: one day and slot of a desk. */
export interface RequestedBooking {
  deskId: string;
  deskName: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  /** The desk's site, when known: its today, hours and working days judge this request (else the context's). */
  site?: BookingSite | undefined;
  /** The desk's neighbourhood when it is kept for teams (issue 29): only their members book it on its days. */
  neighbourhood?: NeighbourhoodRestriction | undefined;
}

/** One of the person's active one-off bookings (permanent ones are desk blocks and never count). */
export interface HeldBooking {
  deskId: string;
  deskName: string;
  bookingDate: string;
  timeSlot: TimeSlot;
}

export interface BookingRuleContext {
  rules: BookingLimits;
  /** Today at the site of the desks (a request's own `site` overrides it, with `checkIn`'s zone and hours). */
  today: string;
  /** Whether the one booking is an admin of the organization (the exemption is the booker's). */
  bookerIsAdmin: boolean;
  /** Who the bookings are for, as the sentence names them: null for the booker themselves ("You"). */
  personName: string | null;
  /** The person's active one-off bookings in the weeks the requests fall in (more do no harm). */
  held: readonly HeldBooking[];
  /** The organization's check-in, the site's zone and now: a booking of today whose check-in has closed is refused. */
  checkIn: NewBookingCheckIn;
  /** The desks' site when every request is on it (the browser's Book Desk): its working days are judged. */
  site?: BookingSite | undefined;
  /** The teams the person is in (issue 29): a neighbourhood kept for one of them is theirs to book. */
  personTeamIds?: readonly string[] | undefined;
}

export interface BookingRefusal {
  rule: BookingRule;
  /** The date the refusal is about (for a series, its first refused date). */
  bookingDate: string;
  message: string;
}

const halves: Record<TimeSlot, readonly ('morning' | 'afternoon')[]> = {
  'full-day': ['morning', 'afternoon'],
  morning: ['morning'],
  afternoon: ['afternoon'],
};

/** Two slots of one date overlap when they share a half day (a full day holds both). */
export function slotsOverlap(a: TimeSlot, b: TimeSlot): boolean {
  return halves[a].some((half) => halves[b].includes(half));
}

/** The Monday of the week (Monday to Sunday) a date is in. */
export function weekStartOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The first and last dates of every week the dates fall in: what the person's bookings must cover to be judged. */
export function weeksCovering(dates: readonly string[]): { from: string; to: string } | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  return { from: weekStartOf(sorted[0] as string), to: addDays(weekStartOf(sorted.at(-1) as string), 6) };
}

/** The latest date the advance window allows; undefined when the booker is exempt. */
export function latestDateAllowed(context: Pick<BookingRuleContext, 'rules' | 'today' | 'bookerIsAdmin'>) {
  if (context.bookerIsAdmin && context.rules.adminsExempt) return undefined;
  return addDays(context.today, context.rules.maxDaysAhead);
}

/** "this morning", "on the afternoon of Tuesday, 1 December 2026", "all day today". */
function when(date: string, slot: TimeSlot, today: string): string {
  const day = date === today ? 'today' : date === addDays(today, 1) ? 'tomorrow' : `on ${formatLongDate(date)}`;
  if (slot === 'full-day') return `all day ${day}`;
  if (date === today) return `this ${slot}`;
  if (date === addDays(today, 1)) return `tomorrow ${slot}`;
  return `${day}, ${slotLabel(slot)}`;
}

function daysWord(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

export const bookingRuleMessages = {
  onePerPersonPerSlot: (person: string | null, deskName: string, date: string, slot: TimeSlot, today: string) =>
    `${person ?? 'You'} already ${person ? 'has' : 'have'} ${deskName} ${when(date, slot, today)}`,
  advanceWindow: (maxDaysAhead: number, latest: string) =>
    maxDaysAhead === 0
      ? 'Bookings open on the day itself: only today can be booked'
      : `Bookings open ${daysWord(maxDaysAhead)} ahead: choose a date until ${formatLongDate(latest)}`,
  weeklyQuota: (person: string | null, quota: number, date: string, today: string) =>
    person
      ? `${person} has booked their ${daysWord(quota)} ${weekOf(date, today)}`
      : `You have booked your ${daysWord(quota)} ${weekOf(date, today)}`,
  /** A non-admin booking on a day the desk's site is closed (issue 28): the same sentence wherever it is made. */
  nonWorkingDay: siteMessages.nonWorkingDay,
  /** A series asks for more new days than the quota leaves: says how many are left, never that they are booked. */
  weeklyQuotaLeft: (person: string | null, left: number, asked: number, date: string, today: string) =>
    `${person ?? 'You'} can book only ${left === 1 ? '1 more day' : `${left} more days`} ${weekOf(date, today)}, not ${asked}`,
};

/** 'this week', or 'in the week of Monday, 7 December 2026'. */
function weekOf(date: string, today: string): string {
  return weekStartOf(date) === weekStartOf(today) ? 'this week' : `in the week of ${formatLongDate(weekStartOf(date))}`;
}

/**
 * The quota's sentence for a request refused in its week. The days the person held before count as booked; the days
 * the same request list asks for do not (they are not booked yet): with fewer held days than the quota, the sentence
 * says how many are left of how many asked.
 */
function quotaRefusal(
  requests: readonly RequestedBooking[],
  context: BookingRuleContext,
  quota: number,
  date: string,
): string {
  const week = weekStartOf(date);
  const heldDays = new Set(
    context.held.filter((booking) => weekStartOf(booking.bookingDate) === week).map((booking) => booking.bookingDate),
  );
  if (heldDays.size >= quota) return bookingRuleMessages.weeklyQuota(context.personName, quota, date, context.today);
  const askedDays = new Set(
    requests
      .map((request) => request.bookingDate)
      .filter((bookingDate) => weekStartOf(bookingDate) === week && !heldDays.has(bookingDate)),
  );
  return bookingRuleMessages.weeklyQuotaLeft(
    context.personName,
    quota - heldDays.size,
    askedDays.size,
    date,
    context.today,
  );
}

/**
 * Judges bookings asked for together (one, or a weekly series) against the rules, as if made in order: each counts
 * against the others. Answers the first refusal, or null when every one may be made. The past and the two-year
 * horizon are judged elsewhere (horizon.ts), permanent bookings not at all: they are desk blocks.
 */
export function judgeBookings(
  requests: readonly RequestedBooking[],
  context: BookingRuleContext,
): BookingRefusal | null {
  const { rules, personName } = context;
  const quota = context.bookerIsAdmin && rules.adminsExempt ? null : rules.maxBookingsPerWeek;
  const held: HeldBooking[] = [...context.held];
  for (const request of requests) {
    const site = request.site ?? context.site;
    const today = site?.today ?? context.today;
    const checkIn = site
      ? {
          ...context.checkIn,
          timeZone: site.timeZone,
          dayStart: site.dayStart,
          midday: site.midday,
          dayEnd: site.dayEnd,
        }
      : context.checkIn;
    const latest = latestDateAllowed({ ...context, today });
    // Nobody could check it in, and the release job would end it at its next pass: no exemption makes sense of it.
    const missed = missedCheckIn(request, checkIn, personName);
    if (missed) return { rule: 'check-in-closed', bookingDate: request.bookingDate, message: missed };
    // The office is closed that day: admins may still book it (a Saturday event), whatever the exemption says.
    if (site && !context.bookerIsAdmin && !isWorkingDay(site, request.bookingDate)) {
      return {
        rule: 'working-days',
        bookingDate: request.bookingDate,
        message: bookingRuleMessages.nonWorkingDay(request.bookingDate, site.name),
      };
    }
    // A neighbourhood kept for teams, on its days: for their members; admins are exempt when the rules say so.
    if (!(context.bookerIsAdmin && rules.adminsExempt)) {
      const kept = neighbourhoodRefusal(
        request.deskName,
        request.bookingDate,
        request.neighbourhood,
        context.personTeamIds ?? [],
      );
      if (kept) return { rule: 'neighbourhood', bookingDate: request.bookingDate, message: kept };
    }
    if (latest !== undefined && request.bookingDate > latest) {
      return {
        rule: 'advance-window',
        bookingDate: request.bookingDate,
        message: bookingRuleMessages.advanceWindow(rules.maxDaysAhead, latest),
      };
    }
    if (rules.onePerPersonPerSlot) {
      // The same desk again is no second desk: its own exclusion constraint answers that ("already booked").
      const clash = held.find(
        (booking) =>
          booking.deskId !== request.deskId &&
          booking.bookingDate === request.bookingDate &&
          slotsOverlap(booking.timeSlot, request.timeSlot),
      );
      if (clash) {
        return {
          rule: 'one-desk-per-person',
          bookingDate: request.bookingDate,
          message: bookingRuleMessages.onePerPersonPerSlot(
            personName,
            clash.deskName,
            clash.bookingDate,
            clash.timeSlot,
            today,
          ),
        };
      }
    }
    if (quota !== null) {
      const week = weekStartOf(request.bookingDate);
      const days = new Set(
        held.filter((booking) => weekStartOf(booking.bookingDate) === week).map((booking) => booking.bookingDate),
      );
      if (!days.has(request.bookingDate) && days.size >= quota) {
        return {
          rule: 'weekly-quota',
          bookingDate: request.bookingDate,
          message: quotaRefusal(requests, { ...context, today }, quota, request.bookingDate),
        };
      }
    }
    held.push(request);
  }
  return null;
}

/** Whether judging needs the person's bookings at all (else the server skips reading them). */
export function needsHeldBookings(rules: BookingLimits, bookerIsAdmin: boolean): boolean {
  return rules.onePerPersonPerSlot || (rules.maxBookingsPerWeek !== null && !(bookerIsAdmin && rules.adminsExempt));
}

import { type BookingRefusal, type BookingRuleContext, judgeBookings, type RequestedBooking } from './booking-rules.ts';
import { bookingMessages, type TimeSlot, takenDaysSentence } from './bookings.ts';
import type { WeeklyAvailabilityView } from './bookings-responses.ts';
import { formatLongDate } from './dates.ts';
import type { NeighbourhoodRestriction } from './neighbourhoods.ts';
import { remainingWorkingDays } from './site-times.ts';
import { defaultWorkingDays, describeWorkingDays } from './sites.ts';

// What Book Desk says of "Book for the rest of the week" (issue 27): one judgement that picks the days, the desk and
// every sentence together, so that the form never says two things at once (a quota refusal beside "free every day").
// The server books the same days (remainingWorkingDays of the desk's site) and judges them with the same judgeBookings when the series is
// sent; this function only explains beforehand.

export type WeeklyBookingKind =
  /** A Saturday or Sunday: no weekday is left in its week. */
  | 'no-weekdays'
  /** The week's availability or the rules and the person's bookings are still being read. */
  | 'checking'
  /** The desk is free on every day: it is booked. */
  | 'free'
  /** The desk is taken on some day, other desks are free on all: the chosen one (the first by default) is booked. */
  | 'alternative'
  /** A booking rule refuses the series, whatever the desk. */
  | 'refused'
  /** The desk is taken on some day and no other desk is free on all of them. */
  | 'none';

export interface WeeklyBookingPlan {
  kind: WeeklyBookingKind;
  /** The days the series covers: the remaining weekdays of the date's week, the date included. */
  dates: string[];
  /** The desk the series books; null when nothing may be booked (yet). */
  deskId: string | null;
  /** The sentences to show, in order; the only ones the form says about the week. */
  lines: string[];
  /** The desks to choose from when the chosen one is taken ('alternative' only). */
  alternatives: WeeklyAvailabilityView['alternatives'];
  /** The rule that refuses the series ('refused' only). */
  refusal: BookingRefusal | null;
}

export interface WeeklyBookingInput {
  /** The chosen date: the first day of the series. */
  startDate: string;
  slot: TimeSlot;
  /** The server's weekly check for startDate and slot (days the desk is taken, desks free on all); undefined while read. */
  availability: WeeklyAvailabilityView | undefined;
  /** The alternative the person picked from the list, if any (else the first is offered, as the spec says). */
  chosenAlternativeId?: string | undefined;
  /** The rules, the person's bookings of the week and check-in, as judgeBookings takes them; undefined while read. */
  rules: BookingRuleContext | undefined;
  /** The working days of the desk's site (ISO weekdays): the series skips the others. Monday to Friday by default. */
  workingDays?: readonly number[] | undefined;
  /** A desk's neighbourhood when it is kept for teams (issue 29), as far as the caller knows it. */
  neighbourhoodOf?: ((deskId: string) => NeighbourhoodRestriction | undefined) | undefined;
}

export const weeklyBookingMessages = {
  checking: 'Checking the rest of the week…',
  noWeekdays: 'The week has no weekdays left from this date. Choose a date from Monday to Friday.',
  /** The same, at a site whose working days are not Monday to Friday. */
  noWorkingDays: (workingDays: readonly number[]) =>
    `The week has no working days left from this date. Working days are ${describeWorkingDays(workingDays)}.`,
  /** A Friday: the week's last weekday is the whole series, and says so rather than "from Friday to Friday". */
  lastWeekday: (date: string) =>
    `${formatLongDate(date)} is the last weekday of its week: only that day will be booked.`,
} as const;

/** "every day from Monday, 7 December 2026 to Friday, 11 December 2026", or "that day" after lastWeekday's sentence. */
function daysPhrase(dates: readonly string[]): string {
  const first = dates[0] as string;
  const last = dates.at(-1) as string;
  return first === last ? 'that day' : `every day from ${formatLongDate(first)} to ${formatLongDate(last)}`;
}

function plan(kind: WeeklyBookingKind, dates: string[], lines: string[], more: Partial<WeeklyBookingPlan> = {}) {
  return { kind, dates, deskId: null, lines, alternatives: [], refusal: null, ...more } satisfies WeeklyBookingPlan;
}

/**
 * The weekly option's days, desk and sentences for a date and slot: the rules first (a refusal holds for any desk,
 * so no alternative is offered against it), then the desk's days. Never a quota sentence that says days are booked
 * when only the series would book them (judgeBookings counts the person's held days apart from the series').
 */
export function planWeeklyBooking(input: WeeklyBookingInput): WeeklyBookingPlan {
  const workingDays = input.workingDays ?? defaultWorkingDays;
  const dates = remainingWorkingDays(input.startDate, workingDays);
  if (dates.length === 0) {
    const isDefault = describeWorkingDays(workingDays) === describeWorkingDays(defaultWorkingDays);
    const sentence = isDefault ? weeklyBookingMessages.noWeekdays : weeklyBookingMessages.noWorkingDays(workingDays);
    return plan('no-weekdays', dates, [sentence]);
  }
  const { availability, rules } = input;
  if (!availability || !rules) return plan('checking', dates, [weeklyBookingMessages.checking]);
  const oneDay = dates.length === 1 ? [weeklyBookingMessages.lastWeekday(input.startDate)] : [];
  const original = availability.originalDesk;
  const alternatives = availability.alternatives;
  const chosen = original.available
    ? original
    : (alternatives.find((desk) => desk.id === input.chosenAlternativeId) ?? alternatives[0] ?? original);

  const seriesOn = (desk: { id: string; name: string }, days: readonly string[]): RequestedBooking[] =>
    days.map((bookingDate) => ({
      deskId: desk.id,
      deskName: desk.name,
      bookingDate,
      timeSlot: input.slot,
      neighbourhood: input.neighbourhoodOf?.(desk.id),
    }));
  const refusal = judgeBookings(seriesOn(chosen, dates), rules);
  if (refusal) {
    // Individual days are worth trying when the first alone may be booked (a later day or the quota's count refused).
    const firstAlone = dates.length > 1 && judgeBookings(seriesOn(chosen, dates.slice(0, 1)), rules) === null;
    const sentence = refusal.message.endsWith('.') ? refusal.message : `${refusal.message}.`;
    return plan('refused', dates, [sentence, ...(firstAlone ? [bookingMessages.tryIndividualDays] : [])], {
      refusal,
    });
  }
  if (original.available) {
    return plan('free', dates, [...oneDay, `${original.name} is free ${daysPhrase(dates)}.`], {
      deskId: original.id,
    });
  }
  const taken = `${takenDaysSentence(original.name, original.takenDates)}.`;
  if (alternatives.length === 0) {
    return plan('none', dates, [
      ...oneDay,
      taken,
      bookingMessages.noAlternatives,
      ...(dates.length > 1 ? [bookingMessages.tryIndividualDays] : []),
    ]);
  }
  return plan('alternative', dates, [...oneDay, taken, `Book another desk that is free ${daysPhrase(dates)}:`], {
    deskId: chosen.id,
    alternatives,
  });
}

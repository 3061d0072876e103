import {
  type BookingRefusal,
  type BookingRuleContext,
  type HeldBooking,
  judgeBookings,
  type RequestedBooking,
} from '#domain/booking-rules.ts';
import type { TimeSlot } from '#domain/bookings.ts';
import { timeSlots } from '#domain/bookings.ts';
import type { SharedBookingView } from '#domain/bookings-responses.ts';

// What Book Desk asks the domain's judgeBookings before anyone clicks: the same judgement the server makes inside
// the booking's transaction, on the bookings the browser has read.

/** What the rules count of an organization's bookings: the person's active one-off ones (permanent ones are blocks). */
export function heldBookingsOf(bookings: readonly SharedBookingView[], personId: string): HeldBooking[] {
  return bookings
    .filter((booking) => booking.userId === personId && booking.status === 'active' && !booking.isPermanent)
    .map((booking) => ({
      deskId: booking.deskId,
      deskName: booking.desk.name,
      bookingDate: booking.bookingDate,
      timeSlot: booking.timeSlot,
    }));
}

export type SlotRefusals = Readonly<Record<TimeSlot, BookingRefusal | null>>;

/** Each slot judged by what choosing it would ask for: one booking, or a week's series judged as one request list. */
export function judgeSlots(
  requestsFor: (slot: TimeSlot) => readonly RequestedBooking[],
  context: BookingRuleContext,
): SlotRefusals {
  return {
    'full-day': judgeBookings(requestsFor('full-day'), context),
    morning: judgeBookings(requestsFor('morning'), context),
    afternoon: judgeBookings(requestsFor('afternoon'), context),
  };
}

/** Rules that refuse a date whatever its slot: the advance window, and a neighbourhood kept for teams (issue 29). */
const dateRules = new Set<BookingRefusal['rule']>(['advance-window', 'neighbourhood']);

/**
 * The refusal that is the date's, not a slot's: the advance window refuses the chosen date itself whatever the slot,
 * and so does a neighbourhood kept for teams on that day ("D12 is kept for Engineering on Tuesdays").
 * A series refused on a later day of its week is the slots' problem, not the date's.
 */
export function dateRefusalOf(refusals: SlotRefusals, date: string): BookingRefusal | undefined {
  return (
    timeSlots
      .map((slot) => refusals[slot])
      .find((refusal) => refusal !== null && dateRules.has(refusal.rule) && refusal.bookingDate === date) ?? undefined
  );
}

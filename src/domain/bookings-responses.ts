import { bookingStatuses, type DeskAvailability, type SlotAvailability, timeSlots } from './bookings.ts';
import { bookingEndReasons } from './check-in.ts';
import { releaseSchema } from './releases.ts';
import { z } from './zod.ts';

// What the booking calls answer: one contract for the server's serialization, the OpenAPI document and the browser's
// reads. The requests and the rules stay in bookings.ts, which imports nothing from here (so no cycle ties them).

/** Spec section 3, Booking: what every booking call answers. */
export const bookingSchema = z.object({
  id: z.string(),
  deskId: z.string(),
  desk: z.object({ name: z.string(), floor: z.object({ name: z.string() }) }),
  userId: z.string(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  bookingDate: z.string(),
  timeSlot: z.enum(timeSlots),
  status: z.enum(bookingStatuses),
  notes: z.string().nullable(),
  isPermanent: z.boolean(),
  organizationId: z.string(),
  /** The site of the booking's desk (issue 28): its zone and office hours give the booking its real times. */
  siteId: z.string(),
  /** The site's IANA time zone. */
  timeZone: z.string(),
  /** 'HH:MM' on the site's wall clock: the slot's hours at the desk's site. */
  startTime: z.string(),
  endTime: z.string(),
  /** The slot's instants, ISO 8601 with the site's offset that day ("2026-11-30T09:00:00+09:00"); a permanent booking's first day's. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** When the person checked in (ISO instant), or null (issue 16). */
  checkedInAt: z.string().nullable(),
  /** Null while active; why it ended otherwise: cancelled by someone, or released because nobody checked in. */
  endReason: z.enum(bookingEndReasons).nullable(),
  /** Made on the spot with "Sit here". */
  isWalkIn: z.boolean(),
  /**
   * Permanent bookings only (absent on one-off ones, which the day read sends by the hundred): made for a person
   * (`userId`), that person's assigned desk (issue 29).
   */
  isAssigned: z.boolean().optional(),
  /** Permanent bookings only: the released days, on which others may book the desk (issue 29). */
  releases: z.array(releaseSchema).optional(),
});
export type BookingView = z.infer<typeof bookingSchema>;

/** GET /api/users/bookings: the caller's own bookings. */
export const bookingListSchema = z.array(bookingSchema);

/**
 * A booking in a read shared by the organization (the day read, a desk's day): when the organization hides names
 * (issue 29, src/domain/privacy.ts), a member sees other people's bookings with userId, user and notes null.
 */
export const sharedBookingSchema = bookingSchema.extend({
  userId: z.string().nullable(),
  user: bookingSchema.shape.user.nullable(),
});
export type SharedBookingView = z.infer<typeof sharedBookingSchema>;

/** GET /api/organizations/{id}/bookings (the day read). */
export const sharedBookingListSchema = z.array(sharedBookingSchema);

/** POST /api/bookings/bulk: the weekly series, created all at once. */
export const bulkBookingResponseSchema = z.object({ message: z.string(), bookings: bookingListSchema });
export type BulkBookingResponse = z.infer<typeof bulkBookingResponseSchema>;

const slotState = z.enum(['available', 'booked'] as const satisfies readonly SlotAvailability[]);

/** GET /api/desks/{deskId}/availability?date */
export const deskAvailabilitySchema = z.object({
  deskId: z.string(),
  date: z.string(),
  status: z.enum(['available', 'partial', 'booked'] as const satisfies readonly DeskAvailability[]),
  slots: z.object({ 'full-day': slotState, morning: slotState, afternoon: slotState }),
  bookings: sharedBookingListSchema,
});
export type DeskAvailabilityView = z.infer<typeof deskAvailabilitySchema>;

/** POST /api/desks/weekly-availability answers this: the one contract of the server's reply and the browser's read. */
export const weeklyAvailabilityResponseSchema = z.object({
  originalDesk: z.object({
    id: z.string(),
    name: z.string(),
    available: z.boolean(),
    /** The dates of `dates` on which the desk is taken in the slot: empty exactly when it is available. */
    takenDates: z.array(z.string()),
  }),
  alternatives: z.array(
    z.object({ id: z.string(), name: z.string(), floor: z.object({ id: z.string(), name: z.string() }) }),
  ),
  dates: z.array(z.string()),
});
export type WeeklyAvailabilityView = z.infer<typeof weeklyAvailabilityResponseSchema>;

/** DELETE /api/organizations/{id}/users/{userId}/bookings */
export const cancelledBookingsSchema = z.object({ message: z.string(), cancelledCount: z.number() });
export type CancelledBookings = z.infer<typeof cancelledBookingsSchema>;

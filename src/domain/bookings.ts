import { addDays, formatLongDate, isIsoDate } from './dates.ts';
import { z } from './zod.ts';

/** Spec section 9: the three slots, local to the organization. */
export const timeSlots = ['full-day', 'morning', 'afternoon'] as const;
export type TimeSlot = (typeof timeSlots)[number];

export const slotTimes: Record<TimeSlot, { start: string; end: string }> = {
  'full-day': { start: '09:00', end: '18:00' },
  morning: { start: '09:00', end: '13:00' },
  afternoon: { start: '13:00', end: '18:00' },
};

export const bookingStatuses = ['active', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export type DeskAvailability = 'available' | 'partial' | 'booked';
export type SlotAvailability = 'available' | 'booked';

export const maxBulkBookings = 31;
export const maxBookingRangeDays = 366;
export const maxNotesLength = 500;

export const bookingMessages = {
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a calendar date such as 2026-11-23',
  slotRequired: 'Please select a time slot',
  notesTooLong: `Notes must be at most ${maxNotesLength} characters`,
  notesCharacters: 'Notes contain characters that are not allowed',
  pastDate: 'Bookings can only be made for today or later',
  /** The Book Desk form's word for a typed past date: what to do about it. */
  choosePresentDate: 'Choose today or a later date: past days cannot be booked',
  alreadyBooked: 'Desk is already booked for this time slot',
  noAlternatives: 'No available desks for the full week',
  tryIndividualDays: 'Try booking individual days instead',
} as const;

/** A full-day slot label shows dashes as spaces (spec section 2): 'full day', 'morning', 'afternoon'. */
export function slotLabel(slot: TimeSlot): string {
  return slot.replaceAll('-', ' ');
}

/** 'HH:MM' as minutes after midnight. */
function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
}

interface Interval {
  start: number;
  end: number;
}

/** A slot on a date as minutes since 1970-01-01 00:00 local time. */
function slotInterval(date: string, slot: TimeSlot): Interval {
  const day = dayNumber(date) * 1440;
  return { start: day + minutesOf(slotTimes[slot].start), end: day + minutesOf(slotTimes[slot].end) };
}

/** What a booking needs for availability; rows from the database and the browser's bookings both fit. */
export interface BookingOccupancy {
  bookingDate: string;
  timeSlot: TimeSlot;
  status: BookingStatus;
  isPermanent: boolean;
  /** An assigned desk's released days (issue 29, releases.ts): on them the permanent booking does not hold its desk. */
  releases?: readonly ReleasedDays[] | undefined;
}

/** Whole days, both ends included, that a permanent booking gave up (migration 0027). */
export interface ReleasedDays {
  startDate: string;
  endDate: string;
}

/** Whether a date lies in one of the released ranges (what bookings.occupied subtracts). */
export function isDateReleased(releases: readonly ReleasedDays[] | undefined, date: string): boolean {
  return releases?.some((release) => release.startDate <= date && date <= release.endDate) ?? false;
}

/**
 * The time a booking holds its desk, exactly as the database's `occupied` column and exclusion
 * constraint see it: its slot on its date, or, for a permanent booking, from its slot's start on.
 */
function occupiedInterval(booking: BookingOccupancy): Interval {
  const slot = slotInterval(booking.bookingDate, booking.timeSlot);
  return booking.isPermanent ? { start: slot.start, end: Number.POSITIVE_INFINITY } : slot;
}

/**
 * Spec section 4: only active bookings count, on their own date, and permanent ones on every date from theirs on, less
 * the days their owner released (issue 29).
 */
export function countsOnDate(booking: BookingOccupancy, date: string): boolean {
  if (booking.status !== 'active') return false;
  if (booking.bookingDate === date && !booking.isPermanent) return true;
  return booking.isPermanent && booking.bookingDate <= date && !isDateReleased(booking.releases, date);
}

/** The bookings that count on a date, by desk (desks without any are absent). */
export function bookingsByDeskOn<T extends BookingOccupancy & { deskId: string }>(
  bookings: readonly T[],
  date: string,
): Map<string, T[]> {
  const byDesk = new Map<string, T[]>();
  for (const booking of bookings) {
    if (!countsOnDate(booking, date)) continue;
    const list = byDesk.get(booking.deskId);
    if (list) list.push(booking);
    else byDesk.set(booking.deskId, [booking]);
  }
  return byDesk;
}

/** Each slot of a date is booked when any counted booking overlaps it (full day overlaps both halves). */
export function slotAvailabilityOn(
  bookings: readonly BookingOccupancy[],
  date: string,
): Record<TimeSlot, SlotAvailability> {
  const held = bookings.filter((booking) => countsOnDate(booking, date)).map(occupiedInterval);
  const statusOf = (slot: TimeSlot): SlotAvailability => {
    const wanted = slotInterval(date, slot);
    return held.some((interval) => interval.start < wanted.end && wanted.start < interval.end) ? 'booked' : 'available';
  };
  return { 'full-day': statusOf('full-day'), morning: statusOf('morning'), afternoon: statusOf('afternoon') };
}

/**
 * Spec section 4: no counted bookings, available; any full day, or a morning and an afternoon, booked;
 * otherwise partial. A permanent booking holds the desk from its slot's start on (that is what the
 * database guarantees), so on its later dates it counts as a full day.
 */
export function deskAvailabilityOn(bookings: readonly BookingOccupancy[], date: string): DeskAvailability {
  if (!bookings.some((booking) => countsOnDate(booking, date))) return 'available';
  const slots = slotAvailabilityOn(bookings, date);
  return slots.morning === 'booked' && slots.afternoon === 'booked' ? 'booked' : 'partial';
}

/** Monday to Friday. */
export function isWeekday(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

/** The weekdays of startDate's week (Monday to Sunday) from startDate on: none when it is a Saturday or Sunday. */
export function remainingWeekdays(startDate: string): string[] {
  const dates: string[] = [];
  for (let date = startDate; isWeekday(date); date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Whole days from startDate to endDate, both counted. */
export function daysBetween(startDate: string, endDate: string): number {
  return dayNumber(endDate) - dayNumber(startDate) + 1;
}

// Tabs and line breaks are fine in notes (a text area); other control characters, NUL above all, are not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const notesControlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A YYYY-MM-DD date; an empty one is missing. */
export const isoDateSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .refine((value) => isIsoDate(value) && value >= '1900-01-01', bookingMessages.dateInvalid);

export const bookingDateSchema = isoDateSchema(bookingMessages.dateRequired);
export const timeSlotSchema = z.enum(timeSlots, { error: bookingMessages.slotRequired });

// Ids are checked for shape by the server, which answers 404 for one it cannot find.
const idSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(100, `${label} is not valid`);

const notesSchema = z
  .string({ error: 'Notes must be text' })
  .max(maxNotesLength, bookingMessages.notesTooLong)
  .refine((value) => !notesControlCharacters.test(value), bookingMessages.notesCharacters)
  .transform((value) => value.trim() || null)
  .nullish();

/** The Book Desk form (spec section 5). */
export const bookingFormSchema = z.object({
  bookingDate: bookingDateSchema,
  timeSlot: timeSlotSchema,
  notes: notesSchema,
  isPermanent: z.boolean({ error: 'Permanent must be true or false' }).optional(),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** POST /api/bookings */
export const createBookingSchema = bookingFormSchema.extend({
  organizationId: idSchema('Organization'),
  deskId: idSchema('Desk'),
  /** Whom the booking is for: an admin books for a member of the organization; others only for themselves. */
  userId: idSchema('Member').optional(),
  /** An admin's confirmation that a permanent booking may cancel the desk's conflicting bookings. */
  replaceConflicts: z.boolean({ error: 'Replace conflicts must be true or false' }).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

/** POST /api/bookings/bulk: a weekly series, all or nothing. */
export const bulkBookingSchema = z.object({
  organizationId: idSchema('Organization'),
  /** Whom the bookings are for (admins only), as in POST /api/bookings. */
  userId: idSchema('Member').optional(),
  bookings: z
    .array(
      z.object({
        deskId: idSchema('Desk'),
        bookingDate: bookingDateSchema,
        timeSlot: timeSlotSchema,
        notes: notesSchema,
      }),
      { error: 'Bookings must be a list' },
    )
    .min(1, 'Choose at least one booking')
    .max(maxBulkBookings, `Choose at most ${maxBulkBookings} bookings at once`),
});
export type BulkBookingInput = z.infer<typeof bulkBookingSchema>;

/** POST /api/desks/weekly-availability */
export const weeklyAvailabilitySchema = z.object({
  organizationId: idSchema('Organization'),
  deskId: idSchema('Desk'),
  startDate: isoDateSchema('Start date is required'),
  timeSlot: timeSlotSchema,
});
export type WeeklyAvailabilityInput = z.infer<typeof weeklyAvailabilitySchema>;

/** GET /api/organizations/{id}/bookings?startDate&endDate */
export const bookingRangeSchema = z
  .object({
    startDate: isoDateSchema('Start date is required'),
    endDate: isoDateSchema('End date is required'),
  })
  .superRefine((range, context) => {
    if (range.endDate < range.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must not be before the start date' });
    } else if (daysBetween(range.startDate, range.endDate) > maxBookingRangeDays) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `The date range must be at most ${maxBookingRangeDays} days`,
      });
    }
  });

/** GET /api/desks/{deskId}/availability?date */
export const deskAvailabilityQuerySchema = z.object({ date: bookingDateSchema });

/** GET /api/users/bookings?organizationId */
export const userBookingsQuerySchema = z.object({ organizationId: idSchema('Organization') });

// What the browser explains before anything is sent (issue 14): the date field, a full desk, the taken weekdays,
// what a click on a desk opens, and the order of My Bookings.

/** The Book Desk form's date problem as soon as a date is typed (the horizon is horizon.ts's), or undefined. */
export function bookingDateFieldProblem(date: string, today: string): string | undefined {
  const parsed = bookingDateSchema.safeParse(date);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? bookingMessages.dateInvalid;
  return date < today ? bookingMessages.choosePresentDate : undefined;
}

/** No slot of the desk is left on the date: not even a half day can be booked. */
export function isFullyBooked(slots: Readonly<Record<TimeSlot, SlotAvailability>>): boolean {
  return timeSlots.every((slot) => slots[slot] === 'booked');
}

export function fullyBookedMessage(deskName: string, date: string): string {
  return `${deskName} is fully booked on ${formatLongDate(date)}. Choose another date or another desk.`;
}

/** The dates on which the slot is taken, as the database would refuse them. */
export function takenDatesOf(
  bookings: readonly BookingOccupancy[],
  dates: readonly string[],
  slot: TimeSlot,
): string[] {
  return dates.filter((date) => slotAvailabilityOn(bookings, date)[slot] === 'booked');
}

const weekdayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** 'D03 is taken on Tuesday and Thursday': the dates lie in one week, so their weekdays name them. */
export function takenDaysSentence(deskName: string, takenDates: readonly string[]): string {
  const days = takenDates.map((date) => weekdayName.format(new Date(`${date}T00:00:00Z`)));
  const last = days.pop();
  if (!last) return `${deskName} is free every day`;
  return `${deskName} is taken on ${days.length > 0 ? `${days.join(', ')} and ${last}` : last}`;
}

/** A booking as the desk dialog reads it: whose and on which desk. */
export interface HeldBooking extends BookingOccupancy {
  deskId: string;
  /** Null for someone else's booking when the organization hides names (issue 29). */
  userId: string | null;
}

/**
 * What clicking a desk opens on a date: the user's own bookings there (with the half day still free, if any), the
 * permanent booking that blocks it (which an admin or its holder may release), or the Book Desk form. Someone's own
 * booking wins over a permanent one that starts that afternoon: it is the one they can do something about.
 */
export type DeskDialogState<B extends HeldBooking> =
  | { kind: 'yours'; bookings: B[]; freeSlot: 'morning' | 'afternoon' | null }
  | { kind: 'blocked'; booking: B; canRelease: boolean }
  | { kind: 'book' };

export function deskDialogStateOn<B extends HeldBooking>(
  dayBookings: readonly B[],
  place: { deskId: string; date: string; currentUserId: string; isAdmin: boolean },
): DeskDialogState<B> {
  const counted = dayBookings.filter((booking) => booking.deskId === place.deskId && countsOnDate(booking, place.date));
  const yours = counted
    .filter((booking) => booking.userId === place.currentUserId && !booking.isPermanent)
    .sort((a, b) => slotTimes[a.timeSlot].start.localeCompare(slotTimes[b.timeSlot].start));
  if (yours.length > 0) {
    const slots = slotAvailabilityOn(counted, place.date);
    const freeSlot = slots.morning === 'available' ? 'morning' : slots.afternoon === 'available' ? 'afternoon' : null;
    return { kind: 'yours', bookings: yours, freeSlot };
  }
  const permanent = counted.find((booking) => booking.isPermanent);
  if (permanent) {
    return {
      kind: 'blocked',
      booking: permanent,
      canRelease: place.isAdmin || permanent.userId === place.currentUserId,
    };
  }
  return { kind: 'book' };
}

/**
 * My Bookings' order: what still lies ahead first, soonest first, with permanent bookings at the very top (they
 * are in force today, so nothing is sooner); then the past and the cancelled, newest first.
 */
export function sortMyBookings<B extends BookingOccupancy>(bookings: readonly B[], today: string): B[] {
  const group = (booking: B) => {
    if (booking.status !== 'active') return 2;
    if (booking.isPermanent) return 0;
    return booking.bookingDate >= today ? 1 : 2;
  };
  const start = (booking: B) => `${booking.bookingDate} ${slotTimes[booking.timeSlot].start}`;
  return [...bookings].sort((a, b) => {
    const byGroup = group(a) - group(b);
    if (byGroup !== 0) return byGroup;
    return group(a) === 2 ? start(b).localeCompare(start(a)) : start(a).localeCompare(start(b));
  });
}

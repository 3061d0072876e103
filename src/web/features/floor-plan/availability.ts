import { type BookingOccupancy, bookingsByDeskOn } from '#domain/bookings.ts';
import { type DeskStatus, deskStatusOn as deskAvailability } from '#domain/desk-list.ts';

/** Spec section 4 with a permanent booking shown as BLOCKED: the domain's deskStatusOn, by the map's name. */
export { deskAvailability };

/** Spec section 1: green available, orange partial, red booked, dark red BLOCKED for a permanent booking. */
export type DeskAvailability = DeskStatus;

/** The parts of a booking that decide a desk's availability. */
export interface AvailabilityBooking extends BookingOccupancy {
  deskId: string;
}

export const availabilityLabels: Record<DeskAvailability, string> = {
  available: 'Available',
  partial: 'Partially booked',
  booked: 'Booked',
  blocked: 'Blocked, permanent',
};

/** Every desk's availability on a date; desks without bookings are available. */
export function availabilityByDesk(
  deskIds: readonly string[],
  bookings: readonly AvailabilityBooking[],
  date: string,
): Map<string, DeskAvailability> {
  const byDesk = bookingsByDeskOn(bookings, date);
  return new Map(deskIds.map((id) => [id, deskAvailability(byDesk.get(id) ?? [], date)]));
}

export interface DeskStatistics {
  total: number;
  available: number;
  partial: number;
  booked: number;
  /** Whole percent of desk time taken: a booked desk counts fully, a half-booked one half. */
  utilization: number;
}

/**
 * Today's Statistics: a permanently blocked desk counts as booked; a desk out of service counts only when it still has
 * a booking on the date (made before it went out of service), since nobody can take it otherwise.
 */
export function summariseAvailability(
  desks: readonly { id: string; bookable: boolean }[],
  bookings: readonly AvailabilityBooking[],
  date: string,
): DeskStatistics {
  let available = 0;
  let partial = 0;
  let booked = 0;
  let total = 0;
  const byDesk = bookingsByDeskOn(bookings, date);
  for (const desk of desks) {
    const held = byDesk.get(desk.id) ?? [];
    if (!desk.bookable && held.length === 0) continue;
    total += 1;
    const state = deskAvailability(held, date);
    if (state === 'available') available += 1;
    else if (state === 'partial') partial += 1;
    else booked += 1;
  }
  const utilization = total === 0 ? 0 : Math.round(((booked + partial / 2) / total) * 100);
  return { total, available, partial, booked, utilization };
}

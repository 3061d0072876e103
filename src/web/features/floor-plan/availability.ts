import { type BookingOccupancy, countsOnDate, deskAvailabilityOn } from '../../../domain/bookings.ts';

/** Spec section 1: green available, orange partial, red booked, dark red BLOCKED for a permanent booking. */
export type DeskAvailability = 'available' | 'partial' | 'booked' | 'blocked';

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

/** Spec section 4 (the domain's rules), with a permanent booking shown as BLOCKED. */
export function deskAvailability(bookings: readonly BookingOccupancy[], date: string): DeskAvailability {
  if (bookings.some((booking) => booking.isPermanent && countsOnDate(booking, date))) return 'blocked';
  return deskAvailabilityOn(bookings, date);
}

/** Every desk's availability on a date; desks without bookings are available. */
export function availabilityByDesk(
  deskIds: readonly string[],
  bookings: readonly AvailabilityBooking[],
  date: string,
): Map<string, DeskAvailability> {
  const byDesk = new Map<string, AvailabilityBooking[]>();
  for (const booking of bookings) {
    const list = byDesk.get(booking.deskId);
    if (list) list.push(booking);
    else byDesk.set(booking.deskId, [booking]);
  }
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

/** Today's Statistics: a permanently blocked desk counts as booked. */
export function summariseAvailability(
  deskIds: readonly string[],
  bookings: readonly AvailabilityBooking[],
  date: string,
): DeskStatistics {
  let available = 0;
  let partial = 0;
  let booked = 0;
  for (const state of availabilityByDesk(deskIds, bookings, date).values()) {
    if (state === 'available') available += 1;
    else if (state === 'partial') partial += 1;
    else booked += 1;
  }
  const total = deskIds.length;
  const utilization = total === 0 ? 0 : Math.round(((booked + partial / 2) / total) * 100);
  return { total, available, partial, booked, utilization };
}

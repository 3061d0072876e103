import { displayName } from '#domain/account.ts';
import { slotTimes } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import type { UserRow } from '../accounts/user-row.ts';
import type { BookingRow } from './repo.ts';
import type { NewBooking } from './writes-repo.ts';

// How a booking is shown: the API's view of a row, and what the audit log keeps of it.

export function toBookingView(row: BookingRow): BookingView {
  const times = slotTimes[row.timeSlot];
  return {
    id: row.id,
    deskId: row.deskId,
    desk: { name: row.deskName, floor: { name: row.floorName } },
    userId: row.userId,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    bookingDate: row.bookingDate,
    timeSlot: row.timeSlot,
    status: row.status,
    notes: row.notes,
    isPermanent: row.isPermanent,
    organizationId: row.organizationId,
    startTime: times.start,
    endTime: times.end,
    checkedInAt: row.checkedInAt,
    endReason: row.endReason,
    isWalkIn: row.isWalkIn,
  };
}

/** The view of a booking just made: every part of it is known without reading it back. */
export function toNewBookingView(
  id: string,
  booking: NewBooking,
  desk: { name: string; floorName: string },
  user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
): BookingView {
  return toBookingView({
    ...booking,
    id,
    deskName: desk.name,
    floorName: desk.floorName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: 'active',
    checkedInAt: null,
    endReason: null,
    isWalkIn: false,
  });
}

/** A booking as the audit log keeps it: enough to say whose it was, where and when. */
export function auditedBooking(row: BookingRow) {
  return {
    id: row.id,
    desk: row.deskName,
    bookingDate: row.bookingDate,
    timeSlot: row.timeSlot,
    owner: { name: displayName(row), email: row.email },
  };
}

import { displayName } from '#domain/account.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { bookingTimes } from '#domain/site-times.ts';
import type { UserRow } from '../accounts/user-row.ts';
import type { BookingRow, PlaceSite } from './repo.ts';
import type { NewBooking } from './writes-repo.ts';

// How a booking is shown: the API's view of a row, and what the audit log keeps of it.

export function toBookingView(row: BookingRow): BookingView {
  // The site's hours on the booking's (first) date in the site's zone: written once per site, date and slot.
  const times = bookingTimes(row, row.bookingDate, row.timeSlot);
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
    siteId: row.siteId,
    timeZone: row.timeZone,
    startTime: times.startTime,
    endTime: times.endTime,
    startsAt: times.startsAt,
    endsAt: times.endsAt,
    checkedInAt: row.checkedInAt,
    endReason: row.endReason,
    isWalkIn: row.isWalkIn,
    ...(row.isPermanent ? { isAssigned: row.isAssigned === true, releases: row.releases ?? [] } : {}),
  };
}

/** The view of a booking just made: every part of it is known without reading it back. */
export function toNewBookingView(
  id: string,
  booking: NewBooking,
  desk: { name: string; floorName: string; site: Omit<PlaceSite, 'name' | 'workingDays'> },
  user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
): BookingView {
  const { site } = desk;
  return toBookingView({
    ...booking,
    id,
    siteId: site.id,
    timeZone: site.timeZone,
    dayStart: site.dayStart,
    midday: site.midday,
    dayEnd: site.dayEnd,
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

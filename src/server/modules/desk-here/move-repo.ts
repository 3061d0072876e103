import { sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { isoInstant } from '../bookings/repo.ts';
import { lockDesk } from '../bookings/writes-repo.ts';

// Moving today's booking to the desk one stands at (issue 27): the writes, inside the move's transaction. The
// triggers of migrations 0008 and 0010 announce both changes live and bump both desks' revisions.

/** My active one-off bookings of today on other desks of the organization (a permanent one is never moved). */
export interface MyBookingElsewhereRow {
  id: string;
  deskId: string;
  deskName: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  status: 'active';
  isPermanent: boolean;
}

export function listMyBookingsElsewhere(
  db: Database,
  scope: { organizationId: string; userId: string; exceptDeskId: string; today: string },
): Promise<MyBookingElsewhereRow[]> {
  return rowsOf<MyBookingElsewhereRow>(
    db,
    sql`SELECT b.id, b.desk_id AS "deskId", d.name AS "deskName", b.booking_date::text AS "bookingDate",
        b.time_slot AS "timeSlot", b.status, b.is_permanent AS "isPermanent"
      FROM bookings b JOIN desks d ON d.id = b.desk_id
      WHERE b.user_id = ${scope.userId} AND b.organization_id = ${scope.organizationId} AND b.status = 'active'
        AND b.desk_id <> ${scope.exceptDeskId} AND b.booking_date = ${scope.today}::date AND NOT b.is_permanent
      ORDER BY b.occupied`,
  );
}

/**
 * Takes the write locks of both desks in one global order (by id, as bulk bookings do), so that two moves between
 * the same desks queue instead of deadlocking inside the exclusion check.
 */
export async function lockDesksInOrder(db: Database, deskIds: readonly string[]): Promise<void> {
  for (const deskId of [...new Set(deskIds)].sort()) await lockDesk(db, deskId);
}

/**
 * Ends my active booking for a move: cancelled by me, or a full day shortened to the half it keeps (the morning I sat
 * there when its afternoon moves; the afternoon when its morning moves). False when it is no longer the active booking the move was judged on (cancelled or released meanwhile).
 */
export async function endBookingForMove(
  db: Database,
  booking: { id: string; organizationId: string; userId: string; timeSlot: TimeSlot; keeps: TimeSlot | null },
): Promise<boolean> {
  // Keeping the afternoon, the morning's check-in no longer covers what the row holds: it is checked in again from 12:30.
  const change =
    booking.keeps === 'afternoon'
      ? sql`time_slot = 'afternoon', checked_in_at = NULL`
      : booking.keeps === 'morning'
        ? sql`time_slot = 'morning'`
        : sql`status = 'cancelled', cancelled_at = now(), cancelled_by = ${booking.userId}`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE bookings SET ${change}
      WHERE id = ${booking.id} AND organization_id = ${booking.organizationId} AND user_id = ${booking.userId}
        AND status = 'active' AND time_slot = ${booking.timeSlot} AND NOT is_permanent
      RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * The moved booking on its new desk, under the desk's lock (taken by lockDesksInOrder), checked in at once when its
 * slot is under way. Undefined when the desk is out of service (or gone). The exclusion constraint refuses a taken
 * slot (23P01): the caller says so.
 */
export async function insertMovedBooking(
  db: Database,
  booking: {
    organizationId: string;
    deskId: string;
    userId: string;
    bookingDate: string;
    timeSlot: TimeSlot;
    notes: string | null;
    isCheckedIn: boolean;
  },
): Promise<{ id: string; checkedInAt: string | null } | undefined> {
  const [row] = await rowsOf<{ id: string; checkedInAt: string | null }>(
    db,
    sql`INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, notes, checked_in_at)
      SELECT d.organization_id, d.id, ${booking.userId}::uuid, ${booking.bookingDate}::date, ${booking.timeSlot}::text,
        ${booking.notes}::text, CASE WHEN ${booking.isCheckedIn}::boolean THEN now() END
      FROM desks d WHERE d.id = ${booking.deskId}::uuid AND d.organization_id = ${booking.organizationId}::uuid
        AND d.bookable
      RETURNING id, ${isoInstant(sql`checked_in_at`)} AS "checkedInAt"`,
  );
  return row;
}

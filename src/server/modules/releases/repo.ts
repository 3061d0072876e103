import { sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { type BookingRow, bookingColumns, bookingJoins } from '../bookings/repo.ts';

// Releases of assigned desks (issue 29, migration 0027): rows of booking_releases, whose trigger keeps the booking's
// `released` (and so its `occupied`) in step. Every read starts from the booking and the caller's membership of its
// organization: another organization's booking is not found.

/** A booking as its releases need it: with the caller's role and its desk's site's today. */
export interface ReleaseTarget extends BookingRow {
  role: Role;
  today: string;
  organizationName: string;
  organizationTimeZone: string;
}

export async function findReleaseTarget(
  db: Database,
  bookingId: string,
  callerId: string,
): Promise<ReleaseTarget | undefined> {
  const [row] = await rowsOf<ReleaseTarget>(
    db,
    sql`SELECT ${bookingColumns}, m.role, ((now() AT TIME ZONE s.time_zone)::date)::text AS today,
        o.name AS "organizationName", o.time_zone AS "organizationTimeZone"
      FROM bookings b ${bookingJoins}
        JOIN memberships m ON m.organization_id = b.organization_id AND m.user_id = ${callerId}
        JOIN organizations o ON o.id = b.organization_id
      WHERE b.id = ${bookingId}`,
  );
  return row;
}

/** One release of the booking, whether over or not. */
export async function findRelease(
  db: Database,
  bookingId: string,
  releaseId: string,
): Promise<{ id: string; startDate: string; endDate: string } | undefined> {
  const [row] = await rowsOf<{ id: string; startDate: string; endDate: string }>(
    db,
    sql`SELECT id, start_date::text AS "startDate", end_date::text AS "endDate" FROM booking_releases
      WHERE id = ${releaseId} AND booking_id = ${bookingId}`,
  );
  return row;
}

/** Adds a release; the overlap of another of the booking's is 23P01 (booking_releases_no_overlap). */
export async function insertRelease(
  db: Database,
  release: { bookingId: string; startDate: string; endDate: string; createdBy: string },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO booking_releases (booking_id, start_date, end_date, created_by)
      VALUES (${release.bookingId}, ${release.startDate}::date, ${release.endDate}::date, ${release.createdBy})
      RETURNING id`,
  );
  if (!row) throw new Error('inserted release has no id');
  return row.id;
}

/** Takes the release back: deleted, or (under way) ended on `endDate`. A day someone holds makes it 23P01. */
export async function takeBack(db: Database, releaseId: string, endDate: string | null): Promise<void> {
  await rowsOf(
    db,
    endDate === null
      ? sql`DELETE FROM booking_releases WHERE id = ${releaseId}`
      : sql`UPDATE booking_releases SET end_date = ${endDate}::date WHERE id = ${releaseId}`,
  );
}

/** The first of the dates from `startDate` to `endDate` on which another active booking holds the desk. */
export async function firstTakenDate(
  db: Database,
  booking: { id: string; deskId: string },
  startDate: string,
  endDate: string,
): Promise<string | undefined> {
  const [row] = await rowsOf<{ date: string }>(
    db,
    sql`SELECT o.booking_date::text AS date FROM bookings o
      WHERE o.desk_id = ${booking.deskId} AND o.status = 'active' AND o.id <> ${booking.id}
        AND o.occupied && tsrange(${startDate}::date::timestamp, (${endDate}::date + 1)::timestamp, '[)')
      ORDER BY o.booking_date LIMIT 1`,
  );
  return row?.date;
}

/** The owner of the assigned desk whose released day a new booking took, for the mail. */
export interface ReleasedDayOwner {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The owners of assigned desks that the given bookings (just made, by someone else) took on a released day: one row per
 * booking that did. Read from bookings_with_released_days_idx (migration 0027), which holds only such desks.
 */
export async function findReleasedDayOwners(
  db: Database,
  organizationId: string,
  bookingIds: readonly string[],
): Promise<Array<ReleasedDayOwner & { bookingId: string }>> {
  if (bookingIds.length === 0) return [];
  return rowsOf<ReleasedDayOwner & { bookingId: string }>(
    db,
    sql`SELECT n.id AS "bookingId", u.id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName"
      FROM bookings n
        JOIN bookings p ON p.organization_id = n.organization_id AND p.desk_id = n.desk_id AND p.status = 'active'
          AND p.is_permanent AND p.released <> '{}'::tsmultirange AND p.is_assigned
          AND p.booking_date <= n.booking_date AND p.user_id <> n.user_id
          AND p.released @> (n.booking_date::timestamp + interval '12 hours')
        JOIN users u ON u.id = p.user_id
      WHERE n.organization_id = ${organizationId} AND n.status = 'active'
        AND n.id = ANY (${`{${bookingIds.join(',')}}`}::uuid[])`,
  );
}

import { type SQL, sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import { horizonYears } from '#domain/horizon.ts';
import type { Database } from '#server/db/client.ts';
import { namedStatement, param } from '#server/db/named-statement.ts';
import { rowsOf } from '#server/db/rows.ts';
import {
  type BookingPlace,
  type BookingRow,
  bookingColumns,
  bookingJoins,
  isoInstant,
  type PlaceSite,
} from './repo.ts';

// The bookings module's writes: making a booking (the one-statement placement, the plain insert under the desk's
// lock) and cancelling. The reads are in repo.ts.

export interface NewBooking {
  organizationId: string;
  deskId: string;
  userId: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  notes: string | null;
  isPermanent: boolean;
  /** A permanent booking made for a person (`userId` named): their assigned desk (issue 29). */
  isAssigned?: boolean;
}

// Per-desk transaction lock key. Two transactions that insert overlapping rows at the same moment
// would each wait for the other inside the exclusion check, a deadlock PostgreSQL breaks only after
// deadlock_timeout by failing one of them. Queueing the writers of one desk first turns every race
// into a prompt, clean exclusion violation for all but the first.
const deskLock = (deskId: string | SQL) => sql`pg_advisory_xact_lock(hashtextextended(${deskId}::text, 7471))`;

/** Takes the desk's write lock until the end of the current transaction (re-entrant). */
export async function lockDesk(db: Database, deskId: string): Promise<void> {
  await rowsOf(db, sql`SELECT ${deskLock(deskId)}`);
}

/**
 * Inserts a booking under its desk's lock; answers its id. The exclusion constraint refuses an
 * overlapping active booking (23P01) and the (organization, desk) reference a desk of another
 * organization (23503); the caller maps both.
 */
export async function insertBooking(db: Database, booking: NewBooking): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, notes, is_permanent, is_assigned)
      SELECT ${booking.organizationId}::uuid, ${booking.deskId}::uuid, ${booking.userId}::uuid,
        ${booking.bookingDate}::date, ${booking.timeSlot}::text, ${booking.notes}::text, ${booking.isPermanent}::boolean,
        ${booking.isPermanent && booking.isAssigned === true}::boolean
      FROM (SELECT ${deskLock(booking.deskId)}) AS desk_lock
      RETURNING id`,
  );
  if (!row) throw new Error('inserted booking has no id');
  return row.id;
}

export interface PlacedBooking extends Omit<BookingPlace, 'desk'> {
  desk: (NonNullable<BookingPlace['desk']> & { bookable: boolean; unavailableReason: string | null }) | null;
  /** The new booking's id; null when nothing was inserted (no desk, a past date, or the time already taken). */
  bookingId: string | null;
  /** An active booking of the desk already held the time when the statement began: nothing was tried. */
  isTaken: boolean;
  /** The date is a released day of someone's assigned desk (issue 29): its owner is told when the booking is made. */
  onReleasedDay?: boolean;
  /** A walk-in's check-in, made by the insert itself (ISO instant); null otherwise. */
  checkedInAt: string | null;
  /** The zone the person's mails are written in: their home site's, else the organization's first site's (null: not read). */
  recipientTimeZone: string | null;
}

/** What placeBookingStatement answers: the place found (as findBookingPlace's row) and what the insert did. */
type PlacedRow = Omit<BookingPlace, 'desk'> & {
  deskId: string | null;
  deskName: string;
  floorName: string;
  bookable: boolean;
  unavailableReason: string | null;
  bookingId: string | null;
  isTaken: boolean;
  onReleasedDay: boolean;
  checkedInAt: string | null;
  siteId: string | null;
  siteName: string;
  siteTimeZone: string;
  dayStart: string;
  midday: string;
  dayEnd: string;
  workingDays: number[];
  recipientTimeZone: string;
};

const placeBookingStatement = namedStatement<
  {
    organizationId: string;
    deskId: string | null;
    userId: string;
    bookingDate: string;
    timeSlot: TimeSlot;
    occupied: string;
    notes: string | null;
    mayInsert: boolean;
    isWalkIn: boolean;
    horizonYears: number;
  },
  PlacedRow
>(
  'perch_place_booking',
  sql`WITH place AS (
      SELECT m.role, o.id AS "organizationId", o.name AS "organizationName",
        -- The desk's site's clock judges the date (issue 28); without a desk nothing is inserted.
        coalesce(s.time_zone, o.time_zone) AS "timeZone",
        d.id AS "deskId", d.name AS "deskName", f.name AS "floorName", d.bookable,
        d.unavailable_reason AS "unavailableReason",
        EXISTS (SELECT FROM bookings b WHERE b.desk_id = d.id AND b.status = 'active'
          AND b.occupied && ${param('occupied')}::tsrange) AS "isTaken",
        -- A released day of an assigned desk (migration 0027's small index of such desks): its owner gets a mail.
        EXISTS (SELECT FROM bookings r WHERE r.desk_id = d.id AND r.status = 'active' AND r.is_permanent
          AND r.released <> '{}'::tsmultirange AND r.booking_date <= ${param('bookingDate')}::date
          AND r.released @> (${param('bookingDate')}::date + time '12:00')) AS "onReleasedDay",
        s.id AS "siteId", s.name AS "siteName", s.time_zone AS "siteTimeZone",
        to_char(s.day_start, 'HH24:MI') AS "dayStart", to_char(s.midday, 'HH24:MI') AS "midday",
        to_char(s.day_end, 'HH24:MI') AS "dayEnd", s.working_days AS "workingDays",
        -- The person's mails are written in their home site's zone, else the organization's (its first site's).
        coalesce(hs.time_zone, o.time_zone) AS "recipientTimeZone"
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
        LEFT JOIN desks d ON d.id = ${param('deskId')}::uuid AND d.organization_id = m.organization_id
        LEFT JOIN floors f ON f.id = d.floor_id
        LEFT JOIN sites s ON s.id = f.site_id
        LEFT JOIN sites hs ON hs.id = m.home_site_id
      WHERE m.organization_id = ${param('organizationId')}::uuid AND m.user_id = ${param('userId')}::uuid
    ), inserted AS (
      INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, notes, is_permanent,
        is_walk_in, checked_in_at)
      SELECT place."organizationId", place."deskId", ${param('userId')}::uuid, ${param('bookingDate')}::date,
        ${param('timeSlot')}::text, ${param('notes')}::text, false,
        -- A walk-in ("Sit here" at the desk) is checked in by the insert that makes it.
        ${param('isWalkIn')}::boolean, CASE WHEN ${param('isWalkIn')}::boolean THEN now() END
      FROM place CROSS JOIN LATERAL (
        -- The lock is taken only for a row that will be tried: never to find out that the time is taken.
        SELECT ${deskLock(sql`place."deskId"`)}
        WHERE ${param('mayInsert')}::boolean AND place."deskId" IS NOT NULL AND NOT place."isTaken" AND place.bookable
          AND ${param('bookingDate')}::date >= (now() AT TIME ZONE place."timeZone")::date
          -- The booking horizon of src/domain/horizon.ts, from the site's today.
          AND ${param('bookingDate')}::date
            <= (now() AT TIME ZONE place."timeZone")::date + make_interval(years => ${param('horizonYears')}::int)
      ) AS desk_lock
      RETURNING id, ${isoInstant(sql`checked_in_at`)} AS "checkedInAt"
    )
    SELECT place.*, (SELECT id FROM inserted) AS "bookingId", (SELECT "checkedInAt" FROM inserted) AS "checkedInAt"
    FROM place`,
);

/**
 * A one-off booking in one statement: finds the caller's membership, the organization and the desk with its site (as
 * findBookingPlace does) and, when the desk is the organization's, the date is not past in its site's
 * zone and no active booking of the desk holds `occupied` yet, takes the desk's lock and inserts, as insertBooking
 * does. A time already taken is answered without waiting for the lock, and with `mayInsert` false the statement
 * only looks (decision 013). Undefined for a non-member.
 * The exclusion constraint still decides every race (23P01); a desk deleted meanwhile is 23503; a lock held past
 * the pool's lock_timeout is 55P03. A named prepared statement: planned once per connection (decision 009).
 */
export async function placeBooking(
  db: Database,
  booking: Omit<NewBooking, 'deskId' | 'isPermanent'> & {
    deskId: string | null;
    occupied: string;
    mayInsert: boolean;
    /** Made with "Sit here" at the desk: inserted with is_walk_in and checked in at once. */
    isWalkIn?: boolean;
  },
): Promise<PlacedBooking | undefined> {
  const [row] = await placeBookingStatement.rows(db, {
    organizationId: booking.organizationId,
    deskId: booking.deskId,
    userId: booking.userId,
    bookingDate: booking.bookingDate,
    timeSlot: booking.timeSlot,
    occupied: booking.occupied,
    notes: booking.notes,
    mayInsert: booking.mayInsert,
    isWalkIn: booking.isWalkIn === true,
    horizonYears,
  });
  if (!row) return undefined;
  const {
    deskId,
    deskName,
    floorName,
    bookable,
    unavailableReason,
    bookingId,
    isTaken,
    onReleasedDay,
    checkedInAt,
    siteId,
    siteName,
    siteTimeZone,
    dayStart,
    midday,
    dayEnd,
    workingDays,
    ...membership
  } = row;
  const site: PlaceSite | null = siteId
    ? {
        id: siteId,
        name: siteName,
        timeZone: siteTimeZone,
        dayStart,
        midday,
        dayEnd,
        workingDays: workingDays.map(Number),
      }
    : null;
  return {
    ...membership,
    desk: deskId && site ? { id: deskId, name: deskName, floorName, bookable, unavailableReason, site } : null,
    bookingId,
    isTaken,
    onReleasedDay,
    checkedInAt,
  };
}

/** Cancels the listed bookings that are still active; answers those it cancelled. */
export function cancelBookings(
  db: Database,
  organizationId: string,
  bookingIds: string[],
  cancelledBy: string,
): Promise<BookingRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return rowsOf<BookingRow>(
    db,
    sql`WITH b AS (
      UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = ${cancelledBy}
      WHERE organization_id = ${organizationId} AND id IN ${bookingIds} AND status = 'active'
      RETURNING *
    )
    SELECT ${bookingColumns} FROM b ${bookingJoins} ORDER BY b.booking_date`,
  );
}

/**
 * What cancelling a person's bookings means, wherever it happens (an admin cancelling all of a member's bookings,
 * removing the member, the person deleting their account): every active booking from today on, today being the
 * booking's desk's site's (in its time zone), and every active permanent one, which holds its desk from today on
 * too. Past bookings are history and stay as they were. In one organization, or in every one with
 * `organizationId` null (the account's own deletion). One statement; answers the bookings it cancelled.
 */
export function cancelUpcomingBookingsOfUser(
  db: Database,
  scope: { userId: string; organizationId: string | null; cancelledBy: string },
): Promise<BookingRow[]> {
  const inOrganization =
    scope.organizationId === null ? sql`` : sql`AND bookings.organization_id = ${scope.organizationId}`;
  return rowsOf<BookingRow>(
    db,
    sql`WITH b AS (
      UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = ${scope.cancelledBy}
      FROM desks bd JOIN floors bf ON bf.id = bd.floor_id JOIN sites bs ON bs.id = bf.site_id
      WHERE bd.id = bookings.desk_id AND bookings.user_id = ${scope.userId} ${inOrganization}
        AND bookings.status = 'active'
        AND (bookings.is_permanent OR bookings.booking_date >= (now() AT TIME ZONE bs.time_zone)::date)
      RETURNING bookings.*
    )
    SELECT ${bookingColumns} FROM b ${bookingJoins} ORDER BY b.booking_date`,
  );
}

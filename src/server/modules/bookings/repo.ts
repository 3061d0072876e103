import { type SQL, sql } from 'drizzle-orm';
import type { BookingStatus, TimeSlot } from '../../../domain/bookings.ts';
import { horizonYears } from '../../../domain/horizon.ts';
import type { Role } from '../../../domain/organization.ts';
import type { Database } from '../../db/client.ts';
import { namedStatement, param } from '../../db/named-statement.ts';
import { rowsOf } from '../../db/rows.ts';

/** A booking with the names its view shows (desk, floor, owner), as one joined row. */
export interface BookingRow {
  id: string;
  organizationId: string;
  deskId: string;
  deskName: string;
  floorName: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  status: BookingStatus;
  notes: string | null;
  isPermanent: boolean;
}

export interface NewBooking {
  organizationId: string;
  deskId: string;
  userId: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  notes: string | null;
  isPermanent: boolean;
}

// Dates leave the database as text: both drivers would otherwise turn them into midnight-UTC Date objects.
const bookingColumns = sql`b.id, b.organization_id AS "organizationId", b.desk_id AS "deskId", d.name AS "deskName",
  f.name AS "floorName", b.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
  b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.notes, b.is_permanent AS "isPermanent"`;
const bookingJoins = sql`JOIN desks d ON d.id = b.desk_id JOIN floors f ON f.id = d.floor_id JOIN users u ON u.id = b.user_id`;
// The same names, looked up by primary key for each booking. For a day's few hundred bookings that is
// cheaper than the hash joins the planner picks over whole desk and user tables; OFFSET 0 keeps each
// lookup a per-row index probe.
const bookingLookups = sql`CROSS JOIN LATERAL (SELECT name, floor_id FROM desks WHERE id = b.desk_id OFFSET 0) AS d
  CROSS JOIN LATERAL (SELECT name FROM floors WHERE id = d.floor_id OFFSET 0) AS f
  CROSS JOIN LATERAL (SELECT first_name, last_name, email FROM users WHERE id = b.user_id OFFSET 0) AS u`;

/** '[2026-11-23 09:00,2026-11-23 13:00)', or open-ended when end is null: the same shape as bookings.occupied. */
export function localRange(start: string, end: string | null): string {
  return `[${start},${end ?? ''})`;
}

// Per-desk transaction lock key. Two transactions that insert overlapping rows at the same moment
// would each wait for the other inside the exclusion check, a deadlock PostgreSQL breaks only after
// deadlock_timeout by failing one of them. Queueing the writers of one desk first turns every race
// into a prompt, clean exclusion violation for all but the first.
const deskLock = (deskId: string | SQL) => sql`pg_advisory_xact_lock(hashtextextended(${deskId}::text, 7471))`;

/** Takes the desk's write lock until the end of the current transaction (re-entrant). */
export async function lockDesk(db: Database, deskId: string): Promise<void> {
  await db.execute(sql`SELECT ${deskLock(deskId)}`);
}

/**
 * Inserts a booking under its desk's lock; answers its id. The exclusion constraint refuses an
 * overlapping active booking (23P01) and the (organization, desk) reference a desk of another
 * organization (23503); the caller maps both.
 */
export async function insertBooking(db: Database, booking: NewBooking): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, notes, is_permanent)
      SELECT ${booking.organizationId}::uuid, ${booking.deskId}::uuid, ${booking.userId}::uuid,
        ${booking.bookingDate}::date, ${booking.timeSlot}::text, ${booking.notes}::text, ${booking.isPermanent}::boolean
      FROM (SELECT ${deskLock(booking.deskId)}) AS desk_lock
      RETURNING id`,
  );
  if (!row) throw new Error('inserted booking has no id');
  return row.id;
}

export interface PlacedBooking extends BookingPlace {
  /** The new booking's id; null when nothing was inserted (no desk, a past date, or the time already taken). */
  bookingId: string | null;
  /** An active booking of the desk already held the time when the statement began: nothing was tried. */
  isTaken: boolean;
}

const placeBookingStatement = namedStatement<{
  organizationId: string;
  deskId: string | null;
  userId: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  occupied: string;
  notes: string | null;
  mayInsert: boolean;
  horizonYears: number;
}>(
  'perch_place_booking',
  sql`WITH place AS (
      SELECT m.role, o.id AS "organizationId", o.name AS "organizationName", o.time_zone AS "timeZone",
        d.id AS "deskId", d.name AS "deskName", f.name AS "floorName",
        EXISTS (SELECT FROM bookings b WHERE b.desk_id = d.id AND b.status = 'active'
          AND b.occupied && ${param('occupied')}::tsrange) AS "isTaken"
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
        LEFT JOIN desks d ON d.id = ${param('deskId')}::uuid AND d.organization_id = m.organization_id
        LEFT JOIN floors f ON f.id = d.floor_id
      WHERE m.organization_id = ${param('organizationId')}::uuid AND m.user_id = ${param('userId')}::uuid
    ), inserted AS (
      INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, notes, is_permanent)
      SELECT place."organizationId", place."deskId", ${param('userId')}::uuid, ${param('bookingDate')}::date,
        ${param('timeSlot')}::text, ${param('notes')}::text, false
      FROM place CROSS JOIN LATERAL (
        -- The lock is taken only for a row that will be tried: never to find out that the time is taken.
        SELECT ${deskLock(sql`place."deskId"`)}
        WHERE ${param('mayInsert')}::boolean AND place."deskId" IS NOT NULL AND NOT place."isTaken"
          AND ${param('bookingDate')}::date >= (now() AT TIME ZONE place."timeZone")::date
          -- The booking horizon of src/domain/horizon.ts, from the organization's today.
          AND ${param('bookingDate')}::date
            <= (now() AT TIME ZONE place."timeZone")::date + make_interval(years => ${param('horizonYears')}::int)
      ) AS desk_lock
      RETURNING id
    )
    SELECT place.*, (SELECT id FROM inserted) AS "bookingId" FROM place`,
);

/**
 * A one-off booking in one statement: finds the caller's membership, the organization and the desk (as
 * findBookingPlace does) and, when the desk is the organization's, the date is not past in the organization's
 * zone and no active booking of the desk holds `occupied` yet, takes the desk's lock and inserts, as insertBooking
 * does. A time already taken is answered without waiting for the lock, and with `mayInsert` false the statement
 * only looks (decision 013). Undefined for a non-member.
 * The exclusion constraint still decides every race (23P01); a desk deleted meanwhile is 23503; a lock held past
 * the pool's lock_timeout is 55P03. A named prepared statement: planned once per connection (decision 009).
 */
export async function placeBooking(
  db: Database,
  booking: Omit<NewBooking, 'deskId' | 'isPermanent'> & { deskId: string | null; occupied: string; mayInsert: boolean },
): Promise<PlacedBooking | undefined> {
  const [row] = await placeBookingStatement.rows<
    Omit<BookingPlace, 'desk'> & {
      deskId: string | null;
      deskName: string;
      floorName: string;
      bookingId: string | null;
      isTaken: boolean;
    }
  >(db, {
    organizationId: booking.organizationId,
    deskId: booking.deskId,
    userId: booking.userId,
    bookingDate: booking.bookingDate,
    timeSlot: booking.timeSlot,
    occupied: booking.occupied,
    notes: booking.notes,
    mayInsert: booking.mayInsert,
    horizonYears,
  });
  if (!row) return undefined;
  const { deskId, deskName, floorName, bookingId, isTaken, ...membership } = row;
  return { ...membership, desk: deskId ? { id: deskId, name: deskName, floorName } : null, bookingId, isTaken };
}

const bookingsRevisionStatement = namedStatement<{ organizationId: string; userId: string }>(
  'perch_bookings_revision',
  sql`SELECT m.role, (SELECT coalesce(sum(revision), 0)::text FROM desk_booking_revisions
        WHERE organization_id = ${param('organizationId')}::uuid) AS revision
    FROM memberships m WHERE m.organization_id = ${param('organizationId')}::uuid AND m.user_id = ${param('userId')}::uuid`,
);

/**
 * The caller's role (undefined for a non-member) and the organization's bookings revision: the sum of its desks'
 * revisions (migration 0010), which every committed change to what a bookings read shows raises.
 * A named prepared statement (decision 009).
 */
export async function findBookingsRevision(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<{ role: Role; revision: string } | undefined> {
  const [row] = await bookingsRevisionStatement.rows<{ role: Role; revision: string }>(db, { organizationId, userId });
  return row;
}

export interface BookingPlace {
  /** The caller's role in the organization. */
  role: Role;
  organizationId: string;
  organizationName: string;
  timeZone: string;
  /** Null when the desk is not one of this organization's. */
  desk: { id: string; name: string; floorName: string } | null;
}

/**
 * Where a booking would go, in one query: the caller's membership (undefined for a non-member) and,
 * when the desk is one of that organization's, the desk with its floor.
 */
export async function findBookingPlace(
  db: Database,
  organizationId: string,
  userId: string,
  deskId: string | null,
): Promise<BookingPlace | undefined> {
  const [row] = await rowsOf<
    Omit<BookingPlace, 'desk'> & { deskId: string | null; deskName: string; floorName: string }
  >(
    db,
    sql`SELECT m.role, o.id AS "organizationId", o.name AS "organizationName", o.time_zone AS "timeZone",
        d.id AS "deskId", d.name AS "deskName", f.name AS "floorName"
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
        LEFT JOIN desks d ON d.id = ${deskId}::uuid AND d.organization_id = m.organization_id
        LEFT JOIN floors f ON f.id = d.floor_id
      WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}`,
  );
  if (!row) return undefined;
  const { deskId: foundDeskId, deskName, floorName, ...membership } = row;
  return { ...membership, desk: foundDeskId ? { id: foundDeskId, name: deskName, floorName } : null };
}

/**
 * The floor plan's hot read, in one statement: whether the user is a member of the organization
 * (no row at all when not) and, for a member, the active bookings in [startDate, endDate] plus the
 * active permanent ones that started before it. Each half of the UNION ALL reads one partial index on
 * (organization_id, booking_date) with an accurate row estimate, which an OR of the two would not give.
 */
export async function listActiveBookingsInRange(
  db: Database,
  organizationId: string,
  userId: string,
  startDate: string,
  endDate: string,
): Promise<{ isMember: boolean; bookings: BookingRow[] }> {
  const rows = await rowsOf<BookingRow & { role: Role }>(
    db,
    sql`SELECT m.role, r.* FROM memberships m
      LEFT JOIN LATERAL (
        SELECT ${bookingColumns}
        FROM (
          SELECT * FROM bookings
          WHERE organization_id = ${organizationId} AND status = 'active'
            AND booking_date BETWEEN ${startDate} AND ${endDate}
          UNION ALL
          SELECT * FROM bookings
          WHERE organization_id = ${organizationId} AND status = 'active' AND is_permanent
            AND booking_date < ${startDate}
        ) AS b ${bookingLookups}
      ) AS r ON true
      WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}
      ORDER BY r."bookingDate", r."deskName", r."timeSlot", r.id`,
  );
  return {
    isMember: rows.length > 0,
    // A member without bookings in the range gets one row of nulls from the LEFT JOIN.
    bookings: rows.filter((row) => row.id !== null),
  };
}

/** One user's bookings in one organization, newest date first. */
export function listBookingsOfUser(
  db: Database,
  organizationId: string,
  userId: string,
  limit: number,
): Promise<BookingRow[]> {
  return rowsOf<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} FROM bookings b ${bookingJoins}
      WHERE b.user_id = ${userId} AND b.organization_id = ${organizationId}
      ORDER BY b.booking_date DESC, b.created_at DESC LIMIT ${limit}`,
  );
}

/**
 * Active bookings of one desk whose held time overlaps a local range; answered from the exclusion
 * constraint's own index (desk_id, occupied) over active rows.
 */
export function listActiveBookingsOfDeskOverlapping(
  db: Database,
  organizationId: string,
  deskId: string,
  range: string,
): Promise<BookingRow[]> {
  return rowsOf<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} FROM bookings b ${bookingJoins}
      WHERE b.desk_id = ${deskId} AND b.organization_id = ${organizationId} AND b.status = 'active'
        AND b.occupied && ${range}::tsrange
      ORDER BY b.booking_date, b.occupied`,
  );
}

/** The ids of the organization's desks that hold an active booking overlapping any of the ranges. */
export async function listBusyDeskIds(
  db: Database,
  organizationId: string,
  firstDate: string,
  lastDate: string,
  ranges: string[],
): Promise<Set<string>> {
  const rows = await rowsOf<{ deskId: string }>(
    db,
    sql`SELECT DISTINCT b.desk_id AS "deskId" FROM bookings b
      WHERE b.organization_id = ${organizationId} AND b.status = 'active'
        AND (b.booking_date BETWEEN ${firstDate} AND ${lastDate} OR (b.is_permanent AND b.booking_date <= ${lastDate}))
        AND b.occupied && ANY (ARRAY[${sql.join(
          ranges.map((range) => sql`${range}`),
          sql`, `,
        )}]::tsrange[])`,
  );
  return new Set(rows.map((row) => row.deskId));
}

export interface BookingOfMember extends BookingRow {
  /** The caller's role in the booking's organization. */
  role: Role;
  timeZone: string;
  organizationName: string;
}

/** The booking as one member of its organization sees it; undefined for a non-member or unknown booking. */
export async function findBookingOfMember(
  db: Database,
  bookingId: string,
  userId: string,
): Promise<BookingOfMember | undefined> {
  const [row] = await rowsOf<BookingOfMember>(
    db,
    sql`SELECT ${bookingColumns}, m.role, o.time_zone AS "timeZone", o.name AS "organizationName"
      FROM bookings b ${bookingJoins}
        JOIN memberships m ON m.organization_id = b.organization_id AND m.user_id = ${userId}
        JOIN organizations o ON o.id = b.organization_id
      WHERE b.id = ${bookingId}`,
  );
  return row;
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
 * booking's organization's (in its time zone), and every active permanent one, which holds its desk from today on
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
      FROM organizations o
      WHERE o.id = bookings.organization_id AND bookings.user_id = ${scope.userId} ${inOrganization}
        AND bookings.status = 'active'
        AND (bookings.is_permanent OR bookings.booking_date >= (now() AT TIME ZONE o.time_zone)::date)
      RETURNING bookings.*
    )
    SELECT ${bookingColumns} FROM b ${bookingJoins} ORDER BY b.booking_date`,
  );
}

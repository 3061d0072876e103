import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import type { CheckInCandidate, SiteHours } from '#domain/check-in.ts';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { namedStatement, param } from '#server/db/named-statement.ts';
import { rowsOf } from '#server/db/rows.ts';
import { bookings, organizations } from '#server/db/schema.ts';
import { type BookingRow, bookingColumns, bookingJoins } from '../bookings/repo.ts';

/**
 * The zone and office hours of the site `s` as SiteHours (src/domain/check-in.ts): PostgreSQL writes a time as
 * 'HH:MM:SS', the domain reads 'HH:MM'.
 */
export const siteHoursColumns = sql`s.time_zone AS "timeZone", to_char(s.day_start, 'HH24:MI') AS "dayStart",
  to_char(s.midday, 'HH24:MI') AS midday, to_char(s.day_end, 'HH24:MI') AS "dayEnd"`;

/** The desk `d`'s site `s` (issue 28): every clock rule of a booking follows the site of its desk. */
export const siteOfDesk = sql`JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id`;

/**
 * The slot's start on its desk's site's wall clock, as SQL over bookings `b` and sites `s`: the same instant as
 * slotInstants (src/domain/sites.ts), the afternoon at midday, the morning and the full day at the start of the day.
 */
export const slotStartsAt = sql`((b.booking_date + CASE b.time_slot WHEN 'afternoon' THEN s.midday ELSE s.day_start END)
  AT TIME ZONE s.time_zone)`;

/**
 * A booking as check-in judges it, with its desk's site's zone and hours, its organization's grace and the caller's
 * role there.
 */
export interface CheckInRow extends CheckInCandidate, SiteHours {
  id: string;
  organizationId: string;
  userId: string;
  deskName: string;
  graceMinutes: number;
  /** The caller's role in the booking's organization; null for a non-member. */
  callerRole: Role | null;
  /** Whose booking it is, as the audit log names them. */
  owner: { firstName: string | null; lastName: string | null; email: string };
}

type Instant = Date | string | null;

// One prepared statement and one round trip (decision 009): check-in is the hot path at the start of every office
// day. It reads the booking as check-in judges it and, when the caller owns it and its window is open at `at` (the
// same arithmetic as checkInWindow in src/domain/check-in.ts), records the check-in in the same statement. The
// service judges the row read with checkInRefusal either way, and explains any refusal from it.
const checkInStatement = namedStatement<
  { bookingId: string; callerId: string; at: string },
  Omit<CheckInRow, 'checkedInAt' | 'releasedAt'> & {
    checkedInAt: Instant;
    releasedAt: Instant;
    checkedInNow: Instant;
    callerZone: string;
  }
>(
  'perch_check_in_own',
  sql`WITH c AS (
      SELECT b.id, b.organization_id AS "organizationId", b.user_id AS "userId", d.name AS "deskName",
        b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.is_permanent AS "isPermanent",
        b.checked_in_at AS "checkedInAt", b.released_at AS "releasedAt", ${siteHoursColumns},
        o.check_in_grace_minutes AS "graceMinutes", m.role AS "callerRole",
        coalesce(hs.time_zone, o.time_zone) AS "callerZone",
        jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) AS owner,
        ${slotStartsAt} AS starts_at
      FROM bookings b JOIN organizations o ON o.id = b.organization_id JOIN desks d ON d.id = b.desk_id ${siteOfDesk}
        JOIN users u ON u.id = b.user_id
        LEFT JOIN memberships m ON m.organization_id = b.organization_id AND m.user_id = ${param('callerId')}::uuid
        LEFT JOIN sites hs ON hs.id = m.home_site_id
      WHERE b.id = ${param('bookingId')}::uuid
    ), updated AS (
      UPDATE bookings SET checked_in_at = ${param('at')}::timestamptz FROM c
      WHERE bookings.id = c.id AND c."userId" = ${param('callerId')}::uuid AND c."callerRole" IS NOT NULL
        AND bookings.status = 'active' AND bookings.checked_in_at IS NULL AND NOT bookings.is_permanent
        AND ${param('at')}::timestamptz >= c.starts_at - interval '30 minutes'
        AND ${param('at')}::timestamptz < c.starts_at + make_interval(mins => c."graceMinutes")
      RETURNING bookings.checked_in_at
    )
    SELECT c.*, (SELECT checked_in_at FROM updated) AS "checkedInNow" FROM c`,
);

const instant = (value: Instant) => (value === null ? null : new Date(value));

/**
 * The booking as check-in judges it, checked in at `at` in the same statement when the caller owns it and its window
 * is open (`checkedInNow`), with the caller's own zone (their home site's, else the organization's) for its refusals'
 * times; undefined when there is no such booking.
 */
export async function checkInOwnBooking(
  db: Database,
  bookingId: string,
  callerId: string,
  at: Date,
): Promise<(CheckInRow & { checkedInNow: Date | null; callerZone: string }) | undefined> {
  const [row] = await checkInStatement.rows(db, { bookingId, callerId, at: at.toISOString() });
  if (!row) return undefined;
  return {
    ...row,
    checkedInAt: instant(row.checkedInAt),
    releasedAt: instant(row.releasedAt),
    checkedInNow: instant(row.checkedInNow),
  };
}

const markCheckedInStatement = namedStatement<{ bookingId: string; at: string }, { id: string }>(
  'perch_check_in',
  (db) =>
    db
      .update(bookings)
      .set({ checkedInAt: sql`${param('at')}::timestamptz` })
      .where(and(eq(bookings.id, param('bookingId')), eq(bookings.status, 'active'), isNull(bookings.checkedInAt)))
      .returning({ id: bookings.id }),
);

/**
 * Records the check-in at `at` when the booking is still active and not checked in: false when a cancellation, the
 * release job or another check-in got there first (the caller reads the booking again to say which).
 */
export async function markCheckedIn(db: Database, bookingId: string, at: Date): Promise<boolean> {
  const rows = await markCheckedInStatement.rows(db, { bookingId, at: at.toISOString() });
  return rows.length > 0;
}

/** A booking the release job may end, with its desk's site's zone and hours and its organization's check-in. */
export interface ReleaseCandidate extends SiteHours {
  id: string;
  organizationId: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  checkInGraceMinutes: number;
  checkInRequiredSince: Date | string;
}

/**
 * The active one-off bookings nobody checked in to whose window has closed, of the last week up to their site's
 * today, in the organizations that release no-shows. Each organization's bookings are read once, through the index
 * of active bookings by organization and date, over the dates between its sites' earliest today less a week and
 * their latest today (one day for an organization of one site or one zone); only the rows left by the cheap
 * conditions are joined to their desk's site, whose zone and hours say whether the window has closed. releaseDue
 * (src/domain/check-in.ts) has the last word on each; this read narrows by the same arithmetic so that a pass does
 * not carry the day's many bookings still in or before their window.
 */
export function findReleaseCandidates(db: Database, now: Date): Promise<ReleaseCandidate[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return rowsOf<ReleaseCandidate>(
    db,
    sql`SELECT b.id, b.organization_id AS "organizationId", b.booking_date::text AS "bookingDate",
        b.time_slot AS "timeSlot", ${siteHoursColumns}, o.check_in_grace_minutes AS "checkInGraceMinutes",
        o.check_in_required_since AS "checkInRequiredSince"
      FROM organizations o
      CROSS JOIN LATERAL (
        SELECT min((${at} AT TIME ZONE z.time_zone)::date) AS earliest, max((${at} AT TIME ZONE z.time_zone)::date) AS latest
        FROM sites z WHERE z.organization_id = o.id
      ) AS local
      -- OFFSET 0 keeps this a range scan of (organization_id, booking_date): left to itself, the planner reads every
      -- active booking of the organization and filters the dates after a join.
      CROSS JOIN LATERAL (
        SELECT b.id, b.organization_id, b.desk_id, b.booking_date, b.time_slot FROM bookings b
        WHERE b.organization_id = o.id AND b.status = 'active' AND b.booking_date BETWEEN local.earliest - 7 AND local.latest
          -- Nothing dated before check-in became required is ever released (releaseDue): a day's margin for the zones.
          AND b.booking_date >= (o.check_in_required_since AT TIME ZONE 'UTC')::date - 1
          AND NOT b.is_permanent AND b.checked_in_at IS NULL
        OFFSET 0
      ) AS b
      -- The organization's own desks (as the bookings' key says): a hash of its 500 desks, never of the platform's 50,000.
      JOIN desks d ON d.id = b.desk_id AND d.organization_id = o.id ${siteOfDesk}
      WHERE o.check_in_required AND o.auto_release
        AND b.booking_date BETWEEN (${at} AT TIME ZONE s.time_zone)::date - 7 AND (${at} AT TIME ZONE s.time_zone)::date
        -- Only those whose window has closed: the slot's start on its site's wall clock, plus grace; and whose window
        -- opened after check-in became required (releaseDue judges it exactly; this keeps the others out of the answer:
        -- 166,507 rows a pass at 20 million bookings when a hundred organizations had just begun to require check-in).
        AND ${slotStartsAt} + make_interval(mins => o.check_in_grace_minutes) <= ${at}
        AND ${slotStartsAt} >= o.check_in_required_since`,
  );
}

/**
 * Releases the listed bookings at `at` (status cancelled, released_at set) unless someone checked in or cancelled
 * meanwhile: the row lock orders this against a concurrent check-in, and the condition is read again after it.
 * Answers the bookings released, with the names their mails show.
 */
export function releaseBookings(db: Database, bookingIds: string[], at: Date): Promise<BookingRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return rowsOf<BookingRow>(
    db,
    sql`WITH b AS (
      UPDATE bookings SET status = 'cancelled', cancelled_at = ${at.toISOString()}::timestamptz,
        released_at = ${at.toISOString()}::timestamptz
      WHERE id = ANY(${`{${bookingIds.join(',')}}`}::uuid[]) AND status = 'active' AND checked_in_at IS NULL
      RETURNING *
    )
    SELECT ${bookingColumns} FROM b ${bookingJoins} ORDER BY b.organization_id, b.booking_date`,
  );
}

/** The names and grace of organizations, for the release mails. */
export function findOrganizationsForMail(
  db: Database,
  organizationIds: string[],
): Promise<{ id: string; name: string; checkInGraceMinutes: number }[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      checkInGraceMinutes: organizations.checkInGraceMinutes,
    })
    .from(organizations)
    .where(inArray(organizations.id, organizationIds));
}

/**
 * A member's own zone, as SQL over memberships `m` and organizations `o`: their home site's, else the organization's
 * first site's (organizations.time_zone is kept equal to it by migration 0024's trigger).
 */
export const readerZoneOf = sql`COALESCE((SELECT h.time_zone FROM sites h WHERE h.id = m.home_site_id), o.time_zone)`;

/** The own zone of each of these people in these organizations (readerZoneOf), keyed `organizationId userId`. */
export async function findReaderZones(
  db: Database,
  people: readonly { organizationId: string; userId: string }[],
): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const rows = await rowsOf<{ organizationId: string; userId: string; timeZone: string }>(
    db,
    sql`SELECT m.organization_id AS "organizationId", m.user_id AS "userId", ${readerZoneOf} AS "timeZone"
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
      WHERE (m.organization_id, m.user_id) IN (
        SELECT * FROM unnest(${`{${people.map((person) => person.organizationId).join(',')}}`}::uuid[],
          ${`{${people.map((person) => person.userId).join(',')}}`}::uuid[])
      )`,
  );
  return new Map(rows.map((row) => [`${row.organizationId} ${row.userId}`, row.timeZone]));
}

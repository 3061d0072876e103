import { sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import type { Role } from '#domain/organization.ts';
import type { SeriesInterval } from '#domain/recurring-bookings.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { type BookingRow, bookingColumns, bookingJoins, isoInstant } from '../bookings/repo.ts';

// The series' reads and writes (migration 0028). Its bookings are ordinary rows of `bookings` with series_id set.

export interface NewSeries {
  organizationId: string;
  userId: string;
  deskId: string;
  timeSlot: TimeSlot;
  weekdays: readonly number[];
  interval: SeriesInterval;
  startDate: string;
  untilDate: string;
  createdBy: string;
}

export async function insertSeries(db: Database, series: NewSeries): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO booking_series (organization_id, user_id, desk_id, time_slot, weekdays, interval_weeks, start_date,
        until_date, created_by)
      VALUES (${series.organizationId}::uuid, ${series.userId}::uuid, ${series.deskId}::uuid, ${series.timeSlot}::text,
        ${`{${series.weekdays.join(',')}}`}::smallint[], ${series.interval}::smallint, ${series.startDate}::date,
        ${series.untilDate}::date, ${series.createdBy}::uuid)
      RETURNING id`,
  );
  if (!row) throw new Error('inserted series has no id');
  return row.id;
}

/**
 * Inserts one booking per date for the series, in one statement (the caller holds the desk's lock). A date whose slot
 * an active booking of the desk holds already is left out by the exclusion constraint itself (ON CONFLICT DO NOTHING
 * takes it as arbiter): answers the bookings made.
 */
export function insertSeriesBookings(
  db: Database,
  booking: {
    organizationId: string;
    deskId: string;
    userId: string;
    timeSlot: TimeSlot;
    seriesId: string;
    dates: readonly string[];
  },
): Promise<Array<{ id: string; bookingDate: string }>> {
  return rowsOf(
    db,
    sql`INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, series_id)
      SELECT ${booking.organizationId}::uuid, ${booking.deskId}::uuid, ${booking.userId}::uuid, day,
        ${booking.timeSlot}::text, ${booking.seriesId}::uuid
      FROM unnest(${`{${booking.dates.join(',')}}`}::date[]) AS day
      ORDER BY day
      ON CONFLICT DO NOTHING
      RETURNING id, booking_date::text AS "bookingDate"`,
  );
}

/** A series as its reads answer it: the rule, its desk's names and site's zone, and the caller's role. */
export interface SeriesRow {
  id: string;
  organizationId: string;
  organizationName: string;
  organizationTimeZone: string;
  userId: string;
  deskId: string;
  deskName: string;
  floorName: string;
  timeSlot: TimeSlot;
  weekdays: number[];
  interval: SeriesInterval;
  startDate: string;
  untilDate: string;
  createdAt: string;
  cancelledAt: string | null;
  /** The desk's site's zone: its today says which bookings are upcoming. */
  timeZone: string;
  /** The caller's role in the series' organization. */
  role: Role;
  firstName: string | null;
  lastName: string | null;
  email: string;
  bookings: Array<{ id: string; bookingDate: string; status: 'active' | 'cancelled' }>;
}

const seriesSelect = (callerId: string) => sql`SELECT bs.id, bs.organization_id AS "organizationId",
    o.name AS "organizationName", o.time_zone AS "organizationTimeZone", bs.user_id AS "userId", bs.desk_id AS "deskId",
    d.name AS "deskName", f.name AS "floorName", bs.time_slot AS "timeSlot", bs.weekdays,
    bs.interval_weeks AS "interval", bs.start_date::text AS "startDate", bs.until_date::text AS "untilDate",
    ${isoInstant(sql`bs.created_at`)} AS "createdAt", ${isoInstant(sql`bs.cancelled_at`)} AS "cancelledAt",
    s.time_zone AS "timeZone", m.role, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', b.id, 'bookingDate', b.booking_date::text, 'status', b.status)
        ORDER BY b.booking_date) FROM bookings b WHERE b.series_id = bs.id), '[]'::jsonb) AS bookings
  FROM booking_series bs
    JOIN memberships m ON m.organization_id = bs.organization_id AND m.user_id = ${callerId}::uuid
    JOIN organizations o ON o.id = bs.organization_id
    JOIN desks d ON d.id = bs.desk_id JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id
    JOIN users u ON u.id = bs.user_id`;

function normalized(row: SeriesRow): SeriesRow {
  return { ...row, weekdays: row.weekdays.map(Number), interval: Number(row.interval) as SeriesInterval };
}

/** The series as a member of its organization sees it; undefined for a non-member or an unknown series. */
export async function findSeriesOfMember(
  db: Database,
  seriesId: string,
  callerId: string,
): Promise<SeriesRow | undefined> {
  const [row] = await rowsOf<SeriesRow>(db, sql`${seriesSelect(callerId)} WHERE bs.id = ${seriesId}::uuid`);
  return row && normalized(row);
}

/** The caller's own series in an organization that still have an upcoming active booking (at most 100, soonest first). */
export async function listUpcomingSeriesOfUser(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<SeriesRow[]> {
  const rows = await rowsOf<SeriesRow>(
    db,
    sql`${seriesSelect(userId)}
      WHERE bs.organization_id = ${organizationId}::uuid AND bs.user_id = ${userId}::uuid
        AND EXISTS (SELECT FROM bookings b WHERE b.series_id = bs.id AND b.status = 'active'
          AND b.booking_date >= (now() AT TIME ZONE s.time_zone)::date)
      ORDER BY bs.start_date, bs.created_at LIMIT 100`,
  );
  return rows.map(normalized);
}

/**
 * Cancels the series' active bookings from `from` on, and marks the series cancelled once it has no active booking
 * left from its site's today on. Answers the bookings cancelled.
 */
export async function cancelSeriesBookings(
  db: Database,
  series: { organizationId: string; seriesId: string; from: string; cancelledBy: string },
): Promise<BookingRow[]> {
  const rows = await rowsOf<BookingRow>(
    db,
    sql`WITH b AS (
      UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = ${series.cancelledBy}::uuid
      WHERE organization_id = ${series.organizationId}::uuid AND series_id = ${series.seriesId}::uuid
        AND status = 'active' AND booking_date >= ${series.from}::date
      RETURNING *
    )
    SELECT ${bookingColumns} FROM b ${bookingJoins} ORDER BY b.booking_date`,
  );
  await rowsOf(
    db,
    sql`UPDATE booking_series bs SET cancelled_at = now()
      FROM desks d JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id
      WHERE bs.id = ${series.seriesId}::uuid AND d.id = bs.desk_id AND bs.cancelled_at IS NULL
        AND NOT EXISTS (SELECT FROM bookings b WHERE b.series_id = bs.id AND b.status = 'active'
          AND b.booking_date >= (now() AT TIME ZONE s.time_zone)::date)`,
  );
  return rows;
}

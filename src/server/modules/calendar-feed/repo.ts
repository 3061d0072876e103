import { eq, sql } from 'drizzle-orm';
import type { FeedBooking } from '#domain/calendar-feed.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { calendarFeeds } from '#server/db/schema.ts';
import { isoInstant } from '../bookings/repo.ts';

/** Gives the person a feed with this token digest, replacing any earlier one (whose address then stops working). */
export async function saveFeed(db: Database, userId: string, tokenDigest: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenDigest })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenDigest, createdAt: sql`now()` } });
}

export async function deleteFeed(db: Database, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export async function findFeedOf(db: Database, userId: string): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return row;
}

/** Whose feed a token digest opens (the unique index on token_digest). */
export async function findFeedOwner(db: Database, tokenDigest: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenDigest, tokenDigest))
    .limit(1);
  return row?.userId;
}

type FeedBookingRow = Omit<FeedBooking, 'createdAt' | 'cancelledAt' | 'releasedAt'> & {
  createdAt: string;
  cancelledAt: string | null;
  releasedAt: string | null;
};

/** At most this many events in one feed: years of daily bookings, and a bound on one request's work. */
const maxFeedBookings = 5000;

/**
 * The person's bookings in every organization they still belong to, from `daysBack` days before each organization's
 * today on, whatever their status; and the permanent ones that still stand or ended within those days. Through
 * bookings_user_idx (user, organization, date), one organization at a time.
 */
export async function listFeedBookings(
  db: Database,
  userId: string,
  now: Date,
  daysBack: number,
): Promise<FeedBooking[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await rowsOf<FeedBookingRow>(
    db,
    sql`SELECT b.id, o.name AS "organizationName", o.time_zone AS "timeZone", d.name AS "deskName",
        f.name AS "floorName", b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status,
        b.is_permanent AS "isPermanent", b.notes, ${isoInstant(sql`b.created_at`)} AS "createdAt",
        ${isoInstant(sql`b.cancelled_at`)} AS "cancelledAt", ${isoInstant(sql`b.released_at`)} AS "releasedAt"
      FROM memberships m
      JOIN organizations o ON o.id = m.organization_id
      JOIN bookings b ON b.user_id = m.user_id AND b.organization_id = m.organization_id
        AND (b.booking_date >= (${at} AT TIME ZONE o.time_zone)::date - ${daysBack}::int
          OR (b.is_permanent AND (b.status = 'active' OR b.cancelled_at >= ${at} - make_interval(days => ${daysBack}::int))))
      JOIN desks d ON d.id = b.desk_id
      JOIN floors f ON f.id = d.floor_id
      WHERE m.user_id = ${userId}
      ORDER BY b.booking_date, b.time_slot, b.id
      LIMIT ${maxFeedBookings}`,
  );
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    cancelledAt: row.cancelledAt ? new Date(row.cancelledAt) : null,
    releasedAt: row.releasedAt ? new Date(row.releasedAt) : null,
  }));
}

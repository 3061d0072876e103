import { and, asc, eq, sql } from 'drizzle-orm';
import type { FeedBooking } from '#domain/calendar-feed.ts';
import type { Database } from '#server/db/client.ts';
import { bookings, calendarFeeds, desks, floors, memberships, organizations, sites } from '#server/db/schema.ts';

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

/** At most this many events in one feed: years of daily bookings, and a bound on one request's work. */
const maxFeedBookings = 5000;

/**
 * The person's bookings in every organization they still belong to, from `daysBack` days before their desk's site's
 * today on, whatever their status (each with its site's zone, hours and working days); and the permanent ones that still stand or ended within those days. Through
 * bookings_user_idx (user, organization, date), one organization at a time.
 */
export async function listFeedBookings(
  db: Database,
  userId: string,
  now: Date,
  daysBack: number,
): Promise<FeedBooking[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return (
    db
      .select({
        id: bookings.id,
        organizationName: organizations.name,
        timeZone: sites.timeZone,
        dayStart: sql<string>`to_char(${sites.dayStart}, 'HH24:MI')`,
        midday: sql<string>`to_char(${sites.midday}, 'HH24:MI')`,
        dayEnd: sql<string>`to_char(${sites.dayEnd}, 'HH24:MI')`,
        workingDays: sites.workingDays,
        deskName: desks.name,
        floorName: floors.name,
        bookingDate: bookings.bookingDate,
        timeSlot: bookings.timeSlot,
        status: bookings.status,
        isPermanent: bookings.isPermanent,
        notes: bookings.notes,
        createdAt: bookings.createdAt,
        cancelledAt: bookings.cancelledAt,
        releasedAt: bookings.releasedAt,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .innerJoin(
        bookings,
        and(
          eq(bookings.userId, memberships.userId),
          eq(bookings.organizationId, memberships.organizationId),
          sql`(${bookings.bookingDate} >= (${at} AT TIME ZONE ${organizations.timeZone})::date - ${daysBack + 2}::int
          OR (${bookings.isPermanent} AND (${bookings.status} = 'active'
            OR ${bookings.cancelledAt} >= ${at} - make_interval(days => ${daysBack}::int))))`,
        ),
      )
      .innerJoin(desks, eq(desks.id, bookings.deskId))
      .innerJoin(floors, eq(floors.id, desks.floorId))
      .innerJoin(sites, eq(sites.id, floors.siteId))
      // The window by the desk's site's today; the organization's (two days wider: zones lie at most 26 hours apart) lets the index find the rows.
      .where(
        and(
          eq(memberships.userId, userId),
          sql`(${bookings.bookingDate} >= (${at} AT TIME ZONE ${sites.timeZone})::date - ${daysBack}::int
          OR ${bookings.isPermanent})`,
        ),
      )
      .orderBy(asc(bookings.bookingDate), asc(bookings.timeSlot), asc(bookings.id))
      .limit(maxFeedBookings)
  );
}

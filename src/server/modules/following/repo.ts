import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WeekBooking, WeekDesk } from '#domain/week.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { dailyMailSubscribers, dailyMailsSent, follows, memberships } from '#server/db/schema.ts';

// Following colleagues, the week of a site and the evening mail (issue 29). Every read takes the organization id.

export async function listFollowedIds(db: Database, organizationId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.organizationId, organizationId), eq(follows.followerId, userId)));
  return rows.map((row) => row.id);
}

/** How many of `userIds` are members of the organization (the rest are unknown or of another one). */
export async function countMembers(db: Database, organizationId: string, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, [...userIds])));
  return rows.length;
}

/** Replaces the people followed; the memberships' foreign keys keep them in the organization. */
export async function replaceFollows(
  db: Database,
  organizationId: string,
  userId: string,
  userIds: readonly string[],
): Promise<void> {
  await db.delete(follows).where(and(eq(follows.organizationId, organizationId), eq(follows.followerId, userId)));
  if (userIds.length === 0) return;
  await db
    .insert(follows)
    .values(userIds.map((followeeId) => ({ organizationId, followerId: userId, followeeId })))
    .onConflictDoNothing();
}

export async function wantsDailyMail(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: dailyMailSubscribers.userId })
    .from(dailyMailSubscribers)
    .where(and(eq(dailyMailSubscribers.organizationId, organizationId), eq(dailyMailSubscribers.userId, userId)));
  return rows.length > 0;
}

export async function setDailyMail(db: Database, organizationId: string, userId: string, on: boolean): Promise<void> {
  if (on) {
    await db.insert(dailyMailSubscribers).values({ organizationId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(dailyMailSubscribers)
      .where(and(eq(dailyMailSubscribers.organizationId, organizationId), eq(dailyMailSubscribers.userId, userId)));
  }
}

/** The people who share a team with the person (not the person). */
export async function listTeamMateIds(db: Database, organizationId: string, userId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT DISTINCT other.user_id AS id FROM team_members mine
      JOIN team_members other ON other.team_id = mine.team_id AND other.user_id <> mine.user_id
      WHERE mine.organization_id = ${organizationId}::uuid AND mine.user_id = ${userId}::uuid`,
  );
  return rows.map((row) => row.id);
}

export interface WeekSite {
  id: string;
  name: string;
  timeZone: string;
  workingDays: number[];
}

/** The site asked for, else the person's home site, else the organization's first; undefined for another's. */
export async function findWeekSite(
  db: Database,
  organizationId: string,
  userId: string,
  siteId: string | undefined,
): Promise<WeekSite | undefined> {
  const [row] = await rowsOf<WeekSite>(
    db,
    sql`SELECT s.id, s.name, s.time_zone AS "timeZone", s.working_days::int[] AS "workingDays" FROM sites s
      LEFT JOIN memberships m ON m.organization_id = s.organization_id AND m.user_id = ${userId}::uuid
      WHERE s.organization_id = ${organizationId}::uuid
        AND (${siteId ?? null}::uuid IS NULL OR s.id = ${siteId ?? null}::uuid)
      ORDER BY (s.id = m.home_site_id) DESC NULLS LAST, s.created_at, s.id LIMIT 1`,
  );
  return row;
}

/** The site's active bookings counting on some day from `from` to `to` (permanent ones from before included). */
export function listWeekBookings(
  db: Database,
  organizationId: string,
  siteId: string,
  from: string,
  to: string,
): Promise<WeekBooking[]> {
  return rowsOf<WeekBooking>(
    db,
    sql`SELECT b.id AS "bookingId", b.desk_id AS "deskId", d.name AS "deskName", d.floor_id AS "floorId",
        f.name AS "floorName", d.neighbourhood_id AS "neighbourhoodId", b.time_slot AS "timeSlot",
        b.is_permanent AS "isPermanent", b.user_id AS "userId", b.booking_date::text AS "bookingDate", b.status,
        coalesce(nullif(trim(concat_ws(' ', nullif(trim(u.first_name), ''), nullif(trim(u.last_name), ''))), ''),
          split_part(u.email, '@', 1)) AS name
      FROM bookings b JOIN desks d ON d.id = b.desk_id JOIN floors f ON f.id = d.floor_id
        JOIN users u ON u.id = b.user_id
      WHERE b.organization_id = ${organizationId}::uuid AND f.site_id = ${siteId}::uuid AND b.status = 'active'
        AND (b.booking_date BETWEEN ${from}::date AND ${to}::date OR (b.is_permanent AND b.booking_date <= ${to}::date))
      ORDER BY b.booking_date, b.id`,
  );
}

/** The bookable desks of the site (rooms and parking aside, when desks have a kind). */
export function listSiteDesks(db: Database, organizationId: string, siteId: string): Promise<WeekDesk[]> {
  return rowsOf<WeekDesk>(
    db,
    sql`SELECT d.id, d.name, d.floor_id AS "floorId", d.neighbourhood_id AS "neighbourhoodId",
        d.position_x::float8 AS x, d.position_y::float8 AS y
      FROM desks d JOIN floors f ON f.id = d.floor_id
      WHERE d.organization_id = ${organizationId}::uuid AND f.site_id = ${siteId}::uuid AND d.bookable`,
  );
}

/** One person who asked for the evening mail, with the site whose evening it follows (home, else first). */
export interface DailyMailReader {
  organizationId: string;
  organizationName: string;
  userId: string;
  email: string;
  firstName: string | null;
  siteId: string;
  timeZone: string;
  dayEnd: string;
  workingDays: number[];
}

/** Everyone who asked for the mail, in organizations that show names. */
export function listDailyMailReaders(db: Database): Promise<DailyMailReader[]> {
  return rowsOf<DailyMailReader>(
    db,
    sql`SELECT o.id AS "organizationId", o.name AS "organizationName", u.id AS "userId", u.email,
        u.first_name AS "firstName", s.id AS "siteId", s.time_zone AS "timeZone",
        to_char(s.day_end, 'HH24:MI') AS "dayEnd", s.working_days::int[] AS "workingDays"
      FROM daily_mail_subscribers sub
      JOIN organizations o ON o.id = sub.organization_id AND NOT o.hide_names
      JOIN memberships m ON m.organization_id = sub.organization_id AND m.user_id = sub.user_id
      JOIN users u ON u.id = sub.user_id
      CROSS JOIN LATERAL (
        SELECT * FROM sites z WHERE z.organization_id = o.id
        ORDER BY (z.id = m.home_site_id) DESC NULLS LAST, z.created_at, z.id LIMIT 1
      ) s
      ORDER BY o.id, u.id`,
  );
}

/** Who of the people the reader follows or shares a team with has a desk at the site that day. */
export function listPeopleInFor(
  db: Database,
  reader: Pick<DailyMailReader, 'organizationId' | 'userId' | 'siteId'>,
  date: string,
): Promise<{ name: string; floorName: string }[]> {
  return rowsOf<{ name: string; floorName: string }>(
    db,
    sql`SELECT coalesce(nullif(trim(concat_ws(' ', nullif(trim(u.first_name), ''), nullif(trim(u.last_name), ''))), ''),
          split_part(u.email, '@', 1)) AS name, f.name AS "floorName"
      FROM bookings b JOIN desks d ON d.id = b.desk_id JOIN floors f ON f.id = d.floor_id JOIN users u ON u.id = b.user_id
      WHERE b.organization_id = ${reader.organizationId}::uuid AND f.site_id = ${reader.siteId}::uuid
        AND b.status = 'active' AND b.user_id <> ${reader.userId}::uuid
        AND (b.booking_date = ${date}::date OR (b.is_permanent AND b.booking_date <= ${date}::date))
        AND (b.user_id IN (SELECT followee_id FROM follows
              WHERE organization_id = ${reader.organizationId}::uuid AND follower_id = ${reader.userId}::uuid)
          OR b.user_id IN (SELECT other.user_id FROM team_members mine JOIN team_members other ON other.team_id = mine.team_id
              WHERE mine.organization_id = ${reader.organizationId}::uuid AND mine.user_id = ${reader.userId}::uuid))
      ORDER BY f.name, name`,
  );
}

/** Claims the day's mail for the person: true when this call claimed it (no other run or instance had). */
export async function claimDailyMail(
  db: Database,
  claim: { organizationId: string; userId: string; mailDate: string },
): Promise<boolean> {
  const rows = await db
    .insert(dailyMailsSent)
    .values(claim)
    .onConflictDoNothing()
    .returning({ id: dailyMailsSent.userId });
  return rows.length > 0;
}

/** The record of mails about days more than a week gone. */
export async function deleteOldDailyMailClaims(db: Database): Promise<void> {
  await db.delete(dailyMailsSent).where(sql`${dailyMailsSent.mailDate} < current_date - 7`);
}

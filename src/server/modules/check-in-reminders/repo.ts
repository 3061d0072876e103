import { sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import type { SiteHours } from '#domain/check-in.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { checkInRemindersSent } from '#server/db/schema.ts';
import { readerZoneOf, siteHoursColumns } from '../check-in/repo.ts';

/** One booking that may call for a reminder, with its desk's site's clock and what the mail says of it. */
export interface ReminderCandidate extends SiteHours {
  userId: string;
  email: string;
  firstName: string | null;
  /** The person's own zone: their home site's, else the organization's first site's. */
  readerZone: string;
  organizationId: string;
  organizationName: string;
  graceMinutes: number;
  autoRelease: boolean;
  bookingDate: string;
  timeSlot: TimeSlot;
  deskId: string;
  deskName: string;
  floorName: string;
}

/**
 * The bookings a reminder may be about at `now`: active, one-off, not checked in, on today or tomorrow of their
 * desk's site (each in its own zone), in an organization that requires check-in, of members who want reminders and
 * have not had that day's reminder. Organizations first, then each one's days from its sites' earliest today to their
 * latest tomorrow through an (organization_id, booking_date) index (bookings_active_by_date_idx or its sibling
 * bookings_team_by_date_idx, as the planner likes): the rest of a large bookings table is never read. Only the rows
 * of those days are joined to their desk's site, whose today decides. On 255,000 bookings, 5 organizations requiring
 * check-in: 3 ms before sites.
 */
export function listReminderCandidates(db: Database, now: Date): Promise<ReminderCandidate[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return rowsOf<ReminderCandidate>(
    db,
    sql`SELECT b.user_id AS "userId", u.email, u.first_name AS "firstName", o.id AS "organizationId",
        o.name AS "organizationName", ${siteHoursColumns}, ${readerZoneOf} AS "readerZone",
        o.check_in_grace_minutes AS "graceMinutes", o.auto_release AS "autoRelease",
        b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.desk_id AS "deskId", d.name AS "deskName",
        f.name AS "floorName"
      FROM organizations o
      CROSS JOIN LATERAL (
        SELECT min((${at} AT TIME ZONE z.time_zone)::date) AS earliest, max((${at} AT TIME ZONE z.time_zone)::date) AS latest
        FROM sites z WHERE z.organization_id = o.id
      ) t
      -- OFFSET 0 keeps this a scan of the organization's few days by (organization_id, booking_date): left to itself,
      -- the planner starts from the members and reads every active booking of each, of every date.
      CROSS JOIN LATERAL (
        SELECT b.user_id, b.desk_id, b.booking_date, b.time_slot FROM bookings b
        WHERE b.organization_id = o.id AND b.status = 'active' AND b.booking_date BETWEEN t.earliest AND t.latest + 1
          AND NOT b.is_permanent AND b.checked_in_at IS NULL
        OFFSET 0
      ) b
      JOIN users u ON u.id = b.user_id
      JOIN memberships m ON m.organization_id = o.id AND m.user_id = b.user_id
      JOIN desks d ON d.id = b.desk_id
      JOIN floors f ON f.id = d.floor_id
      JOIN sites s ON s.id = f.site_id
      WHERE o.check_in_required AND u.check_in_reminders
        AND b.booking_date - (${at} AT TIME ZONE s.time_zone)::date BETWEEN 0 AND 1
        AND NOT EXISTS (
          SELECT 1 FROM check_in_reminders_sent sent
          WHERE sent.user_id = b.user_id AND sent.organization_id = o.id AND sent.booking_date = b.booking_date
        )
      ORDER BY o.id, b.user_id, b.booking_date, b.time_slot, d.name`,
  );
}

export interface ReminderClaim {
  userId: string;
  organizationId: string;
  bookingDate: string;
}

/**
 * Claims reminders in one insert: answers the ones this call claimed. A claim another run or instance made first is
 * left out, so each reminder is sent once.
 */
export async function claimReminders(db: Database, claims: ReminderClaim[]): Promise<ReminderClaim[]> {
  if (claims.length === 0) return [];
  return db.insert(checkInRemindersSent).values(claims).onConflictDoNothing().returning({
    userId: checkInRemindersSent.userId,
    organizationId: checkInRemindersSent.organizationId,
    bookingDate: checkInRemindersSent.bookingDate,
  });
}

/** The record of reminders sent for days more than a week gone: nothing reads them once the day has passed. */
export async function deleteOldReminderClaims(db: Database): Promise<void> {
  await db.delete(checkInRemindersSent).where(sql`${checkInRemindersSent.bookingDate} < current_date - 7`);
}

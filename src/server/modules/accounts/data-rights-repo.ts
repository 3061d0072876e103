import { sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';

export interface AccountRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  checkInReminders: boolean;
  calendarFeedCreatedAt: Date | null;
}

/** The account's own fields; never the password hash, nor the calendar feed's token digest. */
export async function findAccount(db: Database, userId: string): Promise<AccountRecord | undefined> {
  const [row] = await rowsOf<AccountRecord>(
    db,
    sql`SELECT id, email, first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl",
        email_verified_at AS "emailVerifiedAt", created_at AS "createdAt", check_in_reminders AS "checkInReminders",
        (SELECT created_at FROM calendar_feeds WHERE user_id = users.id) AS "calendarFeedCreatedAt"
      FROM users WHERE id = ${userId}`,
  );
  return row;
}

export interface MembershipRecord {
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  role: Role;
  joinedAt: Date;
  /** Everyone in the organization, the user included. */
  memberCount: number;
  adminCount: number;
  /** A subscription the payment provider still renews: deleting the organization would not stop the billing. */
  isBilled: boolean;
}

export function listMemberships(db: Database, userId: string): Promise<MembershipRecord[]> {
  return rowsOf<MembershipRecord>(
    db,
    sql`SELECT o.id AS "organizationId", o.name AS "organizationName", o.slug AS "organizationSlug", m.role,
        m.created_at AS "joinedAt",
        (SELECT count(*)::int FROM memberships t WHERE t.organization_id = o.id) AS "memberCount",
        (SELECT count(*)::int FROM memberships t WHERE t.organization_id = o.id AND t.role = 'admin') AS "adminCount",
        EXISTS (SELECT 1 FROM subscriptions s WHERE s.organization_id = o.id AND s.status = 'active'
          AND s.provider_subscription_id IS NOT NULL) AS "isBilled"
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
      WHERE m.user_id = ${userId}
      ORDER BY o.name, o.id`,
  );
}

export interface BookingRecord {
  organizationName: string;
  deskName: string;
  floorName: string;
  bookingDate: string;
  timeSlot: string;
  status: string;
  isPermanent: boolean;
  notes: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
  checkedInAt: Date | null;
  releasedAt: Date | null;
  isWalkIn: boolean;
  /** Kept for analytics after its desk was deleted (migration 0018). */
  deskDeleted: boolean;
}

/** Every booking the user holds or held, in every organization, with those kept of desks deleted since. */
export function listBookings(db: Database, userId: string): Promise<BookingRecord[]> {
  return rowsOf<BookingRecord>(
    db,
    sql`SELECT o.name AS "organizationName", d.name AS "deskName", f.name AS "floorName",
        b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.is_permanent AS "isPermanent",
        b.notes, b.created_at AS "createdAt", b.cancelled_at AS "cancelledAt", b.checked_in_at AS "checkedInAt",
        b.released_at AS "releasedAt", b.is_walk_in AS "isWalkIn", false AS "deskDeleted"
      FROM bookings b JOIN organizations o ON o.id = b.organization_id
        JOIN desks d ON d.id = b.desk_id JOIN floors f ON f.id = d.floor_id
      WHERE b.user_id = ${userId}
      UNION ALL
      SELECT o.name, r.name, coalesce(f.name, rf.name, 'Deleted floor'), b.booking_date::text, b.time_slot, b.status,
        b.is_permanent, NULL, b.created_at, b.cancelled_at, b.checked_in_at, b.released_at, b.is_walk_in, true
      FROM retired_bookings b JOIN organizations o ON o.id = b.organization_id
        JOIN retired_desks r ON r.id = b.desk_id
        LEFT JOIN floors f ON f.id = r.floor_id LEFT JOIN retired_floors rf ON rf.id = r.floor_id
      WHERE b.user_id = ${userId}
      ORDER BY "bookingDate" DESC, "createdAt" DESC`,
  );
}

export interface InvitationRecord {
  organizationName: string;
  email: string;
  role: Role;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** Invitations the user sent (the last to send each one, for a re-sent invitation). */
export function listInvitationsSent(db: Database, userId: string): Promise<InvitationRecord[]> {
  return rowsOf<InvitationRecord>(
    db,
    sql`SELECT o.name AS "organizationName", i.email, i.role, i.created_at AS "createdAt", i.sent_at AS "sentAt",
        i.expires_at AS "expiresAt", i.accepted_at AS "acceptedAt", i.revoked_at AS "revokedAt"
      FROM invitations i JOIN organizations o ON o.id = i.organization_id
      WHERE i.invited_by = ${userId}
      ORDER BY i.created_at DESC`,
  );
}

export interface SessionRecord {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  signInMethod: string;
}

/** The user's sessions, without their ids (a session id is a credential). */
export function listSessions(db: Database, userId: string): Promise<SessionRecord[]> {
  return rowsOf<SessionRecord>(
    db,
    sql`SELECT created_at AS "createdAt", last_seen_at AS "lastSeenAt", expires_at AS "expiresAt",
        sign_in_method AS "signInMethod"
      FROM sessions WHERE user_id = ${userId} AND expires_at > now()
      ORDER BY created_at DESC`,
  );
}

export interface AuditActionRecord {
  organizationName: string | null;
  action: string;
  createdAt: Date;
}

/** The administrator actions the user took, as the audit log records them (without details about others). */
export function listAuditActionsBy(db: Database, userId: string): Promise<AuditActionRecord[]> {
  return rowsOf<AuditActionRecord>(
    db,
    sql`SELECT o.name AS "organizationName", e.action, e.created_at AS "createdAt"
      FROM audit_events e LEFT JOIN organizations o ON o.id = e.organization_id
      WHERE e.actor_user_id = ${userId}
      ORDER BY e.id DESC`,
  );
}

/** The password hash, for confirming a deletion; null for an account without a password. */
export async function findPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [row] = await rowsOf<{ passwordHash: string | null }>(
    db,
    sql`SELECT password_hash AS "passwordHash" FROM users WHERE id = ${userId}`,
  );
  return row?.passwordHash ?? null;
}

/**
 * Deletes organizations with everything in them (floors, desks, bookings, invitations, subscription cascade), and
 * the booking revisions of their desks: those rows have no foreign key (migration 0010), and the cascade's own
 * booking deletions have just bumped them, so they go after it, in the same transaction.
 */
export async function deleteOrganizations(db: Database, organizationIds: string[]): Promise<void> {
  if (organizationIds.length === 0) return;
  await db.execute(sql`DELETE FROM organizations WHERE id IN ${organizationIds}`);
  await db.execute(sql`DELETE FROM desk_booking_revisions WHERE organization_id IN ${organizationIds}`);
}

/**
 * Deletes the account. Its sessions, tokens, memberships, uploads records and bookings go with it (ON DELETE
 * CASCADE); other people's rows that merely refer to it (invitations sent, bookings it cancelled, audit events)
 * stay, with the reference set to null.
 */
export async function deleteUser(db: Database, userId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(db, sql`DELETE FROM users WHERE id = ${userId} RETURNING id`);
  return rows.length > 0;
}

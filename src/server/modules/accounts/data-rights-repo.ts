import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import {
  auditEvents,
  calendarFeeds,
  deskBookingRevisions,
  invitations,
  memberships,
  organizations,
  sessions,
  users,
} from '#server/db/schema.ts';

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
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      checkInReminders: users.checkInReminders,
      // A person has one feed at most (its key is the user).
      calendarFeedCreatedAt: calendarFeeds.createdAt,
    })
    .from(users)
    .leftJoin(calendarFeeds, eq(calendarFeeds.userId, users.id))
    .where(eq(users.id, userId));
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
  homeSite: string | null;
  teams: string[];
}

export function listMemberships(db: Database, userId: string): Promise<MembershipRecord[]> {
  return db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      memberCount: sql<number>`(SELECT count(*)::int FROM memberships t WHERE t.organization_id = ${organizations.id})`,
      adminCount: sql<number>`(SELECT count(*)::int FROM memberships t
        WHERE t.organization_id = ${organizations.id} AND t.role = 'admin')`,
      isBilled: sql<boolean>`EXISTS (SELECT 1 FROM subscriptions s WHERE s.organization_id = ${organizations.id}
        AND s.status = 'active' AND s.provider_subscription_id IS NOT NULL)`,
      /** Issue 28: the site the person chose to open on. */
      homeSite: sql<string | null>`(SELECT s.name FROM sites s WHERE s.id = ${memberships.homeSiteId})`,
      /** Issue 29: the teams the person is in there, by name. */
      teams: sql<string[]>`(SELECT coalesce(array_agg(t.name ORDER BY t.name), '{}') FROM team_members tm
        JOIN teams t ON t.id = tm.team_id
        WHERE tm.organization_id = ${organizations.id} AND tm.user_id = ${memberships.userId})`,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
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

/**
 * Every booking the user holds or held, in every organization, with those kept of desks deleted since: a UNION ALL of
 * the live and the retired tables, in SQL (decision 025).
 */
export async function listBookings(db: Database, userId: string): Promise<BookingRecord[]> {
  // Raw rows carry instants as the driver's text.
  const rows = await rowsOf<
    Omit<BookingRecord, 'createdAt' | 'cancelledAt' | 'checkedInAt' | 'releasedAt'> & {
      createdAt: string;
      cancelledAt: string | null;
      checkedInAt: string | null;
      releasedAt: string | null;
    }
  >(
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
  const instant = (value: string | null) => (value === null ? null : new Date(value));
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    cancelledAt: instant(row.cancelledAt),
    checkedInAt: instant(row.checkedInAt),
    releasedAt: instant(row.releasedAt),
  }));
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
  return db
    .select({
      organizationName: organizations.name,
      email: invitations.email,
      role: invitations.role,
      createdAt: invitations.createdAt,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.invitedBy, userId))
    .orderBy(desc(invitations.createdAt));
}

export interface SessionRecord {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  signInMethod: string;
}

/** The user's sessions, without their ids (a session id is a credential). */
export function listSessions(db: Database, userId: string): Promise<SessionRecord[]> {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      signInMethod: sessions.signInMethod,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt));
}

export interface AuditActionRecord {
  organizationName: string | null;
  action: string;
  createdAt: Date;
}

/** The administrator actions the user took, as the audit log records them (without details about others). */
export function listAuditActionsBy(db: Database, userId: string): Promise<AuditActionRecord[]> {
  return db
    .select({ organizationName: organizations.name, action: auditEvents.action, createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId))
    .where(eq(auditEvents.actorUserId, userId))
    .orderBy(desc(auditEvents.id));
}

/** The password hash, for confirming a deletion; null for an account without a password. */
export async function findPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/**
 * Deletes organizations with everything in them (floors, desks, bookings, invitations, subscription cascade), and
 * the booking revisions of their desks: those rows have no foreign key (migration 0010), and the cascade's own
 * booking deletions have just bumped them, so they go after it, in the same transaction.
 */
export async function deleteOrganizations(db: Database, organizationIds: string[]): Promise<void> {
  if (organizationIds.length === 0) return;
  await db.delete(organizations).where(inArray(organizations.id, organizationIds));
  await db.delete(deskBookingRevisions).where(inArray(deskBookingRevisions.organizationId, organizationIds));
}

/**
 * Deletes the account. Its sessions, tokens, memberships, uploads records and bookings go with it (ON DELETE
 * CASCADE); other people's rows that merely refer to it (invitations sent, bookings it cancelled, audit events)
 * stay, with the reference set to null.
 */
export async function deleteUser(db: Database, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

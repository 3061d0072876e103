import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { invitations, memberships, organizations, subscriptions, users } from '#server/db/schema.ts';

export type InvitationRow = typeof invitations.$inferSelect;

/** Neither accepted nor revoked; it may have expired (inviting again then renews it). */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
/** Open and not expired: what counts against the plan and what a link can still be used for. */
const isPending = and(isOpen, gt(invitations.expiresAt, sql`now()`));

export async function findMemberEmails(db: Database, organizationId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(users.email, emails)));
  return new Set(rows.map((row) => row.email));
}

export async function findOpenInvitationsByEmail(
  db: Database,
  organizationId: string,
  emails: string[],
): Promise<Map<string, InvitationRow>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), inArray(invitations.email, emails), isOpen));
  return new Map(rows.map((row) => [row.email, row]));
}

export async function countPendingInvitations(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isPending));
  return row?.total ?? 0;
}

export async function insertInvitation(
  db: Database,
  values: {
    organizationId: string;
    email: string;
    role: Role;
    tokenDigest: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** A fresh token and expiry for an open invitation (re-sending); the old link stops working. */
export async function renewInvitation(
  db: Database,
  id: string,
  values: { tokenDigest: string; expiresAt: Date; role: Role; invitedBy: string },
): Promise<InvitationRow> {
  const [row] = await db
    .update(invitations)
    .set({ ...values, sentAt: sql`now()` })
    .where(and(eq(invitations.id, id), isOpen))
    .returning();
  if (!row) throw new Error('invitation to renew is gone');
  return row;
}

export function listPendingInvitations(db: Database, organizationId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isPending))
    .orderBy(asc(invitations.createdAt), asc(invitations.email));
}

export async function findOpenInvitation(
  db: Database,
  organizationId: string,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isOpen))
    .limit(1);
  return row;
}

export async function revokeInvitation(db: Database, organizationId: string, invitationId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isOpen))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export interface LiveInvitation {
  invitation: InvitationRow;
  organizationName: string;
  maxUsers: number | null;
}

/** The pending invitation behind a link's digest, with its organization's name and user limit. */
export async function findPendingInvitationByDigest(
  db: Database,
  tokenDigest: string,
): Promise<LiveInvitation | undefined> {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name, maxUsers: subscriptions.maxUsers })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, invitations.organizationId))
    .where(and(eq(invitations.tokenDigest, tokenDigest), isPending))
    .limit(1);
  return row;
}

/** Uses the invitation up; false when it was used, revoked or expired meanwhile. */
export async function markAccepted(db: Database, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(and(eq(invitations.id, id), isPending))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/**
 * Deleting an account: the invitations sent to its address or accepted by it go. Those it sent stay for their
 * invitees, their sender already forgotten (invited_by is set null with the account).
 */
export async function deleteInvitationsOfPerson(
  db: Database,
  person: { userId: string; email: string },
): Promise<void> {
  await db
    .delete(invitations)
    .where(or(eq(invitations.email, person.email.toLowerCase()), eq(invitations.acceptedBy, person.userId)));
}

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { memberships, users } from '#server/db/schema.ts';

export interface MemberRow {
  userId: string;
  role: Role;
  createdAt: Date;
  user: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  };
}

const memberColumns = {
  userId: memberships.userId,
  role: memberships.role,
  createdAt: memberships.createdAt,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    profileImageUrl: users.profileImageUrl,
  },
};

/**
 * Serializes every change to one organization's team (roles, removals, invitations, joining) until the
 * transaction ends, so that checks such as "the last admin" or "the plan's user limit" cannot be raced
 * past by two requests at once, on any number of instances. A transaction-level advisory lock: it
 * does not touch the organization row, which desks and floors reference.
 */
export async function lockTeam(db: Database, organizationId: string): Promise<void> {
  await rowsOf(db, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`perch-team:${organizationId}`}, 0))`);
}

export function listMembers(db: Database, organizationId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
}

export async function findMember(db: Database, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** Whether the user is an admin of the organization (the platform organization, for platform admins). */
export async function isAdminOf(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(memberships.role, 'admin'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function countMembers(db: Database, organizationId: string, role?: Role): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .where(
      role
        ? and(eq(memberships.organizationId, organizationId), eq(memberships.role, role))
        : eq(memberships.organizationId, organizationId),
    );
  return row?.total ?? 0;
}

export async function updateRole(db: Database, organizationId: string, userId: string, role: Role): Promise<void> {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function deleteMembership(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
  return rows.length > 0;
}

export async function insertMembership(
  db: Database,
  values: { organizationId: string; userId: string; role: Role },
): Promise<void> {
  await db.insert(memberships).values(values);
}

/** The ids of everyone in the organization. */
export async function memberIdsOf(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return rows.map((row) => row.userId);
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { memberships, organizations, subscriptions, users } from '#server/db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Creates the organization with this fixed id when it is missing; answers whether it did. */
export async function insertOrganizationIfMissing(
  db: Database,
  values: { id: string; name: string; slug: string; timeZone: string },
): Promise<boolean> {
  const rows = await db
    .insert(organizations)
    .values(values)
    .onConflictDoNothing({ target: organizations.id })
    .returning({ id: organizations.id });
  return rows.length > 0;
}

export async function organizationExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
  return rows.length > 0;
}

export async function isSlugTaken(db: Database, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug))
    .limit(1);
  return rows.length > 0;
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

/** Makes the user an admin of the organization, adding the membership or raising its role. */
export async function upsertAdminMembership(db: Database, organizationId: string, userId: string): Promise<void> {
  await db
    .insert(memberships)
    .values({ organizationId, userId, role: 'admin' })
    .onConflictDoUpdate({ target: [memberships.organizationId, memberships.userId], set: { role: 'admin' } });
}

export interface OverviewRow {
  id: string;
  name: string;
  slug: string;
  createdAt: Date;
  memberCount: number;
  adminEmails: string[];
  subscription: SubscriptionRow | null;
}

/** Every organization with its member count, admin addresses and subscription, newest first. */
export async function listOrganizationsOverview(db: Database): Promise<OverviewRow[]> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      createdAt: organizations.createdAt,
      memberCount: sql<number>`(SELECT count(*)::int FROM memberships m WHERE m.organization_id = ${organizations.id})`,
      adminEmails: sql<string[]>`(SELECT coalesce(json_agg(u.email ORDER BY u.email), '[]'::json)
        FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${organizations.id} AND m.role = 'admin')`,
      subscription: subscriptions,
    })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .orderBy(sql`${organizations.createdAt} DESC`, organizations.name);
  return rows.map((row) => ({
    ...row,
    memberCount: Number(row.memberCount),
    adminEmails: typeof row.adminEmails === 'string' ? JSON.parse(row.adminEmails) : row.adminEmails,
  }));
}

import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { memberships, organizations, subscriptions } from '#server/db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export interface MemberOrganization {
  organization: OrganizationRow;
  subscription: SubscriptionRow | null;
  role: Role;
}

const memberOrganizationColumns = {
  organization: organizations,
  subscription: subscriptions,
  role: memberships.role,
};

/** Inserts the organization, or answers undefined when the slug is taken. */
export async function insertOrganization(
  db: Database,
  values: { name: string; slug: string; timeZone: string },
): Promise<OrganizationRow | undefined> {
  const [row] = await db.insert(organizations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listOrganizationsOfUser(db: Database, userId: string): Promise<MemberOrganization[]> {
  return db
    .select(memberOrganizationColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
}

/** The organization as seen by one of its members; undefined when the user is not a member. */
export async function findOrganizationOfUser(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<MemberOrganization | undefined> {
  const [row] = await db
    .select(memberOrganizationColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** Saves the organization's default zoom (the floor plan shown without a floor); undefined when it does not exist. */
export async function updateOrganizationZoom(
  db: Database,
  organizationId: string,
  defaultZoomLevel: number,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ defaultZoomLevel: String(defaultZoomLevel) })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}

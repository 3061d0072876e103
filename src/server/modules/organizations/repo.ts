import { and, asc, eq, exists } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { memberships, organizations, sites, subscriptions } from '#server/db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export interface MemberOrganization {
  organization: OrganizationRow;
  subscription: SubscriptionRow | null;
  role: Role;
  /** The member's home site (migration 0024), null for the organization's first site. */
  homeSiteId: string | null;
}

const memberOrganizationColumns = {
  organization: organizations,
  subscription: subscriptions,
  role: memberships.role,
  homeSiteId: memberships.homeSiteId,
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

/** Hides names from members, or shows them again (migration 0029); false when the organization does not exist. */
export async function updateHideNames(db: Database, organizationId: string, hideNames: boolean): Promise<boolean> {
  const updated = await db
    .update(organizations)
    .set({ hideNames })
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return updated.length > 0;
}

/**
 * The member's home site, when it is a site of the organization (answers false otherwise: another tenant's site or
 * one deleted meanwhile).
 */
export async function updateHomeSite(
  db: Database,
  organizationId: string,
  userId: string,
  siteId: string,
): Promise<boolean> {
  const updated = await db
    .update(memberships)
    .set({ homeSiteId: siteId })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        exists(
          db
            .select({ id: sites.id })
            .from(sites)
            .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId))),
        ),
      ),
    )
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

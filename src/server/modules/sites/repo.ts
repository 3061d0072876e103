import { and, asc, eq, sql } from 'drizzle-orm';
import type { TimeSlot } from '#domain/bookings.ts';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { floors, memberships, sites } from '#server/db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;
export type SiteWithFloors = SiteRow & { floorCount: number };

/** The changes PUT /api/sites/{siteId} may make, as the table holds them. */
export type SiteChanges = Partial<Pick<SiteRow, 'name' | 'address' | 'timeZone' | 'dayStart' | 'midday' | 'dayEnd'>> & {
  workingDays?: number[];
};

// Spelled out: drizzle writes a column of the one table selected from without its table, which `f` would capture.
const floorCount = sql<number>`(SELECT count(*)::int FROM floors f WHERE f.site_id = sites.id)`.as('floor_count');

/** The organization's sites in creation order (the first is its own, made with it), each with its number of floors. */
export async function listSites(db: Database, organizationId: string): Promise<SiteWithFloors[]> {
  const rows = await db
    .select({ site: sites, floorCount })
    .from(sites)
    .where(eq(sites.organizationId, organizationId))
    .orderBy(asc(sites.createdAt), asc(sites.id));
  return rows.map((row) => ({ ...row.site, floorCount: row.floorCount }));
}

/** The site with the caller's role in its organization; undefined when it does not exist or the user is no member. */
export async function findSiteOfMember(
  db: Database,
  siteId: string,
  userId: string,
): Promise<{ site: SiteRow; role: Role } | undefined> {
  const [row] = await db
    .select({ site: sites, role: memberships.role })
    .from(sites)
    .innerJoin(memberships, and(eq(memberships.organizationId, sites.organizationId), eq(memberships.userId, userId)))
    .where(eq(sites.id, siteId))
    .limit(1);
  return row;
}

/**
 * The organization's first site: the one organizations.time_zone copies (migration 0024). With `lock`, held against
 * deletion until the transaction ends (a first site deleted meanwhile is skipped for the next).
 */
export async function findFirstSite(
  db: Database,
  organizationId: string,
  options: { lock?: boolean } = {},
): Promise<SiteRow | undefined> {
  const query = db
    .select()
    .from(sites)
    .where(eq(sites.organizationId, organizationId))
    .orderBy(asc(sites.createdAt), asc(sites.id))
    .limit(1);
  const [row] = options.lock ? await query.for('key share') : await query;
  return row;
}

/**
 * The organization's site (undefined when it is not the organization's, or was just deleted). With `lock`, locked
 * against deletion until the transaction ends: a floor going onto it waits for a deletion under way, then finds none.
 */
export async function findSiteInOrganization(
  db: Database,
  organizationId: string,
  siteId: string,
  options: { lock?: boolean } = {},
): Promise<SiteRow | undefined> {
  const query = db
    .select()
    .from(sites)
    .where(and(eq(sites.organizationId, organizationId), eq(sites.id, siteId)))
    .limit(1);
  const [row] = options.lock ? await query.for('key share') : await query;
  return row;
}

/** The site locked for a change (two admins saving at once apply one after the other, each from what the other left). */
export async function lockSite(db: Database, organizationId: string, siteId: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.organizationId, organizationId), eq(sites.id, siteId)))
    .limit(1)
    .for('update');
  return row;
}

/** How many sites the organization has (under lockOrganizationAdditions, so that additions at once count in turn). */
export async function countSites(db: Database, organizationId: string): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM sites WHERE organization_id = ${organizationId}`,
  );
  return row?.count ?? 0;
}

export async function insertSite(
  db: Database,
  values: Omit<typeof sites.$inferInsert, 'id' | 'createdAt'> & { organizationId: string },
): Promise<SiteRow> {
  const [row] = await db.insert(sites).values(values).returning();
  if (!row) throw new Error('inserted site was not returned');
  return row;
}

export async function updateSite(
  db: Database,
  organizationId: string,
  siteId: string,
  changes: SiteChanges,
): Promise<SiteRow | undefined> {
  const [row] = await db
    .update(sites)
    .set(changes)
    .where(and(eq(sites.organizationId, organizationId), eq(sites.id, siteId)))
    .returning();
  return row;
}

/**
 * Every site of the organization locked until the transaction ends, in one order: two deletions at once cannot leave
 * the organization without a site, and a floor moved onto a site (which takes a key-share lock on it) is counted.
 */
export async function lockSitesOfOrganization(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.organizationId, organizationId))
    .orderBy(asc(sites.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function countFloorsOfSite(db: Database, organizationId: string, siteId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(floors)
    .where(and(eq(floors.organizationId, organizationId), eq(floors.siteId, siteId)));
  return row?.count ?? 0;
}

export async function deleteSite(db: Database, organizationId: string, siteId: string): Promise<boolean> {
  const deleted = await db
    .delete(sites)
    .where(and(eq(sites.organizationId, organizationId), eq(sites.id, siteId)))
    .returning({ id: sites.id });
  return deleted.length > 0;
}

/** Where bookings are counted: a whole site, or one floor (moved to another site). */
export type BookingScope = { siteId: string } | { floorId: string };

/**
 * Bookings `b` of desks `d` on floors `f` of the scope that still hold a desk: active, from the site's today (in its
 * zone) on, or permanent.
 */
function upcomingIn(organizationId: string, scope: BookingScope) {
  const where = 'siteId' in scope ? sql`f.site_id = ${scope.siteId}` : sql`f.id = ${scope.floorId}`;
  return sql`FROM bookings b
    JOIN desks d ON d.id = b.desk_id
    JOIN floors f ON f.id = d.floor_id
    JOIN sites s ON s.id = f.site_id
    WHERE f.organization_id = ${organizationId} AND ${where} AND b.status = 'active'
      AND (b.is_permanent OR b.booking_date >= (now() AT TIME ZONE s.time_zone)::date)`;
}

/** How many upcoming bookings a change of the site's zone or hours moves, and how many people own them. */
export async function countUpcomingBookings(
  db: Database,
  organizationId: string,
  siteId: string,
): Promise<{ upcomingBookings: number; people: number }> {
  const [row] = await rowsOf<{ upcomingBookings: number; people: number }>(
    db,
    sql`SELECT count(*)::int AS "upcomingBookings", count(DISTINCT b.user_id)::int AS people
      ${upcomingIn(organizationId, { siteId })}`,
  );
  return row ?? { upcomingBookings: 0, people: 0 };
}

/** One upcoming booking of an owner, for the mail that tells them its times changed. */
export interface OwnerBooking {
  userId: string;
  email: string;
  deskName: string;
  floorName: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  isPermanent: boolean;
  /** How many upcoming bookings on the site the owner has in all (only the first `perOwner` are listed). */
  ownerTotal: number;
}

/** The upcoming bookings of the scope, the first `perOwner` of each owner in date order, with each owner's total. */
export async function listUpcomingBookingsByOwner(
  db: Database,
  organizationId: string,
  scope: BookingScope,
  perOwner: number,
): Promise<OwnerBooking[]> {
  return rowsOf<OwnerBooking>(
    db,
    sql`SELECT "userId", u.email, "deskName", "floorName", "bookingDate", "timeSlot", "isPermanent", "ownerTotal"
      FROM (
        SELECT b.user_id AS "userId", d.name AS "deskName", f.name AS "floorName",
          to_char(b.booking_date, 'YYYY-MM-DD') AS "bookingDate", b.time_slot AS "timeSlot",
          b.is_permanent AS "isPermanent",
          (count(*) OVER (PARTITION BY b.user_id))::int AS "ownerTotal",
          row_number() OVER (PARTITION BY b.user_id ORDER BY b.booking_date,
            CASE b.time_slot WHEN 'afternoon' THEN 1 ELSE 0 END, d.name, b.id) AS position
        ${upcomingIn(organizationId, scope)}
      ) listed
      JOIN users u ON u.id = listed."userId"
      WHERE position <= ${perOwner}
      ORDER BY "userId", position`,
  );
}

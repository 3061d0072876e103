import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { desks, floors, memberships } from '#server/db/schema.ts';
import { type BookingRow, bookingColumns, bookingJoins } from '../bookings/repo.ts';

export type FloorRow = typeof floors.$inferSelect;

// Any fixed number, distinct from the other advisory-lock users (migrations, jobs); the second key is the organization.
const firstFloorLockNamespace = 7_471_101;

export async function listFloors(db: Database, organizationId: string): Promise<FloorRow[]> {
  return db
    .select()
    .from(floors)
    .where(eq(floors.organizationId, organizationId))
    .orderBy(asc(floors.createdAt), asc(floors.id));
}

/** The organization's first site, as SQL: where a floor goes when nobody says (migration 0024). */
export function firstSiteOf(organizationId: string) {
  return sql<string>`(SELECT id FROM sites WHERE organization_id = ${organizationId} ORDER BY created_at, id LIMIT 1)`;
}

export async function insertFloor(
  db: Database,
  values: { organizationId: string; name: string; siteId?: string },
): Promise<FloorRow> {
  const [row] = await db
    .insert(floors)
    .values({ ...values, siteId: values.siteId ?? firstSiteOf(values.organizationId) })
    .returning();
  if (!row) throw new Error('inserted floor was not returned');
  return row;
}

/**
 * Creates the organization's first floor unless it has one. Concurrent callers queue on an advisory lock
 * held until their transaction ends, so exactly one of them inserts, on any number of server instances.
 */
export async function insertFirstFloorOnce(db: Database, organizationId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockFloorsOfOrganization(tx, organizationId);
    const [existing] = await tx
      .select({ id: floors.id })
      .from(floors)
      .where(eq(floors.organizationId, organizationId))
      .limit(1);
    if (!existing) await tx.insert(floors).values({ organizationId, name, siteId: firstSiteOf(organizationId) });
  });
}

// floors.desks_revision (migration 0003) is read as text: a bigint that only the database's triggers write.
const desksRevision = sql<string>`${floors.desksRevision}::text`.as('desks_revision');

/**
 * The floor with the caller's role in its organization and the revision of its desks (see migration 0003);
 * undefined when the floor does not exist or the user is not a member of its organization.
 */
export async function findFloorOfMember(
  db: Database,
  floorId: string,
  userId: string,
): Promise<{ floor: FloorRow; role: Role; desksRevision: string } | undefined> {
  const [row] = await db
    .select({ floor: floors, role: memberships.role, desksRevision })
    .from(floors)
    .innerJoin(memberships, and(eq(memberships.organizationId, floors.organizationId), eq(memberships.userId, userId)))
    .where(eq(floors.id, floorId))
    .limit(1);
  return row;
}

export async function findFloorInOrganization(
  db: Database,
  organizationId: string,
  floorId: string,
): Promise<FloorRow | undefined> {
  const [row] = await db
    .select()
    .from(floors)
    .where(and(eq(floors.organizationId, organizationId), eq(floors.id, floorId)))
    .limit(1);
  return row;
}

/** A new name, a new default zoom, another site, or several; undefined when the floor is not the organization's. */
export async function updateFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  changes: { name?: string; defaultZoomLevel?: number; siteId?: string },
): Promise<FloorRow | undefined> {
  const { name, defaultZoomLevel, siteId } = changes;
  const [row] = await db
    .update(floors)
    .set({ name, siteId, defaultZoomLevel: defaultZoomLevel === undefined ? undefined : String(defaultZoomLevel) })
    .where(and(eq(floors.organizationId, organizationId), eq(floors.id, floorId)))
    .returning();
  return row;
}

/**
 * Serialises changes to which floors an organization has (deleting one, creating the first one in
 * insertFirstFloorOnce): held until the transaction ends.
 */
export async function lockFloorsOfOrganization(db: Database, organizationId: string): Promise<void> {
  await rowsOf(db, sql`SELECT pg_advisory_xact_lock(${firstFloorLockNamespace}, hashtext(${organizationId}))`);
}

/** What deleting the floor would take with it: its desks, and its desks' bookings from the organization's today on. */
export async function countFloorContents(
  db: Database,
  organizationId: string,
  floorId: string,
): Promise<{ desks: number; upcomingBookings: number; floors: number }> {
  const [row] = await rowsOf<{ desks: number; upcomingBookings: number; floors: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM desks WHERE organization_id = ${organizationId} AND floor_id = ${floorId}) AS desks,
      (SELECT count(*)::int FROM bookings b JOIN desks d ON d.id = b.desk_id ${upcomingOnFloor(organizationId, floorId)})
        AS "upcomingBookings",
      (SELECT count(*)::int FROM floors WHERE organization_id = ${organizationId}) AS floors`,
  );
  return row ?? { desks: 0, upcomingBookings: 0, floors: 0 };
}

/** Bookings `b` of desks `d` on the floor that still hold a desk: active, from its site's today, or permanent. */
function upcomingOnFloor(organizationId: string, floorId: string) {
  const siteZone = sql`(SELECT fs.time_zone FROM floors ff JOIN sites fs ON fs.id = ff.site_id WHERE ff.id = ${floorId})`;
  return sql`WHERE d.organization_id = ${organizationId} AND d.floor_id = ${floorId} AND b.status = 'active'
      AND (b.is_permanent OR b.booking_date >= (now() AT TIME ZONE ${siteZone})::date)`;
}

/**
 * The floor's desks locked for deletion, then the bookings the deletion will cancel. Locked first: a booking being
 * made on one of them waits for the deletion (and then fails), so none is deleted without its owner being told.
 */
export async function lockFloorForDeletion(
  db: Database,
  organizationId: string,
  floorId: string,
): Promise<{ desks: number; bookings: BookingRow[] }> {
  const locked = await db
    .select({ id: desks.id })
    .from(desks)
    .where(and(eq(desks.organizationId, organizationId), eq(desks.floorId, floorId)))
    .orderBy(asc(desks.id))
    .for('update');
  const bookings = await rowsOf<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} FROM bookings b ${bookingJoins} ${upcomingOnFloor(organizationId, floorId)}
      ORDER BY b.booking_date, d.name`,
  );
  return { desks: locked.length, bookings };
}

/** Deletes the floor; its desks and their bookings go with it (foreign keys, migrations 0002 and 0004). */
export async function deleteFloor(db: Database, organizationId: string, floorId: string): Promise<boolean> {
  const deleted = await db
    .delete(floors)
    .where(and(eq(floors.organizationId, organizationId), eq(floors.id, floorId)))
    .returning({ id: floors.id });
  return deleted.length > 0;
}

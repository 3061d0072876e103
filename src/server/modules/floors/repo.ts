import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { floors, memberships } from '#server/db/schema.ts';

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

export async function insertFloor(db: Database, values: { organizationId: string; name: string }): Promise<FloorRow> {
  const [row] = await db.insert(floors).values(values).returning();
  if (!row) throw new Error('inserted floor was not returned');
  return row;
}

/**
 * Creates the organization's first floor unless it has one. Concurrent callers queue on an advisory lock
 * held until their transaction ends, so exactly one of them inserts, on any number of server instances.
 */
export async function insertFirstFloorOnce(db: Database, organizationId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${firstFloorLockNamespace}, hashtext(${organizationId}))`);
    const [existing] = await tx
      .select({ id: floors.id })
      .from(floors)
      .where(eq(floors.organizationId, organizationId))
      .limit(1);
    if (!existing) await tx.insert(floors).values({ organizationId, name });
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

export async function updateFloorZoom(
  db: Database,
  organizationId: string,
  floorId: string,
  defaultZoomLevel: number,
): Promise<FloorRow | undefined> {
  const [row] = await db
    .update(floors)
    .set({ defaultZoomLevel: String(defaultZoomLevel) })
    .where(and(eq(floors.organizationId, organizationId), eq(floors.id, floorId)))
    .returning();
  return row;
}

import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { desks, floors, memberships } from '#server/db/schema.ts';

/** The columns of FloorDeskRow. */
const floorDeskColumns = {
  id: desks.id,
  name: desks.name,
  description: desks.description,
  positionX: desks.positionX,
  positionY: desks.positionY,
  width: desks.width,
  height: desks.height,
  rotation: desks.rotation,
};

/** What a desk view needs, and nothing else (created_at stays in the database). */
const deskColumns = { ...floorDeskColumns, organizationId: desks.organizationId, floorId: desks.floorId };

/** A desk with its floor's name; the join also holds the floor to the desk's organization. */
const withFloorColumns = { ...deskColumns, floorName: floors.name };
const floorOfDesk = and(eq(floors.id, desks.floorId), eq(floors.organizationId, desks.organizationId));

/** A desk as listed on its floor: the organization and floor are the caller's, so they are not read 2,000 times. */
export interface FloorDeskRow {
  id: string;
  name: string;
  description: string | null;
  positionX: string;
  positionY: string;
  width: string;
  height: string;
  rotation: number;
}

export interface DeskRow extends FloorDeskRow {
  organizationId: string;
  floorId: string;
}

export interface DeskWithFloorRow extends DeskRow {
  floorName: string;
}

/** One query on desks_floor_idx, which also gives the order. */
export async function listDesksOfFloor(db: Database, organizationId: string, floorId: string): Promise<FloorDeskRow[]> {
  return db
    .select(floorDeskColumns)
    .from(desks)
    .where(and(eq(desks.floorId, floorId), eq(desks.organizationId, organizationId)))
    .orderBy(asc(desks.createdAt), asc(desks.id));
}

/** Every desk of the organization with its floor's name, in one query (desks_organization_idx, floors by key). */
export async function listDesksOfOrganization(db: Database, organizationId: string): Promise<DeskWithFloorRow[]> {
  return db
    .select(withFloorColumns)
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .where(eq(desks.organizationId, organizationId))
    .orderBy(asc(floors.createdAt), asc(floors.id), asc(desks.createdAt), asc(desks.id));
}

/** A desk of this organization with its floor's name, or undefined. */
export async function findDeskInOrganization(
  db: Database,
  organizationId: string,
  deskId: string,
): Promise<DeskWithFloorRow | undefined> {
  const [row] = await db
    .select(withFloorColumns)
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .where(and(eq(desks.id, deskId), eq(desks.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** Which of these desks belong to the organization, with their floors' names. */
export async function findDesksInOrganization(
  db: Database,
  organizationId: string,
  deskIds: string[],
): Promise<DeskWithFloorRow[]> {
  if (deskIds.length === 0) return [];
  return db
    .select(withFloorColumns)
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .where(and(eq(desks.organizationId, organizationId), inArray(desks.id, deskIds)));
}

/** The organization's desks except some, those of the preferred floor first, then by floor and name. */
export async function listDesksExcept(
  db: Database,
  organizationId: string,
  preferredFloorId: string,
  exceptDeskIds: string[],
  limit: number,
): Promise<DeskWithFloorRow[]> {
  const conditions: SQL[] = [eq(desks.organizationId, organizationId)];
  if (exceptDeskIds.length > 0) conditions.push(notInArray(desks.id, exceptDeskIds));
  return db
    .select(withFloorColumns)
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .where(and(...conditions))
    .orderBy(
      sql`(${desks.floorId} = ${preferredFloorId}) DESC`,
      asc(floors.createdAt),
      asc(floors.id),
      asc(desks.name),
      asc(desks.id),
    )
    .limit(limit);
}

/** The desk with the caller's role in its organization; undefined when it does not exist or the user is no member. */
export async function findDeskOfMember(
  db: Database,
  deskId: string,
  userId: string,
): Promise<{ desk: DeskWithFloorRow; role: Role } | undefined> {
  const [row] = await db
    .select({ desk: withFloorColumns, role: memberships.role })
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .innerJoin(memberships, and(eq(memberships.organizationId, desks.organizationId), eq(memberships.userId, userId)))
    .where(eq(desks.id, deskId))
    .limit(1);
  return row;
}

export interface NewDesk {
  organizationId: string;
  floorId: string;
  name: string;
  description: string;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  rotation: number;
}

export async function insertDesk(db: Database, values: NewDesk): Promise<DeskRow> {
  const [row] = await db
    .insert(desks)
    .values({
      ...values,
      positionX: String(values.positionX),
      positionY: String(values.positionY),
      width: String(values.width),
      height: String(values.height),
    })
    .returning(deskColumns);
  if (!row) throw new Error('inserted desk was not returned');
  return row;
}

export async function updateDeskGeometry(
  db: Database,
  organizationId: string,
  deskId: string,
  changes: { positionX?: number; positionY?: number; rotation?: number },
): Promise<DeskRow | undefined> {
  const [row] = await db
    .update(desks)
    .set({
      ...(changes.positionX === undefined ? {} : { positionX: String(changes.positionX) }),
      ...(changes.positionY === undefined ? {} : { positionY: String(changes.positionY) }),
      ...(changes.rotation === undefined ? {} : { rotation: changes.rotation }),
    })
    .where(and(eq(desks.organizationId, organizationId), eq(desks.id, deskId)))
    .returning(deskColumns);
  return row;
}

export async function deleteDesk(db: Database, organizationId: string, deskId: string): Promise<boolean> {
  const deleted = await db
    .delete(desks)
    .where(and(eq(desks.organizationId, organizationId), eq(desks.id, deskId)))
    .returning({ id: desks.id });
  return deleted.length > 0;
}

export async function deleteDesksOfOrganization(db: Database, organizationId: string): Promise<number> {
  const deleted = await db.delete(desks).where(eq(desks.organizationId, organizationId)).returning({ id: desks.id });
  return deleted.length;
}

import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { desks, floors, memberships, organizations } from '#server/db/schema.ts';

/** The columns of FloorDeskRow. */
const floorDeskColumns = {
  id: desks.id,
  name: desks.name,
  description: desks.description,
  amenities: desks.amenities,
  bookable: desks.bookable,
  unavailableReason: desks.unavailableReason,
  positionX: desks.positionX,
  positionY: desks.positionY,
  width: desks.width,
  height: desks.height,
  rotation: desks.rotation,
  neighbourhoodId: desks.neighbourhoodId,
};

/** What a desk view needs, and nothing else (created_at stays in the database). */
const deskColumns = { ...floorDeskColumns, organizationId: desks.organizationId, floorId: desks.floorId };

/** A desk with its floor's name; the join also holds the floor to the desk's organization. */
export const withFloorColumns = { ...deskColumns, floorName: floors.name };
export const floorOfDesk = and(eq(floors.id, desks.floorId), eq(floors.organizationId, desks.organizationId));

/** A desk as listed on its floor: the organization and floor are the caller's, so they are not read 2,000 times. */
export interface FloorDeskRow {
  id: string;
  name: string;
  description: string | null;
  amenities: string[];
  bookable: boolean;
  unavailableReason: string | null;
  positionX: string;
  positionY: string;
  width: string;
  height: string;
  rotation: number;
  neighbourhoodId: string | null;
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

/**
 * The desk with the caller's role in its organization and whether it hides names from members (migration 0029);
 * undefined when it does not exist or the user is no member.
 */
export async function findDeskOfMember(
  db: Database,
  deskId: string,
  userId: string,
): Promise<{ desk: DeskWithFloorRow; role: Role; hideNames: boolean } | undefined> {
  const [row] = await db
    .select({ desk: withFloorColumns, role: memberships.role, hideNames: organizations.hideNames })
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .innerJoin(memberships, and(eq(memberships.organizationId, desks.organizationId), eq(memberships.userId, userId)))
    .innerJoin(organizations, eq(organizations.id, desks.organizationId))
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

/** What one update may change; undefined leaves a column as it is. Positions are already clamped. */
export interface DeskChanges {
  name?: string;
  description?: string | null;
  amenities?: string[];
  bookable?: boolean;
  /** Kept only while the desk is not bookable (the desk's own flag after this change); cleared otherwise. */
  unavailableReason?: string | null;
  positionX?: number;
  positionY?: number;
  rotation?: number;
}

/**
 * The reason a desk shows, decided in the statement from the row it changes: null once the desk is bookable, the
 * sent one when there is one, else the one it had.
 */
function reasonAfter(changes: Pick<DeskChanges, 'bookable' | 'unavailableReason'>): SQL {
  const bookable = changes.bookable === undefined ? sql`${desks.bookable}` : sql`${changes.bookable}::boolean`;
  const reason =
    changes.unavailableReason === undefined ? sql`${desks.unavailableReason}` : sql`${changes.unavailableReason}::text`;
  return sql`CASE WHEN ${bookable} THEN NULL ELSE ${reason} END`;
}

export async function updateDesk(
  db: Database,
  organizationId: string,
  deskId: string,
  changes: DeskChanges,
): Promise<DeskRow | undefined> {
  const [row] = await db
    .update(desks)
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.amenities === undefined ? {} : { amenities: changes.amenities }),
      ...(changes.bookable === undefined ? {} : { bookable: changes.bookable }),
      unavailableReason: reasonAfter(changes),
      ...(changes.positionX === undefined ? {} : { positionX: String(changes.positionX) }),
      ...(changes.positionY === undefined ? {} : { positionY: String(changes.positionY) }),
      ...(changes.rotation === undefined ? {} : { rotation: changes.rotation }),
    })
    .where(and(eq(desks.organizationId, organizationId), eq(desks.id, deskId)))
    .returning(deskColumns);
  return row;
}

/** A desk of a floor as a batch finds it: enough to clamp a move and to say what changed. */
export interface LockedDesk {
  id: string;
  name: string;
  width: string;
  height: string;
  amenities: string[];
  bookable: boolean;
  positionX: string;
  positionY: string;
  rotation: number;
}

/**
 * Which of these desks are on the floor, locked until the transaction ends so that nothing deletes or changes them
 * in between (a batch is all or nothing). Ids that are not uuids are simply not found.
 */
export async function lockDesksOfFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  deskIds: readonly string[],
): Promise<LockedDesk[]> {
  if (deskIds.length === 0) return [];
  return db
    .select({
      id: desks.id,
      name: desks.name,
      width: desks.width,
      height: desks.height,
      amenities: desks.amenities,
      bookable: desks.bookable,
      positionX: desks.positionX,
      positionY: desks.positionY,
      rotation: desks.rotation,
    })
    .from(desks)
    .where(and(eq(desks.organizationId, organizationId), eq(desks.floorId, floorId), inArray(desks.id, [...deskIds])))
    .orderBy(asc(desks.id))
    .for('update');
}

/** One desk's changes in a batch: its id and DeskChanges without a name or description. */
export interface BatchDeskChanges extends Omit<DeskChanges, 'name' | 'description'> {
  id: string;
}

/**
 * Every change of a batch in one statement: the changes travel as one JSON array read by jsonb_to_recordset, so
 * 2,000 desks are one round trip. A field left out keeps its column (has_* says whether it was sent).
 */
export async function updateDesksOfFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  changes: readonly BatchDeskChanges[],
): Promise<FloorDeskRow[]> {
  if (changes.length === 0) return [];
  const records = JSON.stringify(
    changes.map((change) => ({
      id: change.id,
      position_x: change.positionX ?? null,
      position_y: change.positionY ?? null,
      rotation: change.rotation ?? null,
      amenities: change.amenities ?? null,
      bookable: change.bookable ?? null,
      unavailable_reason: change.unavailableReason ?? null,
      has_reason: change.unavailableReason !== undefined,
    })),
  );
  return rowsOf<FloorDeskRow>(
    db,
    sql`UPDATE desks AS d SET
        position_x = coalesce(c.position_x, d.position_x),
        position_y = coalesce(c.position_y, d.position_y),
        rotation = coalesce(c.rotation, d.rotation),
        amenities = coalesce(c.amenities, d.amenities),
        bookable = coalesce(c.bookable, d.bookable),
        unavailable_reason = CASE WHEN coalesce(c.bookable, d.bookable) THEN NULL
          WHEN c.has_reason THEN c.unavailable_reason ELSE d.unavailable_reason END
      FROM jsonb_to_recordset(${records}::jsonb) AS c(id uuid, position_x numeric, position_y numeric, rotation integer,
        amenities text[], bookable boolean, unavailable_reason text, has_reason boolean)
      WHERE d.id = c.id AND d.organization_id = ${organizationId} AND d.floor_id = ${floorId}
      RETURNING d.id, d.name, d.description, d.amenities, d.bookable, d.unavailable_reason AS "unavailableReason",
        d.position_x::text AS "positionX", d.position_y::text AS "positionY", d.width::text AS width,
        d.height::text AS height, d.rotation, d.neighbourhood_id AS "neighbourhoodId"`,
  );
}

export async function deleteDesksOfFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  deskIds: readonly string[],
): Promise<number> {
  if (deskIds.length === 0) return 0;
  const deleted = await db
    .delete(desks)
    .where(and(eq(desks.organizationId, organizationId), eq(desks.floorId, floorId), inArray(desks.id, [...deskIds])))
    .returning({ id: desks.id });
  return deleted.length;
}

/**
 * The organization's amenity list, held (FOR SHARE) until the transaction ends: a change of the list waits for the
 * desks being given its tags, and they for it, so no desk keeps a tag the list has just lost.
 */
export async function lockAmenityList(db: Database, organizationId: string): Promise<string[]> {
  const [row] = await db
    .select({ amenities: organizations.amenities })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('share');
  return row?.amenities ?? [];
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

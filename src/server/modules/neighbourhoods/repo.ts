import { and, eq, sql } from 'drizzle-orm';
import type { NeighbourhoodView } from '#domain/neighbourhoods.ts';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { memberships, neighbourhoods, neighbourhoodTeams } from '#server/db/schema.ts';

export type NeighbourhoodRow = typeof neighbourhoods.$inferSelect;

/** An array of ids as PostgreSQL reads it: `'{a,b}'::uuid[]` (the callers checked that every id is a uuid). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The floor's neighbourhoods with their desks (in the floor's order) and teams, in one statement. JSON aggregates, so
 * that both drivers answer the same arrays.
 */
export async function listNeighbourhoodsOfFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  neighbourhoodId?: string,
): Promise<NeighbourhoodView[]> {
  const onlyOne = neighbourhoodId === undefined ? sql`` : sql`AND n.id = ${neighbourhoodId}`;
  return rowsOf<NeighbourhoodView>(
    db,
    sql`SELECT n.id, n.floor_id AS "floorId", n.name, n.colour, to_jsonb(n.weekdays) AS weekdays,
        coalesce((SELECT jsonb_agg(d.id ORDER BY d.created_at, d.id) FROM desks d
          WHERE d.neighbourhood_id = n.id AND d.floor_id = n.floor_id), '[]'::jsonb) AS "deskIds",
        coalesce((SELECT jsonb_agg(t.team_id ORDER BY t.team_id) FROM neighbourhood_teams t
          WHERE t.neighbourhood_id = n.id), '[]'::jsonb) AS "teamIds"
      FROM neighbourhoods n
      WHERE n.organization_id = ${organizationId} AND n.floor_id = ${floorId} ${onlyOne}
      ORDER BY lower(n.name), n.id`,
  );
}

/** The neighbourhood with the caller's role in its organization; undefined when it does not exist or they are no member. */
export async function findNeighbourhoodOfMember(
  db: Database,
  neighbourhoodId: string,
  userId: string,
): Promise<{ neighbourhood: NeighbourhoodRow; role: Role } | undefined> {
  const [row] = await db
    .select({ neighbourhood: neighbourhoods, role: memberships.role })
    .from(neighbourhoods)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, neighbourhoods.organizationId), eq(memberships.userId, userId)),
    )
    .where(eq(neighbourhoods.id, neighbourhoodId))
    .limit(1);
  return row;
}

/**
 * The floor locked until the transaction ends: changes to its neighbourhoods apply one after the other, so the limit
 * per floor holds under a race. False when the floor is gone.
 */
export async function lockFloor(db: Database, organizationId: string, floorId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM floors WHERE organization_id = ${organizationId} AND id = ${floorId} FOR UPDATE`,
  );
  return rows.length > 0;
}

export async function lockNeighbourhood(
  db: Database,
  organizationId: string,
  neighbourhoodId: string,
): Promise<NeighbourhoodRow | undefined> {
  const [row] = await db
    .select()
    .from(neighbourhoods)
    .where(and(eq(neighbourhoods.organizationId, organizationId), eq(neighbourhoods.id, neighbourhoodId)))
    .limit(1)
    .for('update');
  return row;
}

export async function countNeighbourhoodsOfFloor(db: Database, organizationId: string, floorId: string) {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM neighbourhoods WHERE organization_id = ${organizationId} AND floor_id = ${floorId}`,
  );
  return row?.count ?? 0;
}

/** How many of the ids name desks of the floor (the ids are distinct uuids). */
export async function countDesksOnFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  deskIds: readonly string[],
): Promise<number> {
  if (deskIds.length === 0) return 0;
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM desks
      WHERE organization_id = ${organizationId} AND floor_id = ${floorId} AND id = ANY (${uuidArray(deskIds)})`,
  );
  return row?.count ?? 0;
}

/** The named teams of the organization, by id with their names (the ids are distinct uuids). */
export async function findTeams(
  db: Database,
  organizationId: string,
  teamIds: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (teamIds.length === 0) return [];
  return rowsOf<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM teams WHERE organization_id = ${organizationId} AND id = ANY (${uuidArray(teamIds)})
      ORDER BY lower(name), id FOR KEY SHARE`,
  );
}

export async function insertNeighbourhood(
  db: Database,
  values: { organizationId: string; floorId: string; name: string; colour: string; weekdays: number[] },
): Promise<NeighbourhoodRow> {
  const [row] = await db.insert(neighbourhoods).values(values).returning();
  if (!row) throw new Error('inserted neighbourhood was not returned');
  return row;
}

export async function updateNeighbourhood(
  db: Database,
  organizationId: string,
  neighbourhoodId: string,
  changes: Partial<Pick<NeighbourhoodRow, 'name' | 'colour' | 'weekdays'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(neighbourhoods)
    .set(changes)
    .where(and(eq(neighbourhoods.organizationId, organizationId), eq(neighbourhoods.id, neighbourhoodId)));
}

/** The neighbourhood is kept for exactly these teams (none: open to all). */
export async function replaceTeams(
  db: Database,
  organizationId: string,
  neighbourhoodId: string,
  teamIds: readonly string[],
): Promise<void> {
  await db.delete(neighbourhoodTeams).where(eq(neighbourhoodTeams.neighbourhoodId, neighbourhoodId));
  if (teamIds.length === 0) return;
  await db.insert(neighbourhoodTeams).values(teamIds.map((teamId) => ({ organizationId, neighbourhoodId, teamId })));
}

/**
 * The neighbourhood holds exactly these desks of its floor: others leave it, these join it (from whichever
 * neighbourhood they were in). Desks that already are where they should be are not written, so their floor's
 * cached desk list (floors.desks_revision, migration 0003) is renewed only when a desk changed.
 */
export async function replaceDesks(
  db: Database,
  organizationId: string,
  floorId: string,
  neighbourhoodId: string,
  deskIds: readonly string[],
): Promise<void> {
  await db.execute(
    sql`UPDATE desks SET neighbourhood_id = NULL
      WHERE organization_id = ${organizationId} AND floor_id = ${floorId} AND neighbourhood_id = ${neighbourhoodId}
        AND NOT (id = ANY (${uuidArray(deskIds)}))`,
  );
  if (deskIds.length === 0) return;
  await db.execute(
    sql`UPDATE desks SET neighbourhood_id = ${neighbourhoodId}
      WHERE organization_id = ${organizationId} AND floor_id = ${floorId} AND id = ANY (${uuidArray(deskIds)})
        AND neighbourhood_id IS DISTINCT FROM ${neighbourhoodId}`,
  );
}

/** Deletes the neighbourhood; its desks are left in none and its teams' links go (migration 0026's foreign keys). */
export async function deleteNeighbourhood(
  db: Database,
  organizationId: string,
  neighbourhoodId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(neighbourhoods)
    .where(and(eq(neighbourhoods.organizationId, organizationId), eq(neighbourhoods.id, neighbourhoodId)))
    .returning({ id: neighbourhoods.id });
  return deleted.length > 0;
}

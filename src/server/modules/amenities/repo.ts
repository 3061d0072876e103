import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { organizations } from '#server/db/schema.ts';

/** The organization's list, locked until the transaction ends: changes of the list queue one after another. */
export async function lockAmenityListForUpdate(db: Database, organizationId: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ amenities: organizations.amenities })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row?.amenities;
}

export async function saveAmenityList(db: Database, organizationId: string, amenities: string[]): Promise<void> {
  await db.update(organizations).set({ amenities }).where(eq(organizations.id, organizationId));
}

/**
 * Every desk of the organization keeps only the tags still on the list, in the list's spelling and order (a tag
 * whose case changed follows it). One statement; answers how many desks changed.
 */
export async function applyAmenityListToDesks(
  db: Database,
  organizationId: string,
  amenities: string[],
): Promise<number> {
  const list = sql`${JSON.stringify(amenities)}::jsonb`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`WITH kept AS (
        SELECT d.id, ARRAY(
          SELECT listed.tag FROM jsonb_array_elements_text(${list}) WITH ORDINALITY AS listed(tag, position)
          WHERE lower(listed.tag) IN (SELECT lower(own.tag) FROM unnest(d.amenities) AS own(tag))
          ORDER BY listed.position
        ) AS amenities
        FROM desks d
        WHERE d.organization_id = ${organizationId} AND cardinality(d.amenities) > 0
      )
      UPDATE desks SET amenities = kept.amenities FROM kept
      WHERE desks.id = kept.id AND desks.amenities IS DISTINCT FROM kept.amenities
      RETURNING desks.id`,
  );
  return rows.length;
}

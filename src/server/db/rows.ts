import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Runs a raw SQL statement and answers its rows, typed by the caller: the one way to raw SQL (decision 025), for what
 * the query builder cannot say. Both drivers answer `{ rows }` to `db.execute`. The rows are the driver's, not mapped
 * by the schema: timestamps and dates arrive as text, so a statement sends them as text on purpose (`::text`,
 * isoInstant) or the caller makes Dates of them.
 */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The rows of a raw SQL statement, typed by the caller: both drivers answer `{ rows }` to `db.execute`. */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

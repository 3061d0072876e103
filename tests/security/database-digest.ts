import type { SqlRunner } from '#server/db/client.ts';

/**
 * Rows a refused request may legitimately write: throttling counters (a refused sign-in counts), and a session's
 * sliding expiry. Everything else must be exactly as it was after a 4xx.
 */
const skippedTables = new Set(['rate_limits', 'schema_migrations', 'test_write_count']);
const columnsOf: Record<string, string> = { sessions: 'id, user_id, created_at' };

let cachedQuery: string | undefined;

async function buildDigestQuery(sql: SqlRunner): Promise<string> {
  const tables = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables
    .map((row) => row.table_name)
    .filter((name) => !skippedTables.has(name))
    .map((name) => {
      const source = columnsOf[name] ? `(SELECT ${columnsOf[name]} FROM "${name}")` : `"${name}"`;
      // Order-free: the sum of the rows' hashes and their count, so no sort is needed.
      return `(SELECT count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) FROM ${source} t)`;
    });
  return `SELECT concat_ws('#', ${parts.join(', ')}) AS digest`;
}

/** Per table, the number of rows and the sum of their 64-bit hashes: equal digests, equal data. */
export async function digestDatabase(sql: SqlRunner): Promise<string> {
  cachedQuery ??= await buildDigestQuery(sql);
  const [row] = await sql.query<{ digest: string }>(cachedQuery);
  return row!.digest;
}

export interface WriteCount {
  count: number;
  lastTable: string | null;
}

/**
 * Test databases only: a row-level trigger on every table counts each row written, in the writing transaction, so
 * a write that is rolled back does not count. Cheaper than a digest per request, and stricter (it also sees an
 * update that writes the same values). Answers a function that reads the count.
 */
export async function watchWrites(sql: SqlRunner): Promise<() => Promise<WriteCount>> {
  await sql.exec(`
    CREATE TABLE IF NOT EXISTS test_write_count (count bigint NOT NULL, last_table text);
    INSERT INTO test_write_count SELECT 0, NULL WHERE NOT EXISTS (SELECT 1 FROM test_write_count);
    CREATE OR REPLACE FUNCTION test_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE test_write_count SET count = count + 1, last_table = TG_TABLE_NAME;
      RETURN NULL;
    END $$;`);
  const tables = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { table_name: name } of tables) {
    if (skippedTables.has(name) || name === 'test_write_count') continue;
    await sql.exec(`DROP TRIGGER IF EXISTS test_count_write ON "${name}";
      CREATE TRIGGER test_count_write AFTER INSERT OR UPDATE OR DELETE ON "${name}"
      FOR EACH ROW EXECUTE FUNCTION test_count_write();`);
  }
  return async () => {
    const [row] = await sql.query<{ count: string; last_table: string | null }>(
      'SELECT count, last_table FROM test_write_count',
    );
    return { count: Number(row!.count), lastTable: row!.last_table };
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { SqlConnection, SqlRunner } from './client.ts';

const migrationsDirectory = path.join(import.meta.dirname, 'migrations');
// Any fixed number: every instance that starts at once waits here, so migrations run once.
const migrationLockId = 7_471_001;

/** Applies the SQL files in ./migrations that have not run yet, in name order, each in its own transaction. */
export function migrate(database: SqlConnection): Promise<string[]> {
  return database.withConnection(applyMigrations);
}

async function applyMigrations(sql: SqlRunner): Promise<string[]> {
  const files = (await fs.readdir(migrationsDirectory)).filter((name) => name.endsWith('.sql')).sort();
  await sql.exec(`SELECT pg_advisory_lock(${migrationLockId})`);
  try {
    await sql.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await sql.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const text = await fs.readFile(path.join(migrationsDirectory, name), 'utf8');
      await sql.exec(
        `BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${name.replaceAll("'", "''")}');\nCOMMIT;`,
      );
      applied.push(name);
    }
    return applied;
  } catch (error) {
    await sql.exec('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await sql.exec(`SELECT pg_advisory_unlock(${migrationLockId})`);
  }
}

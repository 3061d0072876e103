import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A raw SQL runner both drivers provide, for migrations and health checks. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface SqlConnection extends SqlRunner {
  /** Runs fn on one connection held for its whole duration (session-level locks need that). */
  withConnection<T>(fn: (connection: SqlRunner) => Promise<T>): Promise<T>;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  sql: SqlConnection;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /** A dumped PGlite data directory to start from (tests start from a migrated snapshot). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server emits 'error'; the pool replaces it. Without a listener Node would exit.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    db: drizzleNodePg(pool, { schema }) as unknown as Database,
    sql: {
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <Row>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Row[],
      withConnection: async (fn) => {
        const connection = await pool.connect();
        try {
          return await fn({
            exec: async (text) => {
              await connection.query(text);
            },
            query: async <Row>(text: string, params: unknown[] = []) =>
              (await connection.query(text, params)).rows as Row[],
          });
        } finally {
          connection.release();
        }
      },
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  let directory: string | undefined;
  if (dataDir) {
    directory = path.join(dataDir, 'pglite');
    await fs.mkdir(directory, { recursive: true });
  }
  const client = await PGlite.create(directory, {
    extensions: { btree_gist },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const runner: SqlRunner = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <Row>(text: string, params: unknown[] = []) => (await client.query<Row>(text, params)).rows,
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Database,
    sql: { ...runner, withConnection: (fn) => fn(runner) },
    close: () => client.close(),
  };
}

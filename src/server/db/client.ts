import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Listener, type ListenHandlers, listenOnPostgres } from '../realtime/postgres-listener.ts';
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
  /** Receives NOTIFY payloads of a channel (live updates, decision 007): on PostgreSQL over a connection of its own. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
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
  // Fail fast when the database is away: a refused or slow connection becomes a 503 within 2 s (error-handler.ts),
  // and dead connections are noticed by TCP keep-alive rather than by a request that hangs.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 2000, keepAlive: true });
  // An idle client that loses its server emits 'error'; the pool replaces it. Without a listener Node would exit.
  pool.on('error', () => {});
  // A checked-out client has no listener of the pool's: one that loses its server between two queries (a database
  // restart in the middle of a transaction or a held advisory lock) would otherwise crash the process. Its next
  // query fails instead (a 503), and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
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
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
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
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotification);
      return { close: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
    close: () => client.close(),
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
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
  /**
   * Where the live updates' feed reads the changes committed since its last read (decisions 007 and 032): on
   * PostgreSQL a connection of its own, outside the pool, so that requests waiting for the pool never delay an
   * announcement; opened on first use and again after a failure.
   */
  changeReader: SqlRunner['query'];
  /**
   * Resolves when the database answers a trivial query, rejects otherwise: on PostgreSQL over a connection of its
   * own, so that a pool busy with requests never makes the server look unreachable (decision 013).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL: the longest a pooled connection's statement waits for a lock before failing with 55P03 (answered
   * 429 with Retry-After): no request holds a pool connection waiting without bound (decision 013).
   */
  lockTimeoutMs?: number;
  /** A dumped PGlite data directory to start from (tests start from a migrated snapshot). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.lockTimeoutMs ?? defaultLockTimeoutMs);
  }
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

/** Lock waits of request statements: far above any transaction of Perch's own, far below a client's patience. */
export const defaultLockTimeoutMs = 3000;

async function openPostgres(connectionString: string, max: number, lockTimeoutMs: number): Promise<DatabaseHandle> {
  // Fail fast when the database is away: a refused or slow connection becomes a 503 within 2 s (error-handler.ts),
  // and dead connections are noticed by TCP keep-alive rather than by a request that hangs. No statement waits
  // for a lock longer than lock_timeout (sent at connection start: it costs no round trip). JIT compilation is off:
  // PostgreSQL compiles any statement whose estimate passes jit_above_cost, and for Perch's reads (an analytics range
  // of 16,000 bookings, decision 020) compiling took 460 ms of a 540 ms statement that runs in 75 ms without it.
  const health = ownConnection(connectionString, 'perch-health', 2000);
  const changes = ownConnection(connectionString, 'perch-changes', 10_000);
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 2000,
    keepAlive: true,
    lock_timeout: lockTimeoutMs,
    options: '-c jit=off',
  });
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
          // Session-level work (migrations waiting for another instance's, job locks) may wait as long as it takes;
          // RESET below returns the connection to the pool's lock_timeout.
          await connection.query('SET lock_timeout = 0');
          return await fn({
            exec: async (text) => {
              await connection.query(text);
            },
            query: async <Row>(text: string, params: unknown[] = []) =>
              (await connection.query(text, params)).rows as Row[],
          });
        } finally {
          await connection.query('RESET lock_timeout').then(
            () => connection.release(),
            (error: Error) => connection.release(error),
          );
        }
      },
    },
    changeReader: changes.query,
    ping: async () => {
      await health.query('SELECT 1');
    },
    close: async () => {
      await Promise.all([pool.end(), health.close(), changes.close()]);
    },
  };
}

/**
 * Ends a client's connection, and destroys its socket if the goodbye has not finished within `waitMs`: pg's end()
 * waits for an 'end' event that never comes when the socket already failed or was destroyed (node-postgres issues
 * 2777 and 2923), and a close that hangs keeps a stopping instance (or a test) from ever finishing.
 */
async function endClient(client: pg.Client, waitMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = client.end().catch(() => {});
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      resolve();
    }, waitMs);
    timer.unref();
  });
  await Promise.race([ended, late]);
  clearTimeout(timer);
}

/**
 * A connection of its own for one purpose (the health check, the live updates' feed), opened on first use and again
 * after any failure; queries that arrive together while one is under way share its answer when their text and
 * parameters are the same. Nothing else uses it, so it never waits behind the pool.
 */
function ownConnection(
  connectionString: string,
  applicationName: string,
  timeoutMs: number,
): { query: SqlRunner['query']; close(): Promise<void> } {
  let client: pg.Client | undefined;
  const pending = new Map<string, Promise<unknown[]>>();
  let isClosed = false;
  const drop = (broken: pg.Client) => {
    if (client === broken) client = undefined;
    void endClient(broken);
  };
  const run = async (text: string, params: unknown[]): Promise<unknown[]> => {
    if (isClosed) throw new Error('the database handle is closed');
    let current = client;
    if (!current) {
      current = new pg.Client({
        connectionString,
        connectionTimeoutMillis: 2000,
        query_timeout: timeoutMs,
        keepAlive: true,
        application_name: applicationName,
        options: '-c jit=off',
      });
      current.on('error', () => {});
      client = current;
      try {
        await current.connect();
      } catch (error) {
        drop(current);
        throw error;
      }
    }
    try {
      return (await current.query(text, params)).rows;
    } catch (error) {
      drop(current);
      throw error;
    }
  };
  return {
    query: <Row>(text: string, params: unknown[] = []) => {
      const key = JSON.stringify([text, params]);
      let answer = pending.get(key);
      if (!answer) {
        answer = run(text, params).finally(() => pending.delete(key));
        pending.set(key, answer);
      }
      return answer as Promise<Row[]>;
    },
    close: async () => {
      isClosed = true;
      const current = client;
      client = undefined;
      if (current) await endClient(current);
    },
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  let directory: string | undefined;
  if (dataDir) {
    directory = path.join(dataDir, 'pglite');
    await fs.mkdir(directory, { recursive: true });
  }
  const client = await PGlite.create(directory, {
    // btree_gist: the no-double-booking constraint (0004); pg_trgm and unaccent: Team Bookings' search (0015).
    extensions: { btree_gist, pg_trgm, unaccent },
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
    ping: async () => {
      await client.query('SELECT 1');
    },
    changeReader: runner.query,
    close: () => client.close(),
  };
}

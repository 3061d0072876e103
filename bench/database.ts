import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { type LatencyFigures, loadSeconds, measureQueryLoop, warmUpSeconds } from './settings.ts';

/** Drops the benchmark's database (by name in the URL) and, unless `drop`, creates it empty again. */
export async function recreateDatabase(databaseUrl: string, drop = false): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusable database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (!drop) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** Runs `work` on the benchmark's database made empty for it, and drops the database afterwards, whatever happened. */
export async function withFreshDatabase<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  await recreateDatabase(databaseUrl, false);
  try {
    return await work();
  } finally {
    await recreateDatabase(databaseUrl, true);
  }
}

/** Runs `work` on one connection to the database, closed afterwards. */
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A call's statements alone, the ceiling beside its HTTP figures: `run` (given Perch's drizzle handle and the loop's
 * call index) by `concurrency` clients on a pool of `poolSize`, for a warm-up and then for the measured run.
 */
export async function measureStatements(
  databaseUrl: string,
  options: { poolSize: number; concurrency: number },
  run: (db: DatabaseHandle['db'], index: number) => Promise<unknown>,
): Promise<LatencyFigures> {
  const database = await openDatabase({ databaseUrl, poolSize: options.poolSize });
  try {
    const call = (index: number) => run(database.db, index);
    await measureQueryLoop(call, { concurrency: options.concurrency, seconds: warmUpSeconds });
    return await measureQueryLoop(call, { concurrency: options.concurrency, seconds: loadSeconds });
  } finally {
    await database.close();
  }
}

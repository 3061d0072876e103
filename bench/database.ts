import pg from 'pg';

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

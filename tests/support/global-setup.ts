import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite data directory snapshot that every test file loads,
 * or a PostgreSQL template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  if (project.name.startsWith('integration:postgres')) return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const handle = await openDatabase({});
  await migrate(handle.sql);
  const client = (handle as unknown as { db: { $client: { dumpDataDir(c: 'none'): Promise<Blob> } } }).db.$client;
  const snapshot = await client.dumpDataDir('none');
  await handle.close();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-test-'));
  const file = path.join(directory, 'snapshot.tar');
  await fs.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
  return async () => {
    await fs.rm(directory, { recursive: true, force: true });
  };
}

export function postgresUrl(database: string): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${database}`;
  return url.toString();
}

async function setupPostgres(project: TestProject) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const template = `perch_template_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ databaseUrl: postgresUrl(template), poolSize: 1 });
  await migrate(handle.sql);
  await handle.close();
  project.provide('postgresTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template.replace('template', 'test')}%`, template],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}

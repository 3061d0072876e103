// Start-up figures: fresh clone to first page (install included), warm start, idle resident memory,
// each with embedded PGlite and with PostgreSQL. Every server started here listens on loopback and is stopped.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, repositoryRoot as root, spawnPerch, stopProcess } from '#test-support/perch-server.ts';
import { residentMiB } from './machine.ts';

export interface StartupFigures {
  database: 'PGlite' | 'PostgreSQL';
  freshCloneSeconds: number | null;
  warmStartMs: number;
  idleRssMiB: number;
}

/** A server in its own process group (npm start's children stop with it), on loopback, answering `readyPath`. */
function startServer(
  cwd: string,
  port: number,
  environment: Record<string, string>,
  command: string[] | undefined,
  readyPath: string,
  timeoutMs: number,
) {
  return spawnPerch({
    baseURL: `http://127.0.0.1:${port}`,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...environment },
    cwd,
    command,
    readyPath,
    timeoutMs,
    group: true,
  });
}

/** Seconds from `git clone` to the landing page served by `npm start` (npm ci and the build included). */
async function measureFreshClone(port: number, environment: Record<string, string>): Promise<number> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-clone-'));
  const started = performance.now();
  execSync(`git clone --quiet "${root}" "${directory}"`);
  const server = await startServer(
    directory,
    port,
    { DATA_DIR: path.join(directory, 'data'), ...environment },
    ['npm', 'start'],
    '/',
    600_000,
  );
  try {
    return (performance.now() - started) / 1000;
  } finally {
    await stopProcess(server);
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** Warm start: the server process alone, with dependencies installed, the app built and the database migrated. */
async function measureWarmStart(port: number, environment: Record<string, string>) {
  // The first start migrates; the measured one starts on a database that is ready, as a restart does.
  await stopProcess(await startServer(root, port, environment, undefined, '/api/health', 60_000));
  const started = performance.now();
  const server = await startServer(root, port, environment, undefined, '/', 60_000);
  try {
    const warmStartMs = performance.now() - started;
    await fetch(`http://127.0.0.1:${port}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { warmStartMs, idleRssMiB: Math.round(residentMiB(server.pid)) };
  } finally {
    await stopProcess(server);
  }
}

export async function measureStartup(options: {
  databaseUrl?: string;
  freshClone: boolean;
}): Promise<StartupFigures[]> {
  const results: StartupFigures[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-'));
  try {
    const pglite = { DATA_DIR: dataDir };
    const warmPglite = await measureWarmStart(await freePort(), pglite);
    results.push({
      database: 'PGlite',
      freshCloneSeconds: options.freshClone ? await measureFreshClone(await freePort(), {}) : null,
      ...warmPglite,
    });
    if (options.databaseUrl) {
      const postgres = { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl };
      const warmPostgres = await measureWarmStart(await freePort(), postgres);
      results.push({
        database: 'PostgreSQL',
        freshCloneSeconds: options.freshClone
          ? await measureFreshClone(await freePort(), { DATABASE_URL: options.databaseUrl })
          : null,
        ...warmPostgres,
      });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

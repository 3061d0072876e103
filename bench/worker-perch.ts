import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

/**
 * In a benchmark's worker thread: Perch on its own database pool, listening on loopback, its mail dropped. Posts
 * `{ port }` once listening; on the message 'stop' closes everything and posts 'stopped'.
 */
export async function servePerchInWorker(
  databaseUrl: string,
  options: { poolSize: number; name: string; sessionDays?: number },
): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `perch-bench-${options.name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
    ...(options.sessionDays === undefined ? {} : { SESSION_DAYS: String(options.sessionDays) }),
  });
  const database = await openDatabase({ databaseUrl, poolSize: options.poolSize });
  const app = await buildApp({
    config,
    database,
    serveWebApp: false,
    mailer: { send: async () => {}, close: () => {} },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  parentPort?.postMessage({ port: typeof address === 'object' && address ? address.port : 0 });
  parentPort?.on('message', async (message: unknown) => {
    if (message !== 'stop') return;
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    parentPort?.postMessage('stopped');
  });
}

/**
 * Starts a benchmark's module (`moduleUrl`, its import.meta.url) again in a worker thread with `workerData`, where it
 * calls servePerchInWorker; answers once Perch listens there.
 */
export function startPerchWorker(
  moduleUrl: string,
  workerData: Record<string, unknown>,
): Promise<{ worker: Worker; port: number }> {
  const worker = new Worker(fileURLToPath(moduleUrl), { workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', ({ port }: { port: number }) => resolve({ worker, port }));
    worker.once('error', reject);
  });
}

/** Asks the worker's Perch to close and waits until it has. */
export function stopPerchWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    worker.once('message', () => resolve());
    worker.postMessage('stop');
  });
}

/**
 * The last statement of a load benchmark's module, which is both a program and the Perch it measures. In the worker
 * thread startPerchWorker made (its workerData carries `workerFlag`), it serves Perch; run as a program
 * (`node bench/<name>.ts [databaseUrl]`), it measures alone within `minutes` and prints the figures and the section
 * of docs/benchmarks.md; imported by bench/run.ts, it does nothing.
 */
export async function runLoadBenchmarkModule<Figures>(
  moduleUrl: string,
  options: {
    workerFlag: string;
    server: { poolSize: number; name: string; sessionDays?: number };
    label: string;
    minutes: number;
    defaultDatabaseUrl: string;
    measure: (options: { databaseUrl: string }) => Promise<Figures>;
    section: (figures: Figures) => string;
  },
): Promise<void> {
  if (!isMainThread && workerData?.[options.workerFlag] === true) {
    await servePerchInWorker(workerData.databaseUrl as string, options.server);
  } else if (isMainThread && process.argv[1] === fileURLToPath(moduleUrl)) {
    const timer = setTimeout(() => {
      console.error(`The ${options.label} benchmark passed its ${options.minutes}-minute limit and stops.`);
      process.exit(1);
    }, options.minutes * 60_000);
    timer.unref();
    const figures = await options.measure({ databaseUrl: process.argv[2] ?? options.defaultDatabaseUrl });
    console.log(JSON.stringify(figures, null, 2));
    console.log(options.section(figures));
    process.exit(0);
  }
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import type { Mailer } from '#server/mail/mailer.ts';

/** Perch as the load benchmarks run it: production settings on `databaseUrl`, a data directory of its own. */
export interface BenchPerch {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Closes the app and the database and removes the data directory. */
  close(): Promise<void>;
}

/**
 * Perch built on its own database pool (`poolSize`, else the configuration's) and a fresh data directory named after
 * the benchmark, its mail dropped unless `mailer` is given; migrated first when `migrate` says so. Not listening yet.
 */
export async function openPerch(
  databaseUrl: string,
  options: { poolSize?: number; name: string; sessionDays?: number; mailer?: Mailer; migrate?: boolean },
): Promise<BenchPerch> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `perch-bench-${options.name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
    ...(options.sessionDays === undefined ? {} : { SESSION_DAYS: String(options.sessionDays) }),
  });
  const database = await openDatabase({ databaseUrl, poolSize: options.poolSize ?? config.databasePoolSize });
  try {
    if (options.migrate) await migrate(database.sql);
    const app = await buildApp({
      config,
      database,
      serveWebApp: false,
      mailer: options.mailer ?? { send: async () => {}, close: () => {} },
    });
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The port a listening Fastify instance was given. */
export const portOf = (server: FastifyInstance) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/**
 * In a benchmark's worker thread: Perch on its own database pool, listening on loopback, its mail dropped. Posts
 * `{ port }` once listening; on the message 'stop' closes everything and posts 'stopped'.
 */
export async function servePerchInWorker(
  databaseUrl: string,
  options: { poolSize: number; name: string; sessionDays?: number },
): Promise<void> {
  const perch = await openPerch(databaseUrl, options);
  await perch.app.listen({ host: '127.0.0.1', port: 0 });
  parentPort?.postMessage({ port: portOf(perch.app) });
  parentPort?.on('message', async (message: unknown) => {
    if (message !== 'stop') return;
    await perch.close();
    parentPort?.postMessage('stopped');
  });
}

/**
 * Starts a benchmark's module (`moduleUrl`, its import.meta.url) again in a worker thread with `workerData`, where it
 * calls servePerchInWorker (or serves as it likes); answers with the worker's first message (`{ port }`) once Perch
 * listens there.
 */
export function startPerchWorker<Ready extends { port: number } = { port: number }>(
  moduleUrl: string,
  workerData: Record<string, unknown>,
): Promise<{ worker: Worker } & Ready> {
  const worker = new Worker(fileURLToPath(moduleUrl), { workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (ready: Ready) => resolve({ worker, ...ready }));
    worker.once('error', reject);
  });
}

/** Asks the worker's Perch to close and waits until it has: answers the worker's last message. */
export function stopPerchWorker<Reply = unknown>(worker: Worker): Promise<Reply> {
  return new Promise((resolve) => {
    worker.once('message', (reply: Reply) => resolve(reply));
    worker.postMessage('stop');
  });
}

/**
 * Runs `work` with Perch serving in a worker thread (startPerchWorker), then stops it; a thread whose work failed is
 * ended at once.
 */
export async function withPerchWorker<T>(
  moduleUrl: string,
  workerData: Record<string, unknown>,
  work: (server: { port: number; base: string }) => Promise<T>,
): Promise<T> {
  const { worker, port } = await startPerchWorker(moduleUrl, workerData);
  let result: T;
  try {
    result = await work({ port, base: `http://127.0.0.1:${port}` });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  await stopPerchWorker(worker);
  return result;
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
    /** How the worker serves: servePerchInWorker with these options, or a function of the module's own. */
    server: { poolSize: number; name: string; sessionDays?: number } | ((databaseUrl: string) => Promise<void>);
    label: string;
    minutes: number;
    defaultDatabaseUrl: string;
    measure: (options: { databaseUrl: string }) => Promise<Figures>;
    section: (figures: Figures) => string;
    /** After the figures and the section are printed (rush.ts writes its section into docs/benchmarks.md). */
    afterPrint?: (section: string) => void;
  },
): Promise<void> {
  if (!isMainThread && workerData?.[options.workerFlag] === true) {
    const databaseUrl = workerData.databaseUrl as string;
    if (typeof options.server === 'function') await options.server(databaseUrl);
    else await servePerchInWorker(databaseUrl, options.server);
  } else if (isMainThread && process.argv[1] === fileURLToPath(moduleUrl)) {
    const timer = setTimeout(() => {
      console.error(`The ${options.label} benchmark passed its ${options.minutes}-minute limit and stops.`);
      process.exit(1);
    }, options.minutes * 60_000);
    timer.unref();
    const figures = await options.measure({ databaseUrl: process.argv[2] ?? options.defaultDatabaseUrl });
    console.log(JSON.stringify(figures, null, 2));
    const section = options.section(figures);
    console.log(section);
    options.afterPrint?.(section);
    process.exit(0);
  }
}

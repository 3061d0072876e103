import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
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

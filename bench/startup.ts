// Start-up figures: fresh clone to first page (install included), warm start, idle resident memory,
// each with embedded PGlite and with PostgreSQL. Every server started here listens on loopback and is stopped.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface StartupFigures {
  database: 'PGlite' | 'PostgreSQL';
  freshCloneSeconds: number | null;
  warmStartMs: number;
  idleRssMiB: number;
}

async function waitForPage(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/** Stops the server and everything it started (each server runs in its own process group). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  signalGroup('SIGKILL');
}

async function assertPortFree(port: number): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is already in use: stop what listens there and run the benchmark again`);
}

async function startServer(cwd: string, port: number, environment: Record<string, string>, command: string[]) {
  await assertPortFree(port);
  return spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** Seconds from `git clone` to the landing page served by `npm start` (npm ci and the build included). */
async function measureFreshClone(port: number, environment: Record<string, string>): Promise<number> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-clone-'));
  const started = performance.now();
  execSync(`git clone --quiet "${root}" "${directory}"`);
  const server = await startServer(directory, port, { DATA_DIR: path.join(directory, 'data'), ...environment }, [
    'npm',
    'start',
  ]);
  try {
    await waitForPage(`http://127.0.0.1:${port}/`, 600_000);
    return (performance.now() - started) / 1000;
  } finally {
    await stop(server);
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** Warm start: the server process alone, with dependencies installed, the app built and the database migrated. */
async function measureWarmStart(port: number, environment: Record<string, string>) {
  const node = path.join(root, 'node_modules', '.bin', 'node');
  const command = [node, 'src/server/main.ts'];
  // The first start migrates; the measured one starts on a database that is ready, as a restart does.
  const first = await startServer(root, port, environment, command);
  await waitForPage(`http://127.0.0.1:${port}/api/health`, 60_000);
  await stop(first);
  const started = performance.now();
  const server = await startServer(root, port, environment, command);
  try {
    await waitForPage(`http://127.0.0.1:${port}/`, 60_000);
    const warmStartMs = performance.now() - started;
    await fetch(`http://127.0.0.1:${port}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { warmStartMs, idleRssMiB: residentMiB(server.pid!) };
  } finally {
    await stop(server);
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
    const warmPglite = await measureWarmStart(4301, pglite);
    results.push({
      database: 'PGlite',
      freshCloneSeconds: options.freshClone ? await measureFreshClone(4302, {}) : null,
      ...warmPglite,
    });
    if (options.databaseUrl) {
      const postgres = { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl };
      const warmPostgres = await measureWarmStart(4303, postgres);
      results.push({
        database: 'PostgreSQL',
        freshCloneSeconds: options.freshClone
          ? await measureFreshClone(4304, { DATABASE_URL: options.databaseUrl })
          : null,
        ...warmPostgres,
      });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

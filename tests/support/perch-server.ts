// Perch as a separate process (src/server/main.ts, or `npm start` in a clone): the one spawner of the browser
// tests, the fault run and the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves when `url` answers 2xx; rejects after `timeoutMs`, or at once when `child` has exited. */
export async function waitUntilAnswering(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the process for ${url} exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Processes started with `group`: each leads a process group of its own. */
const groupLeaders = new WeakSet<ChildProcess>();

export interface SpawnPerchOptions {
  /** The address people use: PUBLIC_URL, and the port Perch listens on unless `port` says otherwise. */
  baseURL: string;
  /** The whole environment of the process (PORT and PUBLIC_URL are added). */
  env: NodeJS.ProcessEnv;
  /** The port to listen on when it is not baseURL's (an instance behind a front door). */
  port?: number;
  cwd?: string;
  /** Default: this Node running src/server/main.ts. */
  command?: string[];
  /** The path that must answer 2xx before the process counts as started (default /api/health). */
  readyPath?: string;
  timeoutMs?: number;
  /** Collects every line the process writes; otherwise its standard error passes through. */
  output?: string[];
  /** Runs in a process group of its own, so that stopProcess also ends what the command started. */
  group?: boolean;
  /** Told of the process as soon as it is spawned, before it answers. */
  onSpawn?: (child: ChildProcess) => void;
}

/** Starts Perch and waits until it answers; fails when the process exits first or `timeoutMs` pass. */
export async function spawnPerch(options: SpawnPerchOptions): Promise<ChildProcess> {
  const port = String(options.port ?? new URL(options.baseURL).port);
  const [command, ...args] = options.command ?? [process.execPath, 'src/server/main.ts'];
  const child = spawn(command!, args, {
    cwd: options.cwd ?? repositoryRoot,
    env: { ...options.env, PORT: port, PUBLIC_URL: options.baseURL },
    stdio: ['ignore', options.output ? 'pipe' : 'ignore', options.output ? 'pipe' : 'inherit'],
    detached: options.group ?? false,
  });
  if (options.group) groupLeaders.add(child);
  if (options.output) {
    const collect = (chunk: Buffer) => options.output!.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }
  options.onSpawn?.(child);
  try {
    await waitUntilAnswering(
      `http://127.0.0.1:${port}${options.readyPath ?? '/api/health'}`,
      options.timeoutMs ?? 60_000,
      child,
    );
    return child;
  } catch (error) {
    await stopProcess(child, { graceMs: 0 });
    const said = options.output?.length ? `:\n${options.output.join('\n')}` : '';
    throw new Error(`Perch on port ${port} did not start (${(error as Error).message})${said}`);
  }
}

/**
 * Sends SIGTERM (to the process group of a `group` process) and waits until it has exited; after `graceMs`
 * (default 10 s) it sends SIGKILL.
 */
export async function stopProcess(child: ChildProcess | null, options: { graceMs?: number } = {}): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      // A detached child leads its own process group: signal all of it.
      if (groupLeaders.has(child)) process.kill(-child.pid!, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const graceMs = options.graceMs ?? 10_000;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise((resolve) => setTimeout(() => resolve(true), graceMs)),
  ]);
  if (timedOut) {
    signal('SIGKILL');
    await exited;
  }
}

/** One Perch server on a fixed address, which can be stopped and started again (on the same data). */
export interface PerchProcess {
  baseURL: string;
  /** The running process, or null while stopped. */
  readonly child: ChildProcess | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function perchProcess(options: SpawnPerchOptions): PerchProcess {
  let child: ChildProcess | null = null;
  return {
    baseURL: options.baseURL,
    get child() {
      return child;
    },
    async start() {
      child = await spawnPerch(options);
    },
    async stop() {
      const running = child;
      child = null;
      await stopProcess(running);
    },
  };
}

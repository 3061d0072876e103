// Perch as a separate process (src/server/main.ts), for the browser tests, the fault run and the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

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

/**
 * Starts Perch with `env` (PORT and PUBLIC_URL come from `baseURL`) and waits until its health check answers 200;
 * fails when the process exits first or `timeoutMs` pass.
 */
export async function spawnPerch(options: {
  baseURL: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Told of the process as soon as it is spawned, before it answers. */
  onSpawn?: (child: ChildProcess) => void;
}): Promise<ChildProcess> {
  const { baseURL } = options;
  const port = new URL(baseURL).port;
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { ...options.env, PORT: port, PUBLIC_URL: baseURL },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  options.onSpawn?.(child);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Perch on port ${port} exited with ${child.exitCode}`);
    const status = await fetch(`${baseURL}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Perch on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends SIGTERM to a running process and waits until it has exited. */
export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One Perch server on a fixed address, which can be stopped and started again (on the same data). */
export interface PerchProcess {
  baseURL: string;
  /** The running process, or null while stopped. */
  readonly child: ChildProcess | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function perchProcess(options: Parameters<typeof spawnPerch>[0]): PerchProcess {
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

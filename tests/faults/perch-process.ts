import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface PerchProcess {
  url: string;
  child: ChildProcess;
  /** Lines the server logged (warnings and errors), to show that no stack trace or secret was written. */
  output: string[];
  exited: Promise<number | null>;
}

/** Runs `node src/server/main.ts` on the given database and port, and waits until it answers. */
export async function startPerch(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
}): Promise<PerchProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '10',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Perch exited at start:\n${output.join('\n')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return { url, child, output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`Perch did not answer within 60 s:\n${output.join('\n')}`);
}

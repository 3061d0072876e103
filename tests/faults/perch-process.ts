import type { ChildProcess } from 'node:child_process';
import { spawnPerch } from '#test-support/perch-server.ts';

export interface PerchProcess {
  url: string;
  child: ChildProcess;
  /** Lines the server logged (warnings and errors), to show that no stack trace or secret was written. */
  output: string[];
  exited: Promise<number | null>;
}

/** Runs Perch on the given database and port, keeping what it logs, and waits until it answers. */
export async function startPerch(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
}): Promise<PerchProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const output: string[] = [];
  let exited: Promise<number | null> | undefined;
  const child = await spawnPerch({
    baseURL: url,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '10',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
    },
    output,
    // Listened for from the start: the fault run waits for an exit that may come at any moment.
    onSpawn: (spawned) => {
      exited = new Promise((resolve) => spawned.once('exit', (code) => resolve(code)));
    },
  });
  return { url, child, output, exited: exited! };
}

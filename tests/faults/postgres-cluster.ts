import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL cluster in a temporary folder, on a port of its own: never the machine's service. */
export interface Cluster {
  url: string;
  port: number;
  /** Stops the server; `immediate` is a crash (no checkpoint, recovery from the WAL at the next start). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  isReady(): boolean;
  destroy(): void;
}

function findBinaries(): string {
  const fromEnvironment = process.env.PG_BIN;
  if (fromEnvironment) return fromEnvironment;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const directory = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(directory, 'initdb'))) return directory;
  }
  throw new Error('No PostgreSQL server binaries found (apt-get install postgresql, or set PG_BIN).');
}

export function createCluster(port: number): Cluster {
  const binaries = findBinaries();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-faults-pg-'));
  const data = path.join(directory, 'data');
  const log = path.join(directory, 'postgres.log');
  // PostgreSQL refuses to run as root: as root, the cluster belongs to and runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', directory]);
  fs.chmodSync(directory, 0o700);

  const run = (program: string, args: string[], check = true) => {
    const command = asRoot ? 'runuser' : path.join(binaries, program);
    const commandArgs = asRoot ? ['-u', 'postgres', '--', path.join(binaries, program), ...args] : args;
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: directory });
    if (check && result.status !== 0) {
      throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
    }
    return result.status === 0;
  };

  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => {
      run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    },
    stop: (mode = 'fast') => {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    isReady: () => run('pg_isready', ['-h', '127.0.0.1', '-p', String(port), '-q'], false),
    destroy: () => {
      if (cluster.isReady()) run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], false);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return cluster;
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory would work on a copy that
 * the running server overwrites. The process that opens DATA_DIR's embedded database holds this lock file
 * (its pid) until it exits, and anything else that would open it asks first.
 */
export interface EmbeddedLock {
  release(): void;
}

export class EmbeddedDatabaseBusy extends Error {}

const lockName = 'perch.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding DATA_DIR's embedded database, or undefined (a stale lock is ignored). */
export function findEmbeddedHolder(dataDir: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, lockName), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid) ? pid : undefined;
}

/** Takes the lock, or throws EmbeddedDatabaseBusy naming the process that holds it. */
export function lockEmbeddedDatabase(dataDir: string, holderDescription: string): EmbeddedLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, lockName);
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only when absent, so two processes starting at once cannot both take it.
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = findEmbeddedHolder(dataDir);
      if (holder !== undefined) {
        throw new EmbeddedDatabaseBusy(
          `Perch is running on the embedded database in ${dataDir} (process ${holder}): stop it first, then run ${holderDescription} again.`,
        );
      }
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return { release };
}

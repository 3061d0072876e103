import type { FastifyBaseLogger } from 'fastify';
import type { SqlConnection } from '../db/client.ts';
import { describeForLog } from '../errors.ts';

export interface Job {
  name: string;
  /** A fixed number per job: the PostgreSQL advisory lock that lets one instance run it at a time. */
  lockId: number;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs each job on an interval. Every instance schedules every job, but a run happens only on the
 * instance that wins the job's advisory lock, so N instances do the work once.
 */
export function startJobs(jobs: Job[], sql: SqlConnection, log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    const tick = async () => {
      try {
        await sql.withConnection(async (connection) => {
          const [row] = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
            job.lockId,
          ]);
          if (!row?.locked) return;
          try {
            await job.run();
          } finally {
            await connection.query('SELECT pg_advisory_unlock($1)', [job.lockId]);
          }
        });
      } catch (error) {
        log.warn(
          { error: describeForLog(error), job: job.name },
          'scheduled job failed; it runs again at its next interval',
        );
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}

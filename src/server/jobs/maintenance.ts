import type { Database } from '../db/client.ts';
import { deleteExpiredSessionsAndTokens } from '../modules/accounts/repo.ts';
import { deleteExpiredWindows } from '../modules/rate-limits/repo.ts';
import type { Job } from './scheduler.ts';

/** Hourly: drop expired sessions, dead tokens and rate-limit windows older than a day. */
export function maintenanceJob(db: Database): Job {
  return {
    name: 'maintenance',
    lockId: 7_471_101,
    everyMs: 60 * 60 * 1000,
    run: async () => {
      await deleteExpiredSessionsAndTokens(db);
      await deleteExpiredWindows(db, 24 * 60 * 60);
    },
  };
}

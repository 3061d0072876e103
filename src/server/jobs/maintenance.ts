import type { Database } from '../db/client.ts';
import { deleteExpiredSessionsAndTokens } from '../modules/accounts/repo.ts';
import { deleteOldReminderClaims } from '../modules/check-in-reminders/repo.ts';
import { deleteOldDailyMailClaims } from '../modules/following/repo.ts';
import { deleteExpiredChallenges } from '../modules/passkeys/repo.ts';
import { deleteExpiredWindows } from '../modules/rate-limits/repo.ts';
import { deleteAbandonedUploads } from '../modules/uploads/repo.ts';
import type { Job } from './scheduler.ts';

/**
 * Hourly: drop expired sessions, dead tokens, rate-limit windows older than a day, upload links unused for a day,
 * passkey challenges nobody answered in time and the record of check-in reminders sent more than a week ago.
 */
export function maintenanceJob(db: Database): Job {
  return {
    name: 'maintenance',
    lockId: 7_471_101,
    everyMs: 60 * 60 * 1000,
    run: async () => {
      await deleteExpiredSessionsAndTokens(db);
      await deleteExpiredWindows(db, 24 * 60 * 60);
      await deleteAbandonedUploads(db, 24 * 60 * 60);
      await deleteExpiredChallenges(db);
      await deleteOldReminderClaims(db);
      await deleteOldDailyMailClaims(db);
    },
  };
}

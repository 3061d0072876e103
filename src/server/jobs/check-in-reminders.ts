import type { AppContext } from '../context.ts';
import { sendCheckInReminders } from '../modules/check-in-reminders/service.ts';
import type { Job } from './scheduler.ts';

/**
 * Every 5 minutes, on one instance (the scheduler's advisory lock): mails people a reminder before the day's first
 * check-in window opens, in organizations that require check-in (issue 16). A reminder goes out 55 to 60 minutes
 * before the window opens; each is claimed in the database, so a second run or instance never sends it again.
 */
export function checkInRemindersJob(context: AppContext, clock: () => Date = () => new Date()): Job {
  return {
    name: 'check-in-reminders',
    lockId: 7_471_121,
    everyMs: 5 * 60 * 1000,
    run: async () => {
      const sent = await sendCheckInReminders(context, clock());
      if (sent > 0) context.log.info({ sent }, 'check-in reminders sent');
    },
  };
}

import type { AppContext } from '../context.ts';
import { sendDailyMails } from '../modules/following/service.ts';
import type { Job } from './scheduler.ts';

/**
 * Every 15 minutes, on one instance (the scheduler's advisory lock): the evening mail "Tomorrow: Ana and Raj are in,
 * 3rd floor" to people who asked for it (issue 29), after their site's office hours on a working day. Each mail is
 * claimed in the database first, so a second run or instance never sends it again.
 */
export function dailyMailJob(context: AppContext, clock: () => Date = () => new Date()): Job {
  return {
    name: 'daily-mail',
    lockId: 7_471_129,
    everyMs: 15 * 60 * 1000,
    run: async () => {
      const sent = await sendDailyMails(context, clock());
      if (sent > 0) context.log.info({ sent }, 'daily mails sent');
    },
  };
}

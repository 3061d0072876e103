import type { AppContext } from '../context.ts';
import { endCancelledPeriods, endExpiredTrials, remindEndingTrials } from '../modules/subscriptions/lifecycle.ts';
import type { Job } from './scheduler.ts';

/**
 * Every 10 minutes, on one instance (the scheduler's advisory lock): reminds admins 3 days before a trial
 * ends, ends 14-day trials and tells their admins, and closes subscriptions cancelled at period end once
 * the period is over.
 */
export function trialsJob(context: AppContext, clock: () => Date = () => new Date()): Job {
  return {
    name: 'subscription-lifecycle',
    lockId: 7_471_106,
    everyMs: 10 * 60 * 1000,
    run: async () => {
      const now = clock();
      await remindEndingTrials(context, now);
      await endExpiredTrials(context, now);
      await endCancelledPeriods(context, now);
    },
  };
}

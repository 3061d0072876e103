import type { AppContext } from '../context.ts';
import { releaseNoShows } from '../modules/check-in/service.ts';
import type { Job } from './scheduler.ts';

/**
 * Every minute, on one instance (the scheduler's advisory lock): releases the bookings whose check-in window closed
 * without a check-in, in organizations that require check-in with auto-release (issue 16). A desk is free again at
 * most a minute after its window closes.
 */
export function releaseNoShowsJob(context: AppContext, clock: () => Date = () => new Date()): Job {
  return {
    name: 'release-no-shows',
    lockId: 7_471_116,
    everyMs: 60 * 1000,
    run: async () => {
      const released = await releaseNoShows(context, clock());
      if (released > 0) context.log.info({ released }, 'released bookings nobody checked in to');
    },
  };
}

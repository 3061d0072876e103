import type { AppContext } from '../context.ts';
import { checkDueDomains } from '../modules/sso/domains.ts';
import type { Job } from './scheduler.ts';

/**
 * Hourly, on one instance: looks again for the DNS records that prove organizations' single sign-on domains (issue
 * 26). Verified domains are checked once a day and lose their verification after three misses in a row; claims made
 * in the last week are checked every hour, so a record published after the admin's last try verifies by itself.
 */
export function ssoDomainsJob(context: AppContext): Job {
  return {
    name: 'sso-domains',
    lockId: 7_471_126,
    everyMs: 60 * 60 * 1000,
    run: async () => {
      const checked = await checkDueDomains(context);
      if (checked > 0) context.log.info({ checked }, 'checked single sign-on domains');
    },
  };
}

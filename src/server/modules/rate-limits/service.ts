import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { tooManyRequests } from '../../errors.ts';
import { countHit } from './repo.ts';

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

// Per-address limits are generous: a whole office signs in from one NAT address on a Monday morning.
// The per-account limits are the real protection against guessing one person's password.
export const limits = {
  loginPerIp: {
    name: 'login-ip',
    max: 300,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts from this network.',
  },
  loginPerAccount: {
    name: 'login-account',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts for this account.',
  },
  forgotPerIp: {
    name: 'forgot-ip',
    max: 50,
    windowSeconds: 15 * 60,
    message: 'Too many password reset requests.',
  },
  forgotPerAccount: {
    name: 'forgot-account',
    max: 3,
    windowSeconds: 60 * 60,
    message: 'Too many password reset requests for this account.',
  },
  registerPerIp: {
    name: 'register-ip',
    max: 100,
    windowSeconds: 60 * 60,
    message: 'Too many accounts created from this network.',
  },
} satisfies Record<string, Limit>;

function waitSentence(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts a hit against each limit and refuses with 429 and Retry-After once one is exceeded.
 * A check may weigh more than one hit (an invitation to 50 addresses counts 50).
 */
export async function enforceLimits(
  db: Database,
  checks: Array<[Limit, string] | [Limit, string, number]>,
): Promise<void> {
  for (const [limit, subject, cost = 1] of checks) {
    const key = `${limit.name}:${createHash('sha256').update(subject).digest('base64url')}`;
    const { hits, resetAt } = await countHit(db, key, limit.windowSeconds, cost);
    if (hits > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      throw tooManyRequests(`${limit.message} Please wait ${waitSentence(retryAfter)} and try again.`, retryAfter);
    }
  }
}

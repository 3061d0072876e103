import { createHash } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { tooManyRequests } from '#server/errors.ts';
import { countHit, refundHit } from './repo.ts';

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

// Sign-in has its own rules (per address, per account and address, slowed per account): see sign-in.ts.
export const limits = {
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
  // Reset tokens are 256-bit, so this is not about guessing them: it bounds the work one address can cause.
  resetPerIp: {
    name: 'reset-ip',
    max: 20,
    windowSeconds: 15 * 60,
    message: 'Too many password reset attempts from this network.',
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
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/** The counter's key: the subject (an address, an e-mail) is stored only as a digest. */
export function limitKey(limit: Pick<Limit, 'name'>, subject: string): string {
  return `${limit.name}:${createHash('sha256').update(subject).digest('base64url')}`;
}

type Check = [Limit, string] | [Limit, string, number];

/**
 * Counts a hit against each limit and refuses with 429 and Retry-After once one is exceeded.
 * A check may weigh more than one hit (an invitation to 50 addresses counts 50).
 */
export async function enforceLimits(db: Database, checks: Check[]): Promise<void> {
  for (const [limit, subject, cost = 1] of checks) {
    const { hits, resetAt } = await countHit(db, limitKey(limit, subject), limit.windowSeconds, cost);
    if (hits > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      throw tooManyRequests(`${limit.message} Please wait ${waitSentence(retryAfter)} and try again.`, retryAfter);
    }
  }
}

/** Takes back hits that enforceLimits counted for an attempt that, in the end, did nothing worth counting. */
export async function refundLimits(db: Database, checks: Check[]): Promise<void> {
  for (const [limit, subject, cost = 1] of checks) await refundHit(db, limitKey(limit, subject), cost);
}

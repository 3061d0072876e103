import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Database } from '#server/db/client.ts';
import { countHit, deleteWindow, refundHit } from './repo.ts';
import { enforceLimits, type Limit, limitKey } from './service.ts';

/** Account-wide: past `freeFailures` in the window, every attempt waits `stepMs` more per failure, up to `maxDelayMs`. */
export interface Slowdown {
  name: string;
  windowSeconds: number;
  freeFailures: number;
  stepMs: number;
  maxDelayMs: number;
}

export interface SignInPolicy {
  /** Failures from one network address, whichever accounts they were on. */
  perAddress: Limit;
  /** Failures on one account from one network address. */
  perAccountAndAddress: Limit;
  /** Failures on one account from anywhere: these slow sign-in down, they never refuse it. */
  perAccount: Slowdown;
}

/**
 * Decision 011 (docs/decisions/011-abuse-limits.md). Only failures count: an office behind one NAT address that
 * signs in all morning is never refused. Someone else's failures never refuse an owner with the right password from
 * another address; at worst they make each attempt on the account wait up to three seconds.
 */
export const signInPolicy: SignInPolicy = {
  // The name and sentence are older than this policy: counters already in the table keep their meaning.
  perAddress: {
    name: 'login-ip',
    max: 100,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts from this network.',
  },
  perAccountAndAddress: {
    name: 'login-account-ip',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many failed sign-in attempts for this account from your network.',
  },
  perAccount: { name: 'login-account', windowSeconds: 15 * 60, freeFailures: 20, stepMs: 100, maxDelayMs: 3000 },
};

/** How long an attempt on an account waits, given the failures counted on it before this attempt. */
export function signInDelayMs(failures: number, slowdown: Slowdown): number {
  const beyondFree = failures - slowdown.freeFailures;
  return beyondFree <= 0 ? 0 : Math.min(slowdown.maxDelayMs, beyondFree * slowdown.stepMs);
}

export interface SignInAttempt {
  /** How long this attempt waited before the password was checked. */
  delayMs: number;
  /** The password was right: this attempt stops counting, and this address's failures on the account are forgiven. */
  succeeded(): Promise<void>;
}

/**
 * Call before checking a password. Each attempt counts as a failure until `succeeded()` takes it back, so parallel
 * guesses cannot slip past a limit between the check and the verdict. Refuses with 429 and Retry-After when the
 * address, or the account from this address, has failed too often; otherwise waits the account's delay.
 */
export async function beginSignInAttempt(
  db: Database,
  who: { email: string; ip: string },
  options: { policy?: SignInPolicy; sleep?: (ms: number) => Promise<unknown> } = {},
): Promise<SignInAttempt> {
  const { perAddress, perAccountAndAddress, perAccount } = options.policy ?? signInPolicy;
  const pair = `${who.email}\n${who.ip}`;
  await enforceLimits(db, [
    [perAddress, who.ip],
    [perAccountAndAddress, pair],
  ]);
  const accountKey = limitKey(perAccount, who.email);
  const { hits } = await countHit(db, accountKey, perAccount.windowSeconds);
  const delayMs = signInDelayMs(hits - 1, perAccount);
  if (delayMs > 0) await (options.sleep ?? sleepFor)(delayMs);
  return {
    delayMs,
    succeeded: async () => {
      await refundHit(db, limitKey(perAddress, who.ip));
      await deleteWindow(db, limitKey(perAccountAndAddress, pair));
      await refundHit(db, accountKey);
    },
  };
}

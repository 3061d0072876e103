import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { openTestDatabase } from '#test-support/harness.ts';
import { beginSignInAttempt, type SignInPolicy, signInDelayMs, signInPolicy } from './sign-in.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

// Small numbers, so that each rule shows in a handful of attempts.
const policy: SignInPolicy = {
  perAddress: { name: 'test-login-ip', max: 3, windowSeconds: 900, message: 'Too many from this network.' },
  perAccountAndAddress: {
    name: 'test-login-account-ip',
    max: 2,
    windowSeconds: 900,
    message: 'Too many for this account from your network.',
  },
  perAccount: { name: 'test-login-account', windowSeconds: 900, freeFailures: 2, stepMs: 100, maxDelayMs: 250 },
};

let counter = 0;
/** An e-mail and an address that no other test uses. */
function fresh() {
  counter += 1;
  return { email: `person${counter}@example.com`, ip: `192.0.2.${counter}` };
}

const delays: number[] = [];
const attempt = (email: string, ip: string) =>
  beginSignInAttempt(database.db, { email, ip }, { policy, sleep: async (ms) => void delays.push(ms) });

const refusedWith = (message: string) =>
  expect.objectContaining({
    statusCode: 429,
    message: expect.stringMatching(new RegExp(`^${message} Please wait \\d+ minutes and try again\\.$`)),
    headers: { 'retry-after': expect.stringMatching(/^[1-9]\d*$/) },
  });

describe('signInDelayMs', () => {
  it.each([
    [0, 0],
    [20, 0],
    [21, 100],
    [30, 1000],
    [49, 2900],
    [50, 3000],
    [10_000, 3000],
  ])('waits %i failures on the account with a delay of %i ms', (failures, delay) => {
    expect(signInDelayMs(failures, signInPolicy.perAccount)).toBe(delay);
  });
});

describe('beginSignInAttempt', () => {
  it('refuses an address once its failures pass the per-address limit, whichever accounts they were on', async () => {
    const { ip } = fresh();
    for (let failure = 0; failure < 3; failure++) await attempt(fresh().email, ip);
    await expect(attempt(fresh().email, ip)).rejects.toEqual(refusedWith('Too many from this network.'));
    await attempt(fresh().email, fresh().ip);
  });

  it('refuses one account from one address after its failures there, but not that account from elsewhere', async () => {
    const { email, ip } = fresh();
    await attempt(email, ip);
    await attempt(email, ip);
    await expect(attempt(email, ip)).rejects.toEqual(refusedWith('Too many for this account from your network.'));
    const elsewhere = await attempt(email, fresh().ip);
    await elsewhere.succeeded();
  });

  it('does not count attempts that succeed, against the address or the account', async () => {
    const { email, ip } = fresh();
    for (let success = 0; success < 6; success++) await (await attempt(email, ip)).succeeded();
    await attempt(email, ip);
    await attempt(email, ip);
    await expect(attempt(email, ip)).rejects.toEqual(refusedWith('Too many for this account from your network.'));
  });

  it("forgives an address its own failures on an account when it succeeds, and leaves other addresses' failures", async () => {
    const { email, ip: owner } = fresh();
    const { ip: attacker } = fresh();
    await attempt(email, attacker);
    await attempt(email, attacker);
    await attempt(email, owner);
    await (await attempt(email, owner)).succeeded();
    await attempt(email, owner);
    await attempt(email, owner);
    await expect(attempt(email, attacker)).rejects.toEqual(refusedWith('Too many for this account from your network.'));
  });

  it('slows every attempt on an account with many failures by a bounded delay, and refuses none of them', async () => {
    const { email } = fresh();
    delays.length = 0;
    for (let failure = 0; failure < 6; failure++) await attempt(email, fresh().ip);
    const owner = await attempt(email, fresh().ip);
    expect(owner.delayMs).toBe(250);
    await owner.succeeded();
    expect(delays).toEqual([100, 200, 250, 250]);
    // The owner's success takes away its own attempt only: the attackers' failures still slow the account.
    expect((await attempt(email, fresh().ip)).delayMs).toBe(250);
  });
});

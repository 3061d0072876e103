import { describe, expect, it } from 'vitest';
import { accountsHelpers, mailsTo, password } from '#test-support/accounts.ts';
import { startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';

// Behind a trusted proxy, so each client can come from its own network address and the
// per-address limits of one test do not spill into the next.
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });

const { newClient, registered } = accountsHelpers(() => testApp);

let loopbackCounter = 0;
/** A loopback address no other test in this file uses: 127.0.0.2, 127.0.0.3, ... */
function nextLoopbackAddress(): string {
  loopbackCounter += 1;
  return `127.0.${Math.floor(loopbackCounter / 250)}.${(loopbackCounter % 250) + 1}`;
}

/** POST /api/login over a connection from `address`, as a browser on that machine would send it (no proxy headers). */
async function signInFrom(address: string, email: string, password: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    payload: { email, password },
  });
  return { status: response.statusCode, headers: response.headers, body: response.json(), text: response.body };
}

/** `count` wrong passwords for the account from `address`, each of which must answer 401. */
async function failSignIns(address: string, email: string, count: number) {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, attempt) => signInFrom(address, email, `wrong guess ${attempt}`)),
  );
  expect(statuses.map((response) => response.status)).toEqual(Array(count).fill(401));
}

function expectRetryAfterWithin(response: { headers: Record<string, unknown> }, seconds: number) {
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
}

describe('sign-in throttling', () => {
  it('refuses an 11th attempt on an account from the address that failed 10 times, with 429, Retry-After and a sentence', async () => {
    const { email } = await registered();
    const attacker = nextLoopbackAddress();
    await failSignIns(attacker, email, 10);
    for (const guess of ['wrong guess 11', password]) {
      const refused = await signInFrom(attacker, email, guess);
      expect(refused.status).toBe(429);
      expectRetryAfterWithin(refused, 15 * 60);
      expect(refused.body.message).toMatch(
        /^Too many failed sign-in attempts for this account from your network\. Please wait \d+ minutes and try again\.$/,
      );
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
  });

  it("signs the owner in from another address, whatever the failures from the attacker's address", async () => {
    const { email } = await registered();
    const attacker = nextLoopbackAddress();
    await failSignIns(attacker, email, 10);
    expect((await signInFrom(attacker, email, 'wrong guess 11')).status).toBe(429);
    const owner = await signInFrom(nextLoopbackAddress(), email, password);
    expect(owner.status).toBe(200);
    expect(owner.body.email).toBe(email);
    expect(String(owner.headers['set-cookie'])).toMatch(/^perch_session=/);
  });

  it("keeps refusing the attacker's address after the owner has signed in from elsewhere", async () => {
    const { email } = await registered();
    const attacker = nextLoopbackAddress();
    await failSignIns(attacker, email, 10);
    expect((await signInFrom(nextLoopbackAddress(), email, password)).status).toBe(200);
    expect((await signInFrom(attacker, email, password)).status).toBe(429);
  });

  it('does not count successful sign-ins: one address signs in to one account twelve times', async () => {
    const { email } = await registered();
    const office = nextLoopbackAddress();
    for (let signIn = 1; signIn <= 12; signIn++) {
      expect((await signInFrom(office, email, password)).status).toBe(200);
    }
  });

  it('counts an account however its address is capitalised, without refusing other accounts from that address', async () => {
    const { email } = await registered();
    const other = await registered();
    const attacker = nextLoopbackAddress();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const variant = attempt % 2 === 0 ? email.toUpperCase() : email;
      expect((await signInFrom(attacker, variant, 'wrong')).status).toBe(401);
    }
    expect((await signInFrom(attacker, email.toUpperCase(), password)).status).toBe(429);
    expect((await signInFrom(attacker, other.email, password)).status).toBe(200);
  });

  it('refuses an address after 100 failed sign-ins across many accounts, but not the same account from elsewhere', async () => {
    const { email } = await registered();
    const sprayer = nextLoopbackAddress();
    for (let batch = 0; batch < 10; batch++) {
      const unknownAccounts = Array.from({ length: 10 }, () => uniqueEmail('sprayed'));
      const answers = await Promise.all(unknownAccounts.map((unknown) => signInFrom(sprayer, unknown, password)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    }
    const refused = await signInFrom(sprayer, email, password);
    expect(refused.status).toBe(429);
    expectRetryAfterWithin(refused, 15 * 60);
    expect(refused.body.message).toMatch(
      /^Too many sign-in attempts from this network\. Please wait \d+ minutes and try again\.$/,
    );
    expect((await signInFrom(nextLoopbackAddress(), email, password)).status).toBe(200);
  });

  it('slows rather than locks an account failing from many addresses: the right password from a clean one succeeds', async () => {
    const { email } = await registered();
    const attackers = [nextLoopbackAddress(), nextLoopbackAddress(), nextLoopbackAddress()];
    // 30 failures on the account, past the 20 after which every attempt on it waits a little.
    await Promise.all(attackers.map((attacker) => failSignIns(attacker, email, 10)));
    for (const attacker of attackers) expect((await signInFrom(attacker, email, password)).status).toBe(429);
    expect((await signInFrom(nextLoopbackAddress(), email, password)).status).toBe(200);
  });
});

describe('password reset requests', () => {
  it('refuses the 4th password reset request for one account with 429, and sends only 3 mails', async () => {
    const { email } = await registered();
    for (let request = 1; request <= 3; request++) {
      expect((await newClient().post('/api/forgot-password', { email })).status).toBe(200);
    }
    const fourth = await newClient().post('/api/forgot-password', { email });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fourth.body.message).toMatch(/^Too many password reset requests for this account\. Please wait/);
    expect(mailsTo(testApp, email)).toHaveLength(3);
  });

  it('limits reset requests for an unknown address the same way, so the limit reveals nothing', async () => {
    const email = uniqueEmail('nobody');
    for (let request = 1; request <= 3; request++) {
      expect((await newClient().post('/api/forgot-password', { email })).status).toBe(200);
    }
    expect((await newClient().post('/api/forgot-password', { email })).status).toBe(429);
  });
});

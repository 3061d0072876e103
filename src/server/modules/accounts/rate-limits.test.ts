import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { accountsHelpers, mailsTo, password, sessionCookieOf } from './accounts-test-support.ts';

let testApp: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each client can come from its own network address and the
  // per-address limits of one test do not spill into the next.
  testApp = await startTestApp({ environment: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await testApp?.close();
});

const { newClient, registered } = accountsHelpers(() => testApp);

describe('rate limiting', () => {
  it('refuses the 11th sign-in attempt for one account within the window with 429 and Retry-After', async () => {
    const { email } = await registered();
    const attacker = newClient();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await attacker.post('/api/login', { email, password: `wrong guess ${attempt}` });
      expect(response.status).toBe(401);
    }
    // The limit is per account: the right password from another network is refused too.
    const eleventh = await newClient().post('/api/login', { email, password });
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(eleventh.body.message).toMatch(
      /^Too many sign-in attempts for this account\. Please wait .+ and try again\.$/,
    );
    expect(sessionCookieOf(eleventh)).toBeUndefined();
  });

  it('keeps counting one account however the address is capitalised, without locking out other accounts', async () => {
    const { email } = await registered();
    const other = await registered();
    const attacker = newClient();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const variant = attempt % 2 === 0 ? email.toUpperCase() : email;
      expect((await attacker.post('/api/login', { email: variant, password: 'wrong' })).status).toBe(401);
    }
    expect((await attacker.post('/api/login', { email: email.toUpperCase(), password })).status).toBe(429);
    expect((await attacker.post('/api/login', { email: other.email, password })).status).toBe(200);
  });

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

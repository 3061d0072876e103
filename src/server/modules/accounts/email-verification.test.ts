import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestToken } from '#server/tokens.ts';
import { accountsHelpers, mailsTo, password, sessionCookieOf } from '#test-support/accounts.ts';
import { startTestApp, type TestApp } from '#test-support/harness.ts';

describe('e-mail verification', () => {
  let verifyingApp: TestApp;
  const { newClient, register } = accountsHelpers(() => verifyingApp);
  beforeAll(async () => {
    verifyingApp = await startTestApp({ environment: { REQUIRE_EMAIL_VERIFICATION: 'true', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await verifyingApp?.close();
  });

  function verificationPath(email: string): string {
    const link = mailsTo(verifyingApp, email).at(-1)?.links?.[0] ?? '';
    expect(link).toMatch(/^http:\/\/perch\.test\/api\/verify-email\/[A-Za-z0-9_-]{40,}$/);
    return new URL(link).pathname;
  }

  it('answers 202 requiresVerification without signing in, and mails a link', async () => {
    const { response, client, email } = await register(verifyingApp);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ requiresVerification: true, message: expect.any(String) });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect((await client.get('/api/user')).status).toBe(401);
    expect(mailsTo(verifyingApp, email)).toHaveLength(1);
    expect(verifyingApp.mails.at(-1)?.text).toContain(verificationPath(email));
  });

  it('refuses sign-in until the link is followed, then signs in through the link and redirects to /', async () => {
    const { email } = await register(verifyingApp);
    const refused = await newClient(verifyingApp).post('/api/login', { email, password });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/confirm your email/i);
    expect(sessionCookieOf(refused)).toBeUndefined();

    const browser = newClient(verifyingApp);
    const followed = await browser.get(verificationPath(email));
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe('/');
    expect((await browser.get('/api/user')).body.email).toBe(email);

    expect((await newClient(verifyingApp).post('/api/login', { email, password })).status).toBe(200);
  });

  it('still answers a wrong password for an unconfirmed account with the usual 401', async () => {
    const { email } = await register(verifyingApp);
    const response = await newClient(verifyingApp).post('/api/login', { email, password: 'wrong password' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Invalid email or password' });
  });

  it('redirects an expired link to /auth?verification=invalid and keeps the account unconfirmed', async () => {
    const { email } = await register(verifyingApp);
    const path = verificationPath(email);
    const token = path.split('/').at(-1) ?? '';
    await verifyingApp.database.sql.exec(
      `UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE id = '${digestToken(token)}'`,
    );
    const browser = newClient(verifyingApp);
    const response = await browser.get(path);
    expect(response.headers.location).toBe('/auth?verification=invalid');
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await newClient(verifyingApp).post('/api/login', { email, password })).status).toBe(403);
  });

  it('does not accept a verification link as a password reset token', async () => {
    const { email } = await register(verifyingApp);
    const token = verificationPath(email).split('/').at(-1) ?? '';
    expect((await newClient(verifyingApp).get(`/api/reset-password/${token}`)).status).toBe(400);
    const reset = await newClient(verifyingApp).post('/api/reset-password', { token, newPassword: 'taken over' });
    expect(reset.status).toBe(400);
  });

  it('redirects a used or unknown link to /auth?verification=invalid without signing in', async () => {
    const { email } = await register(verifyingApp);
    const path = verificationPath(email);
    expect((await newClient(verifyingApp).get(path)).status).toBe(302);

    const replay = newClient(verifyingApp);
    const used = await replay.get(path);
    expect(used.status).toBe(302);
    expect(used.headers.location).toBe('/auth?verification=invalid');
    expect(replay.cookies.has('perch_session')).toBe(false);

    const unknown = await newClient(verifyingApp).get(`/api/verify-email/${'y'.repeat(43)}`);
    expect(unknown.headers.location).toBe('/auth?verification=invalid');
  });
});

import { hash } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { digestToken } from '#server/tokens.ts';
import { accountsHelpers, mailsTo, password } from '#test-support/accounts.ts';
import { startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';

// argon2 as it is, watched: a reset must not hash anything before it knows the link is good.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, hash: vi.fn(original.hash) };
});

const forgotMessage = 'If an account exists for that email, we have sent a link to reset the password.';

// Behind a trusted proxy, so each client can come from its own network address and the
// per-address limits of one test do not spill into the next.
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });

const { newClient, registered, clientWithSession, requestResetToken } = accountsHelpers(() => testApp);

describe('forgotten password', () => {
  it('answers an existing and an unknown address identically, and mails only the existing one', async () => {
    const { email } = await registered();
    const unknownEmail = uniqueEmail('nobody');
    const mailsBefore = testApp.mails.length;
    const known = await newClient().post('/api/forgot-password', { email });
    const unknown = await newClient().post('/api/forgot-password', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: forgotMessage });
    expect(unknown.body).toEqual(known.body);
    expect(testApp.mails).toHaveLength(mailsBefore + 1);
    expect(mailsTo(testApp, unknownEmail)).toHaveLength(0);
    expect(mailsTo(testApp, email)).toHaveLength(1);
  });

  it('mails a reset link to the reset page, in both the text and the HTML part', async () => {
    const { email } = await registered();
    await newClient().post('/api/forgot-password', { email: email.toUpperCase() });
    const [mail] = mailsTo(testApp, email);
    const link = mail?.links?.[0] ?? '';
    expect(link).toMatch(/^http:\/\/perch\.test\/reset-password\?token=[A-Za-z0-9_-]{40,}$/);
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(link);
  });

  it('refuses a request without an e-mail with 400', async () => {
    const response = await newClient().post('/api/forgot-password', {});
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/\(email\)/);
  });
});

describe('password reset links', () => {
  it('answers 200 for a live reset token', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const response = await newClient().get(`/api/reset-password/${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('answers 400 for a token the server never issued', async () => {
    const response = await newClient().get(`/api/reset-password/${'x'.repeat(43)}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/invalid or has expired/);
  });

  it('answers 400 for an expired token, and does not accept it for a reset', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    await testApp.database.sql.exec(
      `UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE id = '${digestToken(token)}'`,
    );
    expect((await newClient().get(`/api/reset-password/${token}`)).status).toBe(400);
    const reset = await newClient().post('/api/reset-password', { token, newPassword: 'brand new password' });
    expect(reset.status).toBe(400);
    expect((await newClient().post('/api/login', { email, password })).status).toBe(200);
  });

  it('sets the new password once: the new one works, the old one and the used link do not', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const newPassword = 'a much better password';
    const reset = await newClient().post('/api/reset-password', { token, newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: expect.any(String),
      user: expect.objectContaining({ email }),
      hasCalendarFeed: false,
    });

    expect((await newClient().get(`/api/reset-password/${token}`)).status).toBe(400);
    const reuse = await newClient().post('/api/reset-password', { token, newPassword: 'yet another password' });
    expect(reuse.status).toBe(400);

    expect((await newClient().post('/api/login', { email, password })).status).toBe(401);
    expect((await newClient().post('/api/login', { email, password: newPassword })).status).toBe(200);
  });

  it('accepts a reset link only once even when it is submitted twice at the same moment', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const responses = await Promise.all([
      newClient().post('/api/reset-password', { token, newPassword: 'first password' }),
      newClient().post('/api/reset-password', { token, newPassword: 'second password' }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
  });

  it('voids the older reset links of the user once a new password is set', async () => {
    const { email } = await registered();
    const older = await requestResetToken(email);
    const newer = await requestResetToken(email);
    expect((await newClient().get(`/api/reset-password/${older}`)).status).toBe(200);
    expect(
      (await newClient().post('/api/reset-password', { token: newer, newPassword: 'fresh password' })).status,
    ).toBe(200);
    expect((await newClient().get(`/api/reset-password/${older}`)).status).toBe(400);
    expect(
      (await newClient().post('/api/reset-password', { token: older, newPassword: 'attacker password' })).status,
    ).toBe(400);
    expect((await newClient().post('/api/login', { email, password: 'fresh password' })).status).toBe(200);
  });

  it("ends the user's other sessions, and the browser that made the reset stays signed in", async () => {
    const { client: resettingDevice, email } = await registered();
    const otherDevice = newClient();
    expect((await otherDevice.post('/api/login', { email, password })).status).toBe(200);
    const token = await requestResetToken(email);
    const reset = await resettingDevice.post('/api/reset-password', { token, newPassword: 'fresh password' });
    expect(reset.status).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    expect((await resettingDevice.get('/api/user')).status).toBe(200);
  });

  it('ends every session of the user when the reset comes from a signed-out browser', async () => {
    const { client, email } = await registered();
    const token = await requestResetToken(email);
    expect((await newClient().post('/api/reset-password', { token, newPassword: 'fresh password' })).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses a new password shorter than 6 characters with 400 and leaves the link usable', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const response = await newClient().post('/api/reset-password', { token, newPassword: '12345' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Password must be at least 6 characters long (newPassword)');
    expect((await newClient().get(`/api/reset-password/${token}`)).status).toBe(200);
    expect((await newClient().post('/api/login', { email, password })).status).toBe(200);
  });

  it('does not let a reset token of one user be used as a session, or a session token as a reset token', async () => {
    const { client, email } = await registered();
    const resetToken = await requestResetToken(email);
    expect((await clientWithSession(resetToken).get('/api/user')).status).toBe(401);
    const sessionToken = client.cookies.get('perch_session') ?? '';
    expect((await newClient().get(`/api/reset-password/${sessionToken}`)).status).toBe(400);
  });
});

describe('resetting a password cheaply and within limits', () => {
  it('checks the link before hashing the new password: an unknown link costs no argon2 work', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    vi.mocked(hash).mockClear();
    const unknown = await newClient().post('/api/reset-password', {
      token: 'x'.repeat(43),
      newPassword: 'guess guess',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This password reset link is invalid or has expired.');
    expect(hash).not.toHaveBeenCalled();
    expect((await newClient().post('/api/reset-password', { token, newPassword: 'fresh password' })).status).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
  });

  it('refuses a 21st reset attempt from one address within 15 minutes with 429, Retry-After and a sentence', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const prober = newClient();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const guess = await prober.post('/api/reset-password', { token: `made-up-${attempt}`, newPassword: 'whatever1' });
      expect(guess.status).toBe(400);
    }
    const refused = await prober.post('/api/reset-password', { token, newPassword: 'fresh password' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.body.message).toMatch(
      /^Too many password reset attempts from this network\. Please wait \d+ minutes and try again\.$/,
    );
    // The limit is the address's: the same link still works from elsewhere.
    expect((await newClient().post('/api/reset-password', { token, newPassword: 'fresh password' })).status).toBe(200);
  });

  it('refuses a new password over 200 characters with 400 naming the field, and leaves the link usable', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const response = await newClient().post('/api/reset-password', { token, newPassword: 'x'.repeat(201) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Password must be at most 200 characters (newPassword)');
    expect((await newClient().get(`/api/reset-password/${token}`)).status).toBe(200);
  });
});

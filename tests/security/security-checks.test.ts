import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp, startTestAppForFile } from '#test-support/harness.ts';
import { htmlPage, svgImage, tinyPng } from '#test-support/image-fixtures.ts';
import { newClient, signUpPerson, worldEnvironment } from './tenant-world.ts';

const testApp = startTestAppForFile({ environment: worldEnvironment });

describe('transport', () => {
  it('sends HSTS when the request reached the trusted proxy over HTTPS', async () => {
    const response = await testApp.client({ 'x-forwarded-proto': 'https' }).get('/api/health');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('addresses the router refuses', () => {
  it('answer in the one error shape, with a sentence that does not repeat the address', async () => {
    const longId = 'x'.repeat(300);
    const tooLong = await testApp.client().get(`/api/desks/${longId}`);
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toEqual({ message: 'The address is too long.' });
    const badlyEncoded = await testApp.client().get('/api/desks/%E0%A4%A');
    expect(badlyEncoded.status).toBe(400);
    expect(badlyEncoded.body).toEqual({ message: 'The address is not valid.' });
  });
});

describe('sign-in throttling per network address', () => {
  it('refuses an address past its 100 failed sign-ins in the window with 429, a sentence and Retry-After', async () => {
    const person = await signUpPerson(testApp, 'throttled-');
    const address = '192.0.2.77';
    // 100 failures already counted for this address (counters live in the database, shared by every instance).
    const key = `login-ip:${createHash('sha256').update(address).digest('base64url')}`;
    await testApp.database.sql.query('INSERT INTO rate_limits (key, window_started_at, hits) VALUES ($1, now(), 100)', [
      key,
    ]);
    const fromThere = testApp.client({ 'x-forwarded-for': address });
    const refused = await fromThere.post('/api/login', { email: person.email, password: person.password });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many sign-in attempts from this network\. Please wait \d+ (seconds|minutes) and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same account signs in from another address: the limit is the address's, not the person's.
    const elsewhere = await newClient(testApp).post('/api/login', { email: person.email, password: person.password });
    expect(elsewhere.status).toBe(200);
  });
});

describe('uploaded files', () => {
  async function uploadUrl() {
    const admin = await signUpPerson(testApp, 'uploader-');
    const organization = await admin.client.post('/api/organizations', { name: 'Uploads', slug: `up-${Date.now()}` });
    const answer = await admin.client.post('/api/objects/upload', { organizationId: organization.body.id });
    expect(answer.status).toBe(200);
    return { admin, url: new URL(answer.body.uploadURL) };
  }
  const put = (url: URL, bytes: Buffer, type: string) =>
    testApp.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': type },
      payload: bytes,
    });

  it('refuses SVG and HTML with 415 whatever type they claim, so neither can ever be served', async () => {
    for (const [bytes, type] of [
      [svgImage, 'image/svg+xml'],
      [svgImage, 'image/png'],
      [htmlPage, 'text/html'],
      [htmlPage, 'image/jpeg'],
    ] as const) {
      const { url } = await uploadUrl();
      const response = await put(url, bytes, type);
      expect(response.statusCode, `${type}`).toBe(415);
    }
  });

  it('serves a stored image as an inert file: its sniffed type, nosniff and a sandboxing policy', async () => {
    const { admin, url } = await uploadUrl();
    const stored = await put(url, tinyPng(), 'text/html');
    expect(stored.statusCode).toBe(200);
    const served = await admin.client.get(stored.json().location);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('logs', () => {
  it('never carry a password, a session token or a reset token while people sign up, in, and reset', async () => {
    const lines: string[] = [];
    const mails: Array<{ to: string; links?: string[] }> = [];
    const logged = await startTestApp({
      environment: { BILLING: 'off' },
      mailer: { send: async (message) => void mails.push(message), close: () => {} },
      logLines: lines,
    });
    const { app } = logged;
    try {
      const json = { 'content-type': 'application/json' };
      const email = 'logged@example.com';
      const password = 'a very secret password';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: json,
        payload: { email, password, firstName: 'L', lastName: 'G' },
      });
      const sessionToken = registered.cookies.find((cookie) => cookie.name === 'perch_session')!.value;
      await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `perch_session=${sessionToken}` } });
      await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload: { email, password: 'wrong one!' },
      });
      await app.inject({ method: 'POST', url: '/api/forgot-password', headers: json, payload: { email } });
      const resetToken = new URL(mails.at(-1)!.links![0]!).searchParams.get('token') ?? '';
      expect(resetToken.length).toBeGreaterThan(20);
      await app.inject({ method: 'GET', url: `/api/reset-password/${resetToken}` });
      const newPassword = 'another secret password';
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        headers: json,
        payload: { token: resetToken, newPassword },
      });
      expect(reset.statusCode).toBe(200);

      const log = lines.join('');
      expect(log).toContain('/api/reset-password/[token]');
      for (const secret of [password, 'wrong one!', newPassword, sessionToken, resetToken]) {
        expect(log.includes(secret), `the log carries ${secret.slice(0, 6)}…`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});

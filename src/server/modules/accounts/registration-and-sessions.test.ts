import { describe, expect, it } from 'vitest';
import { digestToken } from '#server/tokens.ts';
import { accountsHelpers, password, sessionCookieOf } from '#test-support/accounts.ts';
import { signUp, startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';

// Behind a trusted proxy, so each client can come from its own network address and the
// per-address limits of one test do not spill into the next.
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });

const { newClient, register, registered, clientWithSession, requestResetToken } = accountsHelpers(() => testApp);

describe('registration', () => {
  it('signs a new user in and answers the user without secrets', async () => {
    const { client, email } = await signUp(testApp, { firstName: 'Grace', lastName: 'Hopper' });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
    });
  });

  it('answers 201 and sets an httpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const { response } = await registered();
    expect(response.status).toBe(201);
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('marks the session cookie Secure when the request reached the proxy over HTTPS', async () => {
    const client = newClient(testApp, { 'x-forwarded-proto': 'https' });
    const response = await client.post('/api/register', { email: uniqueEmail(), password });
    expect(response.status).toBe(201);
    expect(sessionCookieOf(response)).toMatch(/;\s*Secure/i);
  });

  it('stores and answers the e-mail address in lowercase', async () => {
    const email = uniqueEmail('Mixed.CASE').replace('example.com', 'Example.COM');
    const { response, client } = await registered(email);
    expect(response.body.email).toBe(email.toLowerCase());
    expect((await client.get('/api/user')).body.email).toBe(email.toLowerCase());
  });

  it('refuses a second account for the same address, whatever its case, with 409', async () => {
    const { email } = await registered();
    const again = await register(testApp, email.toUpperCase());
    expect(again.response.status).toBe(409);
    expect(again.response.body.message).toMatch(/already exists/);
    expect(sessionCookieOf(again.response)).toBeUndefined();
    const rows = await testApp.database.sql.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it('creates one account when the same address registers twice at the same moment', async () => {
    const email = uniqueEmail();
    const [first, second] = await Promise.all([register(testApp, email), register(testApp, email)]);
    expect([first.response.status, second.response.status].sort()).toEqual([201, 409]);
    const rows = await testApp.database.sql.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a password shorter than 8 characters with 400 naming the field, and creates nothing', async () => {
    const email = uniqueEmail();
    const response = await newClient().post('/api/register', { email, password: '1234567' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Password must be at least 8 characters (password)');
    const rows = await testApp.database.sql.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['an empty body', {}, /Missing information \(email\)/],
    ['no password', { email: 'someone@example.com' }, /Missing information \(password\)/],
    ['an e-mail that is a number', { email: 12345, password }, /\(email\)/],
    ['a password that is an object', { email: 'someone@example.com', password: { a: 1 } }, /\(password\)/],
    ['a first name that is a number', { email: 'someone@example.com', password, firstName: 7 }, /\(firstName\)/],
    ['an invalid e-mail', { email: 'not an email', password }, /valid email address \(email\)/],
    ['an unknown field', { email: 'someone@example.com', password, isAdmin: true }, /isAdmin/],
  ])('refuses %s with 400 and a sentence', async (_label, body, expected) => {
    const response = await newClient().post('/api/register', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(expected);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses a JSON body that is not an object with 400', async () => {
    for (const body of ['null', '[]', '"text"', '42']) {
      const response = await newClient().request('POST', '/api/register', body, {
        'content-type': 'application/json',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});

describe('sign-in', () => {
  it('answers 200 with the user and a new session id at every sign-in', async () => {
    const { email, response: registration } = await registered();
    const first = await newClient().post('/api/login', { email, password });
    const second = await newClient().post('/api/login', { email, password });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });
    const tokens = [registration, first, second].map((response) => sessionCookieOf(response)?.split(';')[0]);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(3);
  });

  it('accepts the e-mail address in any case', async () => {
    const { email } = await registered();
    const response = await newClient().post('/api/login', { email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(email);
  });

  it('replaces the session of a client that signs in again, so the old session id stops working', async () => {
    const { client, email } = await registered();
    const oldToken = client.cookies.get('perch_session') ?? '';
    const again = await client.post('/api/login', { email, password });
    expect(again.status).toBe(200);
    const newToken = client.cookies.get('perch_session') ?? '';
    expect(newToken).not.toBe(oldToken);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await clientWithSession(oldToken).get('/api/user')).status).toBe(401);
  });

  it('answers an unknown e-mail and a wrong password with the same 401', async () => {
    const { email } = await registered();
    const unknown = await newClient().post('/api/login', { email: uniqueEmail('nobody'), password });
    const wrong = await newClient().post('/api/login', { email, password: 'not the password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password' });
    expect(wrong.body).toEqual(unknown.body);
    expect(sessionCookieOf(unknown)).toBeUndefined();
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it("refuses a sign-in without a password with 400 'Missing information'", async () => {
    const response = await newClient().post('/api/login', { email: uniqueEmail(), password: '' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Missing information (password)');
  });

  it('sends a browser to /auth when it navigates to GET /api/login', async () => {
    const response = await newClient().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/auth');
  });
});

describe('password length', () => {
  const tooLong = 'p'.repeat(201);
  it.each([
    ['POST', '/api/register', { email: 'long@example.com', password: tooLong }, 'password'],
    ['POST', '/api/login', { email: 'long@example.com', password: tooLong }, 'password'],
    ['POST', '/api/reset-password', { token: 'some-token', newPassword: tooLong }, 'newPassword'],
    ['POST', '/api/signup-with-invitation', { token: 'some-token', password: tooLong }, 'password'],
    ['DELETE', '/api/user', { password: tooLong }, 'password'],
  ])('%s %s refuses a password over 200 characters with 400 naming the field', async (method, url, body, field) => {
    const { client } = await registered();
    const response = await client.request(method, url, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Password must be at most 200 characters (${field})`);
  });
});

describe('current user and sign-out', () => {
  it('answers 401 with a sentence for GET /api/user when signed out', async () => {
    const response = await newClient().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/sign in/i);
  });

  it('answers 401 for a session cookie the server never issued', async () => {
    const response = await clientWithSession('made-up-token').get('/api/user');
    expect(response.status).toBe(401);
  });

  it('answers 401 once the session has expired', async () => {
    const { client } = await registered();
    const token = client.cookies.get('perch_session') ?? '';
    await testApp.database.sql.exec(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = '${digestToken(token)}'`,
    );
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('ends the session on GET /api/logout and redirects to /', async () => {
    const { client } = await registered();
    const token = client.cookies.get('perch_session') ?? '';
    const response = await client.get('/api/logout');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(client.cookies.has('perch_session')).toBe(false);
    expect((await client.get('/api/user')).status).toBe(401);
    // The server forgot the session too: replaying the old cookie does not sign in.
    expect((await clientWithSession(token).get('/api/user')).status).toBe(401);
  });

  it('ends the session on a bodiless POST /api/logout, as the web client sends it, and answers JSON', async () => {
    const { client } = await registered();
    const token = client.cookies.get('perch_session') ?? '';
    const response = await client.request('POST', '/api/logout');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect((await clientWithSession(token).get('/api/user')).status).toBe(401);
  });

  it('ends only the session that signs out, not the same user on another device', async () => {
    const { client, email } = await registered();
    const otherDevice = newClient();
    expect((await otherDevice.post('/api/login', { email, password })).status).toBe(200);
    await client.post('/api/logout');
    expect((await otherDevice.get('/api/user')).status).toBe(200);
  });
});

describe('secrets at rest', () => {
  /** The table's rows hold the token as the id of one of them, its digest, and nowhere as it was given. */
  async function expectOnlyItsHashIn(table: 'sessions' | 'account_tokens', token: string) {
    const rows = await testApp.database.sql.query<{ row: string; id: string }>(
      `SELECT t::text AS row, t.id FROM ${table} t`,
    );
    expect(rows.map((row) => row.id)).toContain(digestToken(token));
    expect(rows.filter((row) => row.row.includes(token))).toEqual([]);
  }

  it('stores the session token only as its hash', async () => {
    const { client } = await registered();
    const token = client.cookies.get('perch_session') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22);
    await expectOnlyItsHashIn('sessions', token);
  });

  it('stores the reset token only as its hash', async () => {
    const { email } = await registered();
    await expectOnlyItsHashIn('account_tokens', await requestResetToken(email));
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    const { email } = await registered();
    const [row] = await testApp.database.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row?.password_hash).not.toContain(password);
  });
});

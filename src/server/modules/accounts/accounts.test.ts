import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  startTestApp,
  type TestApp,
  type TestClient,
  type TestResponse,
  uniqueEmail,
} from '../../testing/harness.ts';
import { digestToken } from '../../tokens.ts';

const password = 'correct horse battery';
const forgotMessage = 'If an account exists for that email, we have sent a link to reset the password.';

let testApp: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each client can come from its own network address and the
  // per-address limits of one test do not spill into the next.
  testApp = await startTestApp({ environment: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await testApp?.close();
});

let addressCounter = 0;
/** A signed-out client from a network address no other client uses. */
function newClient(app: TestApp = testApp, headers: Record<string, string> = {}): TestClient {
  addressCounter += 1;
  const address = `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  return app.client({ 'x-forwarded-for': address, ...headers });
}

async function register(app: TestApp = testApp, email = uniqueEmail()) {
  const client = newClient(app);
  const response = await client.post('/api/register', { email, password, firstName: 'Ada', lastName: 'Lovelace' });
  return { client, email, response };
}

async function registered(email?: string) {
  const result = await register(testApp, email);
  expect(result.response.status).toBe(201);
  return result;
}

function setCookies(response: TestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

function sessionCookieOf(response: TestResponse): string | undefined {
  return setCookies(response).find((cookie) => cookie.startsWith('perch_session='));
}

/** A client that presents the given session token and nothing else. */
function clientWithSession(token: string): TestClient {
  const client = newClient();
  client.cookies.set('perch_session', token);
  return client;
}

function mailsTo(app: TestApp, email: string) {
  return app.mails.filter((mail) => mail.to === email);
}

/** Asks for a reset link and answers the raw token taken from the mailed link. */
async function requestResetToken(email: string): Promise<string> {
  const before = mailsTo(testApp, email).length;
  const response = await newClient().post('/api/forgot-password', { email });
  expect(response.status).toBe(200);
  const mails = mailsTo(testApp, email);
  expect(mails).toHaveLength(before + 1);
  const link = mails.at(-1)?.links?.[0] ?? '';
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

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
    expect(reset.body).toEqual({ message: expect.any(String) });

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

  it("ends the user's other sessions but keeps the one that made the reset", async () => {
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

describe('secrets at rest', () => {
  it('stores the session token only as its hash', async () => {
    const { client } = await registered();
    const token = client.cookies.get('perch_session') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22);
    const rows = await testApp.database.sql.query<{ row: string; id: string }>(
      'SELECT s::text AS row, s.id FROM sessions s',
    );
    expect(rows.map((row) => row.id)).toContain(digestToken(token));
    expect(rows.filter((row) => row.row.includes(token))).toEqual([]);
  });

  it('stores the reset token only as its hash', async () => {
    const { email } = await registered();
    const token = await requestResetToken(email);
    const rows = await testApp.database.sql.query<{ row: string; id: string }>(
      'SELECT t::text AS row, t.id FROM account_tokens t',
    );
    expect(rows.map((row) => row.id)).toContain(digestToken(token));
    expect(rows.filter((row) => row.row.includes(token))).toEqual([]);
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

describe('e-mail verification', () => {
  let verifyingApp: TestApp;
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

import { describe, expect, it } from 'vitest';
import { signUp, startTestAppForFile, type TestResponse, uniqueEmail } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

const evilOrigin = 'https://evil.example';
const password = 'correct horse battery';

/** The CSP header as a map from directive name to its sources. */
function policyOf(response: TestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

async function userCount(email: string): Promise<number> {
  return (await testApp.database.sql.query('SELECT id FROM users WHERE email = $1', [email])).length;
}

describe('security headers', () => {
  it('sends a content security policy that forbids inline scripts and framing', async () => {
    const response = await testApp.client().get('/api/health');
    const policy = policyOf(response);
    const scriptSources = policy.get('script-src') ?? policy.get('default-src');
    expect(scriptSources).toBeDefined();
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('tells browsers not to sniff types, not to frame the site and not to store API answers', async () => {
    const response = await testApp.client().get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the same headers on error answers', async () => {
    for (const response of [
      await testApp.client().get('/api/user'),
      await testApp.client().get('/api/no-such-thing'),
      await testApp.client().post('/api/login', { email: 'x' }, { origin: evilOrigin }),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(policyOf(response).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('does not claim HTTPS strict transport over plain HTTP without a trusted proxy', async () => {
    const response = await testApp.client({ 'x-forwarded-proto': 'https' }).get('/api/health');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cross-origin requests', () => {
  it('refuses a registration posted from another origin with 403, and creates no account', async () => {
    const email = uniqueEmail();
    const response = await testApp.client().post('/api/register', { email, password }, { origin: evilOrigin });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Cross-origin requests are not allowed.');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a signed-in state change from another origin and leaves everything as it was', async () => {
    const { client } = await signUp(testApp);
    const logout = await client.post('/api/logout', undefined, { origin: evilOrigin });
    expect(logout.status).toBe(403);
    expect((await client.get('/api/user')).status).toBe(200);

    const created = await client.post(
      '/api/organizations',
      { name: 'Evil Corp', slug: 'evil-corp' },
      { origin: evilOrigin },
    );
    expect(created.status).toBe(403);
    expect((await client.get('/api/organizations')).body).toEqual([]);
  });

  it.each<[string, Record<string, string>, 201 | 403]>([
    ['refuses an Origin of a look-alike host', { origin: 'http://perch.test.evil.example' }, 403],
    ['refuses an Origin of the right host over another scheme', { origin: 'https://perch.test' }, 403],
    ['refuses an Origin of the right host on another port', { origin: 'http://perch.test:8080' }, 403],
    ['refuses an opaque Origin', { origin: 'null' }, 403],
    ['allows a state change from the configured public origin', { origin: 'http://perch.test' }, 201],
    // A name the attacker controls, pointed at Perch (DNS rebinding), sends a matching Host and Origin.
    [
      'refuses a state change whose Origin matches only the Host it was sent to, not PUBLIC_URL',
      { host: 'rebound.evil.example', origin: 'http://rebound.evil.example' },
      403,
    ],
    [
      'refuses a request that the browser marks as cross-site even without an Origin header',
      { 'sec-fetch-site': 'cross-site' },
      403,
    ],
    [
      'allows a request that the browser marks as same-origin without an Origin header',
      { 'sec-fetch-site': 'same-origin' },
      201,
    ],
  ])('%s', async (_behaviour, headers, status) => {
    const email = uniqueEmail();
    const response = await testApp.client().post('/api/register', { email, password }, headers);
    expect(response.status).toBe(status);
    expect(await userCount(email)).toBe(status === 201 ? 1 : 0);
  });

  it('keeps the session when a sign-out link on another site is followed (GET /api/logout, cross-site)', async () => {
    const { client } = await signUp(testApp);
    const followed = await client.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(followed.status).toBe(403);
    expect(followed.body.message).toBe('Sign out from Perch itself: a link on another site cannot sign you out.');
    expect((await client.get('/api/user')).status).toBe(200);
    const own = await client.get('/api/logout', { 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(302);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('lets another origin read public answers with GET, which change nothing', async () => {
    const response = await testApp.client().get('/api/health', { origin: evilOrigin, 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(200);
  });
});

describe('malformed requests', () => {
  it('refuses a text/plain body with 415 and a sentence', async () => {
    const email = uniqueEmail();
    const body = JSON.stringify({ email, password });
    const response = await testApp.client().request('POST', '/api/register', body, { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Send the request body as JSON (Content-Type: application/json).');
    expect(await userCount(email)).toBe(0);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'refuses a %s body with 415',
    async (contentType) => {
      const response = await testApp.client().request('POST', '/api/login', 'email=a', { 'content-type': contentType });
      expect(response.status).toBe(415);
      expect(response.body.message).toEqual(expect.any(String));
    },
  );

  it('accepts JSON whose content type names a charset', async () => {
    const response = await testApp
      .client()
      .request('POST', '/api/register', JSON.stringify({ email: uniqueEmail(), password }), {
        'content-type': 'application/json; charset=utf-8',
      });
    expect(response.status).toBe(201);
  });

  it('refuses malformed JSON with 400 and a sentence', async () => {
    const response = await testApp
      .client()
      .request('POST', '/api/login', '{"email": "a@example.com", ', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('refuses an empty JSON body with 400', async () => {
    const response = await testApp.client().request('POST', '/api/login', '', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/empty/);
  });

  it('refuses JSON that tries to set the prototype with 400', async () => {
    const response = await testApp
      .client()
      .request('POST', '/api/login', '{"email":"a@example.com","password":"x","__proto__":{"isAdmin":true}}', {
        'content-type': 'application/json',
      });
    expect(response.status).toBe(400);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password, firstName: 'x'.repeat(65 * 1024) });
    const response = await testApp
      .client()
      .request('POST', '/api/register', body, { 'content-type': 'application/json' });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large.' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await testApp.client().get('/api/definitely-not-here?x=1');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ message: 'There is no GET /api/definitely-not-here here.' });
  });

  it('answers a known path with an unsupported method with a 4xx', async () => {
    const response = await testApp.client().request('PUT', '/api/user', {});
    expect(response.status).toBe(404);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe('robustness', () => {
  it('answers every odd request with a 4xx and a sentence, never a server error', async () => {
    const { client } = await signUp(testApp);
    const jsonRoutes = [
      '/api/register',
      '/api/login',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/organizations',
    ];
    const bodies = [
      'null',
      '[]',
      '"text"',
      '12345678901234567890',
      'true',
      '{}',
      '{"email":{"$ne":null},"password":["a"]}',
      '{"email":"a@example.com","password":"x","token":1e400}',
      `{"email":"${'\\u0000'.repeat(10)}@example.com","password":"\\ud800"}`,
      `{"name":"${'é'.repeat(1000)}","slug":"${'a'.repeat(1000)}","timeZone":"${'x'.repeat(5000)}"}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '{"token":"../../etc/passwd","newPassword":"secret-enough"}',
    ];
    const answers: Array<[string, TestResponse]> = [];
    for (const route of jsonRoutes) {
      for (const body of bodies) {
        answers.push([
          `POST ${route} ${body.slice(0, 40)}`,
          await client.request('POST', route, body, { 'content-type': 'application/json' }),
        ]);
      }
    }
    for (const path of [
      '/api/reset-password/%ZZ',
      `/api/reset-password/${'t'.repeat(300)}`,
      '/api/reset-password/%00',
      '/api/verify-email/%E0%A4%A',
      `/api/verify-email/${'v'.repeat(300)}`,
      '/api/organizations/%ZZ',
      '/api/organizations/00000000-0000-0000-0000-00000000000g',
      '/api/organizations/..%2F..%2Fuser',
      '/api/user?x=%ZZ',
    ]) {
      answers.push([`GET ${path}`, await client.get(path)]);
    }
    for (const cookie of [
      'perch_session=%ZZ',
      `perch_session=${'a'.repeat(5000)}`,
      'perch_session=',
      'perch_session',
    ]) {
      answers.push([`cookie ${cookie.slice(0, 30)}`, await testApp.client({ cookie }).get('/api/user')]);
    }

    const failures = answers.filter(([, response]) => response.status >= 500 || response.status < 200);
    expect(failures.map(([label, response]) => `${label} -> ${response.status} ${response.text}`)).toEqual([]);
    for (const [label, response] of answers) {
      if (response.status >= 400 && response.status !== 302) {
        expect(typeof response.body?.message, label).toBe('string');
      }
    }
  });
});

describe('text the database cannot store', () => {
  it('refuses a NUL character in a name with 400 and stores nothing', async () => {
    const { client } = await signUp(testApp);
    const email = uniqueEmail();
    const registration = await testApp
      .client()
      .request('POST', '/api/register', `{"email":"${email}","password":"${password}","firstName":"A\\u0000B"}`, {
        'content-type': 'application/json',
      });
    expect(registration.status).toBe(400);
    expect(registration.body.message).toEqual(expect.any(String));
    expect(await userCount(email)).toBe(0);

    const organization = await client.request('POST', '/api/organizations', '{"name":"Ac\\u0000me","slug":"nul-org"}', {
      'content-type': 'application/json',
    });
    expect(organization.status).toBe(400);
    expect((await client.get('/api/organizations')).body).toEqual([]);
  });
});

describe('health', () => {
  it('answers 200 {status: "ok"} when the database is reachable', async () => {
    const response = await testApp.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describe('logs', () => {
  it('never carry the secret tokens that some paths hold', async () => {
    const { withoutTokens } = await import('../log-redaction.ts');
    expect(withoutTokens('/api/reset-password/abc123')).toBe('/api/reset-password/[token]');
    expect(withoutTokens('/api/objects/upload/abc123?x=1')).toBe('/api/objects/upload/[token]?x=1');
    expect(withoutTokens('/api/verify-email/abc')).toBe('/api/verify-email/[token]');
    expect(withoutTokens('/api/invitations/abc')).toBe('/api/invitations/[token]');
    expect(withoutTokens('/api/organizations/abc')).toBe('/api/organizations/abc');
  });
});

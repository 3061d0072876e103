import { describe, expect, it } from 'vitest';
import { ssoMessages } from '#domain/sso.ts';
import { startTestApp } from '#test-support/harness.ts';
import { followToCallback, type TestProvider } from '#test-support/oidc-provider.ts';
import {
  addPasskeyThroughApi,
  SoftwareAuthenticator,
  signInWithPasskeyThroughApi,
} from '#test-support/passkey-authenticator.ts';
import {
  type Connection,
  callbackUrl,
  connect as connectWith,
  membersOf as membersWith,
  newDomain,
  publicUrl,
  signInWithSso as signInWith,
  ssoSecretKey,
  ssoTestBedForFile,
  verifyDomain,
} from '#test-support/sso.ts';
import { auditActions } from '#test-support/subscriptions.ts';
import {
  addMember,
  createTeam,
  newClient,
  password,
  setSubscription,
  type Team,
  teamTestEnvironment,
} from '#test-support/team.ts';

const bed = ssoTestBedForFile();
const testApp = bed.testApp;
const connect = (team: Team, settings: Connection = {}) => connectWith(bed, team, settings);
const signInWithSso = (email: string, options: Parameters<typeof signInWith>[2] = {}) =>
  signInWith(bed, email, options);
const membersOf = (team: Team) => membersWith(team);

async function withMisbehaviour<T>(change: TestProvider['misbehave'], run: () => Promise<T>): Promise<T> {
  Object.assign(bed.provider.misbehave, change);
  try {
    return await run();
  } finally {
    for (const key of Object.keys(change)) delete bed.provider.misbehave[key as keyof TestProvider['misbehave']];
  }
}

describe('connecting a provider', () => {
  it('shows the callback address before anything is connected, and only to admins', async () => {
    const team = await createTeam(testApp);
    const settings = await team.admin.client.get(`/api/organizations/${team.id}/sso`);
    expect(settings.body).toEqual({ configured: false, callbackUrl });
    const member = await addMember(testApp, team.id);
    expect((await member.client.get(`/api/organizations/${team.id}/sso`)).status).toBe(403);
    const outsider = await createTeam(testApp);
    expect((await outsider.admin.client.get(`/api/organizations/${team.id}/sso`)).status).toBe(404);
  });

  it('saves a provider whose discovery document checks out, never answering its secret', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(team);
    const settings = await team.admin.client.get(`/api/organizations/${team.id}/sso`);
    expect(settings.body).toMatchObject({
      configured: true,
      issuer: bed.provider.issuer,
      clientId: bed.provider.clientId,
      domains: [domain],
      required: false,
      hasClientSecret: true,
      callbackUrl,
    });
    expect(settings.text).not.toContain(bed.provider.clientSecret);
    const stored = await testApp.database.sql.query<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM sso_connections WHERE organization_id = $1',
      [team.id],
    );
    expect(stored[0]?.client_secret_encrypted).not.toContain(bed.provider.clientSecret);
  });

  it('keeps the saved secret when a change leaves it out, and normalises the domains', async () => {
    const team = await createTeam(testApp);
    await connect(team);
    const domain = newDomain();
    const changed = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      issuer: bed.provider.issuer,
      clientId: bed.provider.clientId,
      domains: [` ${domain.toUpperCase()} `, domain],
      required: true,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ domains: [domain], required: true, hasClientSecret: true });
    expect(changed.body.domainStatus).toMatchObject([{ domain, verified: false }]);
    expect((await verifyDomain(bed, team, domain)).status).toBe(200);
    const person = `new.person@${domain}`;
    bed.provider.addAccount({ email: person });
    expect((await signInWithSso(person)).location).toBe('/');
    expect(await auditActions(testApp, team.id)).toEqual([
      'sso.connected',
      'sso.domain_verified',
      'sso.changed',
      'sso.required_changed',
      'sso.domain_verified',
      'sso.account_linked',
    ]);
  });

  it('refuses an issuer whose discovery document cannot be read, with a sentence', async () => {
    const team = await createTeam(testApp);
    const response = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      issuer: `${bed.provider.issuer}/nothing-here`,
      clientId: 'perch',
      clientSecret: 'whatever',
      domains: [newDomain()],
      required: false,
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/could not read a valid OpenID Connect discovery document/);
    const plain = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      issuer: 'http://idp.example.com',
      clientId: 'perch',
      clientSecret: 'whatever',
      domains: [newDomain()],
      required: false,
    });
    expect(plain.status).toBe(422);
    expect(plain.body.message).toBe('The issuer URL must start with https://.');
  });

  it('refuses a first connection without a secret and malformed domains', async () => {
    const team = await createTeam(testApp);
    const base = { issuer: bed.provider.issuer, clientId: bed.provider.clientId, required: false };
    const noSecret = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      ...base,
      domains: [newDomain()],
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.message).toMatch(ssoMessages.clientSecretRequired);
    const badDomain = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      ...base,
      clientSecret: 'x',
      domains: ['not a domain'],
    });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.message).toMatch(/e-mail domains such as example.com/);
  });

  it('gives each verified e-mail domain to one organization only (409)', async () => {
    const first = await createTeam(testApp);
    const domain = await connect(first);
    const second = await createTeam(testApp);
    const response = await second.admin.client.request('PUT', `/api/organizations/${second.id}/sso`, {
      issuer: bed.provider.issuer,
      clientId: bed.provider.clientId,
      clientSecret: bed.provider.clientSecret,
      domains: [domain],
      required: false,
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      `${domain} is already verified by another organization: each e-mail domain can belong to one organization only.`,
    );
  });

  it('lets members change nothing, and removes the connection for admins', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(team);
    const member = await addMember(testApp, team.id);
    expect((await member.client.request('DELETE', `/api/organizations/${team.id}/sso`)).status).toBe(403);
    expect((await team.admin.client.request('DELETE', `/api/organizations/${team.id}/sso`)).status).toBe(200);
    expect((await team.admin.client.get(`/api/organizations/${team.id}/sso`)).body.configured).toBe(false);
    const start = await newClient(testApp).post('/api/sso/start', { email: `someone@${domain}` });
    expect(start.status).toBe(404);
    expect(start.body.message).toBe(ssoMessages.noConnectionForDomain);
    expect(await auditActions(testApp, team.id)).toEqual(['sso.connected', 'sso.domain_verified', 'sso.removed']);
  });
});

describe('signing in with single sign-on', () => {
  it('creates the member on a first sign-in and reuses the account on the second', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(team);
    const email = `grace@${domain}`;
    bed.provider.addAccount({ email, givenName: 'Grace', familyName: 'Hopper' });

    const first = await signInWithSso(email);
    expect(first.response.status).toBe(302);
    expect(first.location).toBe('/');
    const user = await first.client.get('/api/user');
    expect(user.body).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper' });
    expect((await membersOf(team)).find((member) => member.user.email === email)?.role).toBe('member');

    const second = await signInWithSso(email);
    expect(second.location).toBe('/');
    expect((await second.client.get('/api/user')).body.id).toBe(user.body.id);
    expect((await membersOf(team)).filter((member) => member.user.email === email)).toHaveLength(1);

    // The person's data download names the link and how each session was opened.
    const download = (await second.client.get('/api/user/export')).body;
    expect(download.singleSignOnLinks).toEqual([
      {
        organization: 'Acme Corp',
        issuer: bed.provider.issuer,
        linkedBy: 'verified-domain',
        createdAt: expect.any(String),
      },
    ]);
    expect(download.sessions.map((session: { signInMethod: string }) => session.signInMethod)).toEqual(['sso', 'sso']);
  });

  it('goes from GET /api/login to Perch’s page for an organization that has it, which names the provider’s host', async () => {
    const team = await createTeam(testApp);
    await connect(team);
    const slug = (await team.admin.client.get('/api/organizations')).body.find(
      (organization: { id: string }) => organization.id === team.id,
    ).slug;
    const client = newClient(testApp);
    for (const handle of [slug, team.id]) {
      const response = await client.get(`/api/login?organization=${encodeURIComponent(handle)}`);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`/auth?organization=${encodeURIComponent(handle)}`);
      const started = await client.post('/api/sso/start', { organization: handle });
      expect(started.status, started.text).toBe(200);
      expect(started.body).toMatchObject({
        organizationName: 'Acme Corp',
        providerHost: new URL(bed.provider.issuer).host,
      });
      expect(started.body.redirectUrl).toMatch(new RegExp(`^${bed.provider.issuer}/auth\\?`));
    }
    const other = await createTeam(testApp);
    const withoutSso = await client.get(`/api/login?organization=${other.id}`);
    expect(withoutSso.headers.location).toBe('/auth');
    expect((await client.get('/api/login')).headers.location).toBe('/auth');
    expect((await client.get('/api/login?organization=no-such-team')).headers.location).toBe('/auth');
  });

  it('refuses an ID token from another issuer', async () => {
    const team = await createTeam(testApp);
    const email = `issuer@${await connect(team)}`;
    bed.provider.addAccount({ email });
    const { location, client } = await withMisbehaviour({ idTokenIssuer: 'http://127.0.0.1:9/impostor' }, () =>
      signInWithSso(email),
    );
    expect(location).toBe('/auth?sso=wrong-issuer');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses an ID token meant for another client', async () => {
    const team = await createTeam(testApp);
    const email = `audience@${await connect(team)}`;
    bed.provider.addAccount({ email });
    const { location } = await withMisbehaviour({ idTokenAudience: 'another-application' }, () => signInWithSso(email));
    expect(location).toBe('/auth?sso=wrong-audience');
  });

  it('refuses an expired ID token', async () => {
    const team = await createTeam(testApp);
    const email = `expired@${await connect(team)}`;
    bed.provider.addAccount({ email });
    const { location } = await withMisbehaviour({ clockBehindSeconds: 2 * 60 * 60 }, () => signInWithSso(email));
    expect(location).toBe('/auth?sso=expired-token');
  });

  it('refuses a replayed state and an unknown one', async () => {
    const team = await createTeam(testApp);
    const email = `replay@${await connect(team)}`;
    bed.provider.addAccount({ email });
    const { back, location } = await signInWithSso(email);
    expect(location).toBe('/');
    const attacker = newClient(testApp);
    const replayed = await attacker.get(`${back.pathname}${back.search}`);
    expect(replayed.headers.location).toBe('/auth?sso=replayed-state');
    expect((await attacker.get('/api/user')).status).toBe(401);
    const unknown = await attacker.get('/api/sso/callback?code=abc&state=made-up');
    expect(unknown.headers.location).toBe('/auth?sso=replayed-state');
  });

  it('refuses an ID token whose nonce belongs to another sign-in', async () => {
    const team = await createTeam(testApp);
    const email = `nonce@${await connect(team)}`;
    bed.provider.addAccount({ email });
    const { location } = await signInWithSso(email, {
      alterUrl: (url) => url.searchParams.set('nonce', 'a-nonce-of-another-sign-in'),
    });
    expect(location).toBe('/auth?sso=nonce-mismatch');
  });

  it('answers a provider error (the person cancelled) with a sentence code', async () => {
    const team = await createTeam(testApp);
    const email = `cancel@${await connect(team)}`;
    const client = newClient(testApp);
    const started = await client.post('/api/sso/start', { email });
    const state = new URL(started.body.redirectUrl).searchParams.get('state');
    const response = await client.get(`/api/sso/callback?error=access_denied&state=${state}`);
    expect(response.headers.location).toBe('/auth?sso=provider-error');
  });

  it('links an existing account only when the provider has verified the e-mail', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(team);
    const email = `existing@${domain}`;
    const registered = await newClient(testApp).post('/api/register', {
      email,
      password,
      firstName: 'Ex',
      lastName: 'Isting',
    });
    expect(registered.status).toBe(201);

    bed.provider.addAccount({ email, emailVerified: false });
    const refused = await signInWithSso(email);
    expect(refused.location).toBe('/auth?sso=unverified-email');
    expect((await refused.client.get('/api/user')).status).toBe(401);
    expect((await membersOf(team)).some((member) => member.user.email === email)).toBe(false);

    bed.provider.addAccount({ email, emailVerified: true });
    const linked = await signInWithSso(email);
    expect(linked.location).toBe('/');
    expect((await linked.client.get('/api/user')).body.id).toBe(registered.body.id);
    expect((await membersOf(team)).find((member) => member.user.email === email)?.role).toBe('member');
  });

  it('refuses a newcomer when the organization is at its plan’s user limit', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(team);
    await setSubscription(testApp, team.id, { maxUsers: 1 });
    const email = `full@${domain}`;
    bed.provider.addAccount({ email });
    expect((await signInWithSso(email)).location).toBe('/auth?sso=seat-limit');
    expect(await membersOf(team)).toHaveLength(1);
  });

  it('refuses a newcomer whose provider e-mail lies outside the organization’s domains', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(team);
    const typed = `typed@${domain}`;
    // The provider signs in the account named in login_hint; this one's e-mail claim is elsewhere.
    bed.provider.accounts.set(typed, { email: 'someone@elsewhere.example.org' });
    expect((await signInWithSso(typed)).location).toBe('/auth?sso=wrong-domain');
  });
});

describe('requiring single sign-on', () => {
  it('refuses members their password and lets admins keep theirs', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    await connect(team, { required: true });
    const refused = await newClient(testApp).post('/api/login', { email: member.email, password });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoMessages.requiredForMembers);
    const wrongPassword = await newClient(testApp).post('/api/login', {
      email: member.email,
      password: 'not it at all',
    });
    expect(wrongPassword.status).toBe(401);
    const admin = await newClient(testApp).post('/api/login', { email: team.admin.email, password });
    expect(admin.status).toBe(200);

    await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      issuer: bed.provider.issuer,
      clientId: bed.provider.clientId,
      domains: (await team.admin.client.get(`/api/organizations/${team.id}/sso`)).body.domains,
      required: false,
    });
    expect((await newClient(testApp).post('/api/login', { email: member.email, password })).status).toBe(200);
  });
});

describe('requiring single sign-on, and passkeys', () => {
  it('refuses members their passkey as their password, and lets admins keep theirs', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const memberKey = new SoftwareAuthenticator(testApp.config.publicUrl);
    const adminKey = new SoftwareAuthenticator(testApp.config.publicUrl);
    expect((await addPasskeyThroughApi(member.client, memberKey)).status).toBe(201);
    expect((await addPasskeyThroughApi(team.admin.client, adminKey)).status).toBe(201);
    await connect(team, { required: true });

    const refused = await signInWithPasskeyThroughApi(newClient(testApp), memberKey);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoMessages.requiredForMembers);
    expect(refused.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringContaining('perch_session')]),
    );
    expect((await signInWithPasskeyThroughApi(newClient(testApp), adminKey)).status).toBe(200);
  });
});

describe('without SSO_SECRET_KEY on a public address', () => {
  it('refuses to store a client secret with a sentence, and says so in the start-up warnings', async () => {
    const bare = await startTestApp({ environment: teamTestEnvironment });
    try {
      const team = await createTeam(bare);
      const response = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
        issuer: bed.provider.issuer,
        clientId: bed.provider.clientId,
        clientSecret: bed.provider.clientSecret,
        domains: [newDomain()],
        required: false,
      });
      expect(response.status).toBe(503);
      expect(response.body.message).toBe(ssoMessages.secretKeyMissing);
    } finally {
      await bare.close();
    }
  });
});

describe('the client secret', () => {
  it('never appears in a response, a log line or the audit log', async () => {
    const lines: string[] = [];
    const logged = await startTestApp({
      environment: {
        BILLING: 'off',
        PUBLIC_URL: publicUrl,
        SSO_SECRET_KEY: ssoSecretKey,
        DNS_SERVERS: bed.dns.address,
      },
      logLines: lines,
    });
    const { app, database } = logged;
    const bodies: string[] = [];
    const json = { 'content-type': 'application/json' };
    try {
      const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) => {
        const response = await app.inject({
          method,
          url,
          headers: { ...(payload ? json : {}), ...(cookie ? { cookie } : {}) },
          ...(payload ? { payload: JSON.stringify(payload) } : {}),
        });
        bodies.push(response.body, JSON.stringify(response.headers));
        return response;
      };
      const registered = await call('POST', '/api/register', '', {
        email: 'owner@secret-test.example.com',
        password,
        firstName: 'O',
        lastName: 'W',
      });
      const cookie = `perch_session=${registered.cookies.find((entry) => entry.name === 'perch_session')?.value}`;
      const organization = await call('POST', '/api/organizations', cookie, { name: 'Secret Co', slug: 'secret-co' });
      const id = organization.json().id as string;
      const domain = newDomain();
      const settings = {
        issuer: bed.provider.issuer,
        clientId: bed.provider.clientId,
        clientSecret: bed.provider.clientSecret,
        domains: [domain],
        required: false,
      };
      expect((await call('PUT', `/api/organizations/${id}/sso`, cookie, settings)).statusCode).toBe(200);
      await call('PUT', `/api/organizations/${id}/sso`, cookie, { ...settings, required: true });
      const saved = await call('GET', `/api/organizations/${id}/sso`, cookie);
      bed.dns.setTxt(domain, [saved.json().domainStatus[0].recordValue]);
      expect((await call('POST', `/api/organizations/${id}/sso/domains/${domain}/verify`, cookie)).statusCode).toBe(
        200,
      );
      await call('GET', `/api/organizations/${id}/audit-log`, cookie);
      const email = `logged@${domain}`;
      bed.provider.addAccount({ email });
      const browserOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
        `perch_sso=${response.cookies.find((entry) => entry.name === 'perch_sso')?.value}`;
      const started = await call('POST', '/api/sso/start', '', { email });
      const back = await followToCallback(started.json().redirectUrl, callbackUrl);
      const finished = await call('GET', `${back.pathname}${back.search}`, browserOf(started));
      expect(finished.headers.location).toBe('/');
      await withMisbehaviour({ idTokenAudience: 'someone-else' }, async () => {
        const again = await call('POST', '/api/sso/start', '', { email });
        const refusedBack = await followToCallback(again.json().redirectUrl, callbackUrl);
        const refused = await call('GET', `${refusedBack.pathname}${refusedBack.search}`, browserOf(again));
        expect(refused.headers.location).toBe('/auth?sso=wrong-audience');
      });

      const audit = await database.sql.query<{ details: unknown }>('SELECT details FROM audit_events');
      expect(audit.length).toBeGreaterThan(0);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).toContain('single sign-on refused');
      for (const text of [...bodies, ...lines, JSON.stringify(audit)]) {
        expect(text).not.toContain(bed.provider.clientSecret);
        expect(text).not.toContain(ssoSecretKey);
      }
    } finally {
      await logged.close();
    }
  });
});

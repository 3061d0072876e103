import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { ssoCallbackUrl } from '#domain/sso.ts';
import { startTestDnsServer, type TestDnsServer } from './dns-server.ts';
import { startTestAppForFile, type TestApp, type TestClient } from './harness.ts';
import { followToCallback, startTestProvider, type TestProvider } from './oidc-provider.ts';
import { newClient, password, type Team, teamTestEnvironment } from './team.ts';

// What single sign-on tests share: Perch on a loopback address (the only case in which it accepts the tests'
// plain-http providers on this machine), a real identity provider, a real DNS server on loopback that Perch asks
// (DNS_SERVERS), and helpers that connect a provider, prove a domain and go through a sign-in as a browser does.

export const publicUrl = 'http://localhost:4173';
export const callbackUrl = ssoCallbackUrl(publicUrl);
export const ssoSecretKey = randomBytes(32).toString('base64');

export interface SsoTestBed {
  testApp: TestApp;
  /** The organization's own provider. */
  provider: TestProvider;
  dns: TestDnsServer;
}

/** Starts the DNS server and the provider, then one app for the file. */
export function ssoTestBedForFile(): SsoTestBed {
  const bed = {} as SsoTestBed;
  beforeAll(async () => {
    bed.dns = await startTestDnsServer();
    bed.provider = await startTestProvider({ redirectUris: [callbackUrl] });
  });
  bed.testApp = startTestAppForFile(() => ({
    environment: {
      ...teamTestEnvironment,
      PUBLIC_URL: publicUrl,
      SSO_SECRET_KEY: ssoSecretKey,
      DNS_SERVERS: bed.dns.address,
    },
  }));
  afterAll(async () => {
    await bed.provider?.close();
    await bed.dns?.close();
  });
  return bed;
}

let domainCounter = 0;
export const newDomain = () => {
  domainCounter += 1;
  return `sso${domainCounter}-${Date.now().toString(36)}.example.com`;
};

export interface Connection {
  provider?: TestProvider;
  domains?: string[];
  required?: boolean;
  /** Publish each domain's record and verify it (the default); false leaves the domains pending. */
  verify?: boolean;
}

/** Connects the team's provider as its admin would, and proves its domains; answers the first domain. */
export async function connect(bed: SsoTestBed, team: Team, settings: Connection = {}): Promise<string> {
  const provider = settings.provider ?? bed.provider;
  const domains = settings.domains ?? [newDomain()];
  const response = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    domains,
    required: settings.required ?? false,
  });
  expect(response.status, response.text).toBe(200);
  if (settings.verify ?? true) {
    for (const domain of domains) expect((await verifyDomain(bed, team, domain)).status).toBe(200);
  }
  return domains[0] as string;
}

/** Publishes the domain's record at _perch.<domain>, as the organization's DNS admin would, and asks Perch to look. */
export async function verifyDomain(bed: SsoTestBed, team: Team, domain: string, at: 'domain' | '_perch' = '_perch') {
  const settings = await team.admin.client.get(`/api/organizations/${team.id}/sso`);
  const status = settings.body.domainStatus.find((entry: { domain: string }) => entry.domain === domain);
  expect(status, `${domain} is claimed`).toBeDefined();
  bed.dns.setTxt(at === 'domain' ? domain : `_perch.${domain}`, [status.recordValue]);
  return team.admin.client.post(`/api/organizations/${team.id}/sso/domains/${domain}/verify`);
}

export type SsoStart = { email: string } | { organization: string };

/**
 * Starts single sign-on in the client's browser, lets the provider sign in (the account named by login_hint, else its
 * first), and answers the app's answer to the callback in the same browser.
 */
export async function signInWithSso(
  bed: SsoTestBed,
  start: SsoStart | string,
  options: { client?: TestClient; alterUrl?: (url: URL) => void } = {},
) {
  const client = options.client ?? newClient(bed.testApp);
  const started = await client.post('/api/sso/start', typeof start === 'string' ? { email: start } : start);
  expect(started.status, started.text).toBe(200);
  const authorizationUrl = new URL(started.body.redirectUrl);
  options.alterUrl?.(authorizationUrl);
  const back = await followToCallback(authorizationUrl.href, callbackUrl);
  const response = await client.get(`${back.pathname}${back.search}`);
  return { client, response, back, started: started.body, location: String(response.headers.location) };
}

/** Registers an account with this exact address through the API and answers its signed-in client. */
export async function registerAs(bed: SsoTestBed, email: string) {
  const client = newClient(bed.testApp);
  const response = await client.post('/api/register', { email, password, firstName: 'Al', lastName: 'Ice' });
  expect(response.status, response.text).toBe(201);
  return { client, email, user: response.body as { id: string } };
}

export async function membersOf(team: Team) {
  const response = await team.admin.client.get(`/api/organizations/${team.id}/members`);
  return response.body as Array<{ userId: string; role: string; user: { email: string } }>;
}

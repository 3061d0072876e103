import * as oidc from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { startTestDnsServer } from '#test-support/dns-server.ts';
import { startForFile } from '#test-support/for-file.ts';
import { answerHuge, answerJson, answerRedirect, startHostileHttpServer } from '#test-support/hostile-http.ts';
import {
  followToCallback,
  startTestProvider,
  type TestAccount,
  type TestProvider,
} from '#test-support/oidc-provider.ts';
import {
  buildAuthorizationRequest,
  discoveredBytesOf,
  discoverProvider,
  exchangeCode,
  refusalOf,
} from './provider-client.ts';

const redirectUri = 'http://127.0.0.1:9/api/sso/callback';
const dns = startForFile(startTestDnsServer);

const network = (allowsLoopback: boolean) => ({ resolver: dns.resolver, allowsLoopback });
const settings = { clientId: 'perch', clientSecret: 'secret' };

/** The 422 a save answers: its sentence (or a note that it did not refuse so). */
async function refusalAtSave(discovery: Promise<unknown>): Promise<string> {
  const error = await discovery.then(
    () => new Error('the discovery was accepted'),
    (error: unknown) => error,
  );
  if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
  return error.message;
}

describe('discoverProvider', () => {
  it.each([
    ['http://127.0.0.1:9/', false],
    ['http://localhost:9/', false],
    ['http://idp.example.com/', true],
    ['ftp://idp.example.com/', true],
    ['javascript:alert(1)', true],
  ])('refuses the issuer %s (loopback allowed: %s) before any request', async (issuer, allowsLoopback) => {
    expect(await refusalAtSave(discoverProvider({ ...settings, issuer, network: network(allowsLoopback) }))).toBe(
      'The issuer URL must start with https://.',
    );
  });

  it('refuses an issuer URL with a user name and password in it', async () => {
    const issuer = 'https://admin:hunter2@idp.example.com/';
    expect(await refusalAtSave(discoverProvider({ ...settings, issuer, network: network(true) }))).toMatch(
      /user name or password/,
    );
  });

  it('refuses an issuer whose name leads to the cloud’s metadata service, before connecting', async () => {
    dns.setAddresses('sso.metadata.example', ['169.254.169.254']);
    const issuer = 'https://sso.metadata.example';
    expect(await refusalAtSave(discoverProvider({ ...settings, issuer, network: network(false) }))).toBe(
      `Perch could not read the discovery document at ${issuer}: sso.metadata.example leads to 169.254.169.254, an address that is link-local (such as a cloud’s metadata service), which Perch does not connect to.`,
    );
  });
});

describe('a real provider', () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [redirectUri] });
  });
  afterAll(() => provider.close());
  const discover = () =>
    discoverProvider({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      network: network(true),
    });

  it('is discovered with its key set, and its bytes are counted', async () => {
    const config = await discover();
    const document = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).arrayBuffer();
    const keys = await (await fetch(config.serverMetadata().jwks_uri as string)).arrayBuffer();
    expect(oidc.getJwksCache(config)?.jwks.keys).toHaveLength(1);
    expect(discoveredBytesOf(config)).toBe(document.byteLength + keys.byteLength);
    expect(config[oidc.customFetch]).toBeTypeOf('function');
  });

  /** Signs the account in at the provider and answers what exchangeCode makes of its ID token. */
  async function identityOf(account: TestAccount) {
    provider.addAccount(account);
    const config = await discover();
    const request = await buildAuthorizationRequest(config, { redirectUri, loginHint: account.email });
    return exchangeCode(config, await followToCallback(request.url, redirectUri), request);
  }

  it('keeps the e-mail and names it asserts when they meet the rules of sign-up', async () => {
    const identity = await identityOf({ email: 'Ada@Example.COM', givenName: ' Ada ', familyName: 'Lovelace' });
    expect(identity).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it.each([
    ['100,000 characters', 'x'.repeat(100_000)],
    ['101 characters', 'x'.repeat(101)],
    ['a control character', 'Ada\u0007'],
    ['an escape sequence', 'Ada\u001b[31m'],
  ])('drops a first name of %s, as sign-up refuses it', async (label, name) => {
    const email = `${label.replaceAll(/[^a-z0-9]/g, '-')}@example.com`;
    const identity = await identityOf({ email, givenName: name, familyName: 'Lovelace' });
    expect(identity).toMatchObject({ email, firstName: undefined, lastName: 'Lovelace' });
  });

  it('drops a last name sign-up refuses', async () => {
    const identity = await identityOf({
      email: 'last-name@example.com',
      givenName: 'Ada',
      familyName: 'Love\u0000lace',
    });
    expect(identity).toMatchObject({ firstName: 'Ada', lastName: undefined });
  });

  it.each([
    ['ada lovelace@example.com'],
    ["=cmd|' /C calc'!A0@example.com"],
    ['ada@'],
    [`${'a'.repeat(250)}@example.com`],
  ])('drops the e-mail %s, as sign-up refuses it', async (email) => {
    expect((await identityOf({ email, givenName: 'Ada' })).email).toBeUndefined();
  });
});

describe('a hostile discovery document', () => {
  const server = startForFile(startHostileHttpServer);
  let document: Record<string, unknown>;
  beforeAll(() => {
    dns.setAddresses('idp.example', ['93.184.215.14']);
    dns.setAddresses('metadata.example', ['169.254.169.254']);
  });
  beforeEach(() => {
    document = {
      issuer: server.url,
      authorization_endpoint: `${server.url}/auth`,
      token_endpoint: `${server.url}/token`,
      jwks_uri: `${server.url}/jwks`,
      response_types_supported: ['code'],
    };
    server.serve('/.well-known/openid-configuration', (request, response, stats) =>
      answerJson(document)(request, response, stats),
    );
    server.serve('/jwks', answerJson({ keys: [] }));
  });
  const discover = (allowsLoopback = true) =>
    discoverProvider({ ...settings, issuer: server.url, network: network(allowsLoopback) });

  it('is accepted when every endpoint it names is one Perch may use', async () => {
    await expect(discover()).resolves.toBeDefined();
  });

  it.each([
    ['authorization_endpoint', 'javascript:alert(document.cookie)'],
    ['authorization_endpoint', 'https://evil:phish@idp.example/auth'],
    ['authorization_endpoint', 'http://idp.example/auth'],
    ['authorization_endpoint', '/relative/auth'],
    ['token_endpoint', 'https://10.0.0.1/token'],
    ['token_endpoint', 42],
    ['userinfo_endpoint', 'https://metadata.example/latest/meta-data/'],
    ['jwks_uri', 'file:///etc/passwd'],
    ['end_session_endpoint', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses an %s of %s, naming it', async (field, value) => {
    document[field] = value;
    expect(await refusalAtSave(discover())).toMatch(new RegExp(`\\b${field}\\b`));
  });

  it('refuses a discovery document of 100 MiB, reading no more than its beginning', async () => {
    const bytes = 100 * 1024 * 1024;
    server.serve('/.well-known/openid-configuration', answerHuge({ bytes }));
    expect(await refusalAtSave(discover())).toMatch(/larger than 256 KiB/);
    await expect.poll(() => server.stats('/.well-known/openid-configuration').clientHungUp).toBe(true);
    expect(server.stats('/.well-known/openid-configuration').bytesWritten).toBeLessThan(bytes / 4);
  });

  it('refuses a key set of 100 MiB, naming it', async () => {
    server.serve('/jwks', answerHuge({ bytes: 100 * 1024 * 1024 }));
    expect(await refusalAtSave(discover())).toMatch(/jwks_uri.*larger than 256 KiB/);
  });

  it('refuses a key set that is not one', async () => {
    server.serve('/jwks', answerJson({ keys: 'none' }));
    expect(await refusalAtSave(discover())).toMatch(/jwks_uri/);
  });

  it('refuses a discovery document behind a redirect, without following it', async () => {
    server.serve('/.well-known/openid-configuration', answerRedirect(`${server.url}/elsewhere`));
    server.serve('/elsewhere', answerJson(document));
    expect(await refusalAtSave(discover())).toMatch(/redirect/);
    expect(server.stats('/elsewhere').requests).toBe(0);
  });

  it('answers a token endpoint that sends 100 MiB at sign-in with a refusal, reading no more than its beginning', async () => {
    const bytes = 100 * 1024 * 1024;
    server.serve('/token', answerHuge({ bytes }));
    const config = await discover();
    const callback = new URL(`${redirectUri}?code=abc&state=xyz`);
    const error = await exchangeCode(config, callback, { state: 'xyz', nonce: 'n', codeVerifier: 'v'.repeat(43) }).then(
      () => new Error('the exchange succeeded'),
      (error: unknown) => error,
    );
    expect(refusalOf(error)).toBe('provider-error');
    await expect.poll(() => server.stats('/token').clientHungUp).toBe(true);
    expect(server.stats('/token').bytesWritten).toBeLessThan(bytes / 4);
  });
});

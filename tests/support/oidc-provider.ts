import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no types; the few members used here are typed below.
// @ts-expect-error: no declaration file
import Provider from 'oidc-provider';

// A real OpenID provider (oidc-provider, the certified implementation) on 127.0.0.1 for tests: one client, accounts
// the test names, PKCE required, and sign-in that completes by itself for the account named in login_hint. It can be
// told to misbehave (another issuer or audience in its ID tokens, a skewed clock) so that openid-client meets real,
// signed, bad tokens.

export interface TestAccount {
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface Misbehaviour {
  /** The `iss` its ID tokens carry instead of its own issuer. */
  idTokenIssuer?: string;
  /** The `aud` its ID tokens carry instead of the client id. */
  idTokenAudience?: string;
  /** Seconds its clock runs behind while it issues ID tokens (they come out already expired). */
  clockBehindSeconds?: number;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts, by e-mail: change them between tests (claims are read at each sign-in). */
  accounts: Map<string, TestAccount>;
  misbehave: Misbehaviour;
  addAccount(account: TestAccount): void;
  close(): Promise<void>;
}

interface ProviderInstance {
  callback(): (request: http.IncomingMessage, response: http.ServerResponse) => void;
  interactionDetails(
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ): Promise<{ params: Record<string, unknown> }>;
  interactionFinished(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    result: unknown,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  IdToken: { prototype: { issue(this: IdTokenInstance, options?: { use?: string }): Promise<string> } };
  Grant: new (values: {
    clientId: string;
    accountId: string;
  }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  on(event: string, listener: (...args: unknown[]) => void): void;
}
interface IdTokenInstance {
  client: { clientId: string };
}

export async function startTestProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const misbehave: Misbehaviour = {};
  let handle: ((request: http.IncomingMessage, response: http.ServerResponse) => void) | undefined;
  const server = http.createServer((request, response) => handle?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'perch-test';
  const clientSecret = options.clientSecret ?? `secret-${Math.random().toString(36).slice(2)}-never-shown`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['perch-test-provider-cookie-key'] },
    pkce: { required: () => true },
    // The claims of the scopes asked for go into the ID token itself, as Google, Entra ID and Okta do.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    // Lifetimes named, as the provider asks (its defaults print a notice each): ten minutes is a test's lifetime.
    ttl: { Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60, Interaction: 600 },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_context: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: `subject-${id}`,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
    // No consent screen: every client of this provider is granted the scopes it asks for.
    loadExistingGrant: async (context: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor(id: string): string | undefined };
      };
    }) => {
      const grant = new (provider as ProviderInstance).Grant({
        clientId: context.oidc.client.clientId,
        accountId: context.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  }) as ProviderInstance;
  // Unexpected provider-side errors fail loudly in the test's output rather than vanish.
  provider.on('server_error', (_context, error) => console.error('test provider error', error));

  const issue = provider.IdToken.prototype.issue;
  provider.IdToken.prototype.issue = async function (this: IdTokenInstance, issueOptions) {
    if (issueOptions?.use !== 'idtoken') return issue.call(this, issueOptions);
    const client = this.client;
    const realNow = Date.now;
    const ownIssuer = Object.getOwnPropertyDescriptor(provider, 'issuer');
    if (misbehave.idTokenAudience) {
      this.client = Object.create(client, { clientId: { value: misbehave.idTokenAudience } });
    }
    if (misbehave.idTokenIssuer) {
      Object.defineProperty(provider, 'issuer', { value: misbehave.idTokenIssuer, configurable: true });
    }
    if (misbehave.clockBehindSeconds) {
      const behind = misbehave.clockBehindSeconds * 1000;
      Date.now = () => realNow() - behind;
    }
    try {
      return await issue.call(this, issueOptions);
    } finally {
      this.client = client;
      Date.now = realNow;
      if (ownIssuer) Object.defineProperty(provider, 'issuer', ownIssuer);
      else delete (provider as { issuer?: string }).issuer;
    }
  };

  const callback = provider.callback();
  handle = (request, response) => {
    const match = request.url?.match(/^\/interaction\/([^/?]+)$/);
    if (!match) return callback(request, response);
    // Sign-in completes by itself for the account named in login_hint (or the only account there is).
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
        const accountId = hint ?? [...accounts.keys()][0];
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.statusCode = 500;
        response.end(String(error));
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    misbehave,
    addAccount: (account) => accounts.set(account.email, account),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows a browser's redirects from the provider's authorization address, keeping its cookies, until it is sent
 * back to `callbackUrl`; answers that address (with code and state) without calling it.
 */
export async function followToCallback(authorizationUrl: string, callbackUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(callbackUrl)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    await response.arrayBuffer();
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects on the way back from the provider');
}

import * as oidc from 'openid-client';
import type { SsoRefusal } from '#domain/sso.ts';
import { unprocessable } from '#server/errors.ts';

// The one file that speaks OpenID Connect, through openid-client: discovery, the authorization URL with PKCE, state
// and nonce, and the code exchange whose ID token openid-client verifies (signature, issuer, audience, expiry, nonce).

const discoverySeconds = 5;

/** Plain http only for a provider on this machine (trying Perch locally, tests); anything else must be https. */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Whether a plain-http issuer on this machine is accepted: only when Perch itself is on a loopback address or under
   * test. Behind a public address an admin's issuer URL must not reach the server's own loopback services.
   */
  allowsLoopbackHttp: boolean;
}

/** Reads and checks the issuer's discovery document; a sentence (422) when it cannot be used. */
export async function discoverProvider(settings: ProviderSettings): Promise<oidc.Configuration> {
  const url = new URL(settings.issuer);
  const isLocalHttp = settings.allowsLoopbackHttp && isLoopbackHttp(url);
  if (url.protocol !== 'https:' && !isLocalHttp) {
    throw unprocessable('The issuer URL must start with https://.');
  }
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(url, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
      timeout: discoverySeconds,
      ...(isLocalHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw unprocessable(discoveryProblem(settings.issuer, error));
  }
  const metadata = config.serverMetadata();
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((name) => !metadata[name]);
  if (missing.length > 0) {
    throw unprocessable(
      `The provider’s discovery document at ${settings.issuer} lacks ${missing.join(', ')}: it cannot be used for sign-in.`,
    );
  }
  return config;
}

function discoveryProblem(issuer: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `The provider’s discovery document names another issuer than ${issuer}: enter the issuer URL exactly as the provider shows it.`;
  }
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `The provider at ${issuer} did not answer within ${discoverySeconds} seconds: check the issuer URL.`;
  }
  return `Perch could not read a valid OpenID Connect discovery document at ${issuer}/.well-known/openid-configuration: check the issuer URL.`;
}

export interface AuthorizationRequest {
  url: string;
  codeVerifier: string;
  nonce: string;
  state: string;
}

export async function buildAuthorizationRequest(
  config: oidc.Configuration,
  options: { redirectUri: string; loginHint?: string },
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(options.loginHint ? { login_hint: options.loginHint } : {}),
  });
  return { url: url.href, codeVerifier, nonce, state };
}

export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

/** Exchanges the code (with the PKCE verifier) and answers the ID token's verified claims. */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider answered without an ID token');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  return {
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase(),
    emailVerified: claims.email_verified === true,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

/** Which refusal an error of the exchange is, for the sentence on /auth and the log. */
export function refusalOf(error: unknown): SsoRefusal {
  const code = (error as { code?: unknown }).code;
  // openid-client wraps oauth4webapi's error, whose cause names the claim that failed.
  const cause = (error as { cause?: { claim?: unknown; cause?: { claim?: unknown } } }).cause;
  const claim = cause?.claim ?? cause?.cause?.claim;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'iss') return 'wrong-issuer';
    if (claim === 'aud' || claim === 'azp') return 'wrong-audience';
    if (claim === 'nonce') return 'nonce-mismatch';
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' && claim === 'exp') return 'expired-token';
  return 'provider-error';
}

/** What the log may keep of an exchange error: its name, code and message, never tokens or secrets. */
export function describeExchangeError(error: unknown): { type: string; code?: string; message: string } {
  const code = (error as { code?: unknown }).code;
  return {
    type: (error as { name?: string }).name ?? 'Error',
    ...(typeof code === 'string' ? { code } : {}),
    message: error instanceof Error ? error.message : String(error),
  };
}

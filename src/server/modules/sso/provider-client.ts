import * as oidc from 'openid-client';
import { registerSchema } from '#domain/account.ts';
import type { SsoRefusal } from '#domain/sso.ts';
import { isLoopbackUrl } from '#server/config-values.ts';
import { unprocessable } from '#server/errors.ts';
import {
  checkOutboundUrl,
  createOutboundFetch,
  type OutboundFetch,
  OutboundFetchError,
  type OutboundNetwork,
} from '#server/net/outbound-fetch.ts';

// The one file that speaks OpenID Connect, through openid-client: discovery, the authorization URL with PKCE, state
// and nonce, and the code exchange whose ID token openid-client verifies (signature, issuer, audience, expiry, nonce).
// Every request to the provider goes through Perch's outbound fetch (decision 022): checked addresses, pinned, no
// redirects, 5 seconds and 256 KiB at most.

/** The limit openid-client itself keeps; every request is bounded sooner by the outbound fetch (5 seconds). */
const librarySeconds = 30;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Perch's resolver (DNS_SERVERS), and whether loopback addresses are allowed (only while Perch runs on one). */
  network: OutboundNetwork;
}

/** The endpoints a discovery document names, checked all alike: those Perch fetches and those it sends people to. */
const endpoints = [
  ['authorization_endpoint', true],
  ['token_endpoint', true],
  ['jwks_uri', true],
  ['userinfo_endpoint', false],
  ['end_session_endpoint', false],
] as const;

const discoveredBytes = new WeakMap<oidc.Configuration, number>();

/**
 * The bytes of the provider's discovery document and key set as discoverProvider read them, for a cache bounded by
 * bytes. Each is at most 256 KiB (outboundLimits), and so is any key set openid-client fetches again later.
 */
export function discoveredBytesOf(config: oidc.Configuration): number {
  return discoveredBytes.get(config) ?? 0;
}

/**
 * Reads and checks the issuer's discovery document and its key set: every endpoint it names must be an https
 * address (plain http only to this machine, while Perch runs on loopback) whose host leads to addresses Perch may
 * connect to. A sentence (422) naming what cannot be used otherwise. Everything openid-client fetches for this
 * provider afterwards (keys, tokens) goes through the same outbound fetch.
 */
export async function discoverProvider(settings: ProviderSettings): Promise<oidc.Configuration> {
  const { issuer, network } = settings;
  const issuerProblem = usableUrlProblemOf(issuer, network.allowsLoopback);
  if (issuerProblem === 'credentials') throw unprocessable('The issuer URL must not contain a user name or password.');
  if (issuerProblem) throw unprocessable('The issuer URL must start with https://.');
  let lastBytes = 0;
  const fetchOutside = createOutboundFetch(network, { onBody: (bytes) => (lastBytes = bytes) });
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(
      new URL(issuer),
      settings.clientId,
      undefined,
      oidc.ClientSecretBasic(settings.clientSecret),
      {
        [oidc.customFetch]: fetchOutside,
        timeout: librarySeconds,
        // openid-client's own https rule is relaxed only where the outbound fetch allows http: to loopback.
        ...(network.allowsLoopback ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
  } catch (error) {
    throw unprocessable(discoveryProblem(issuer, error));
  }
  const documentBytes = lastBytes;
  await checkEndpoints(config.serverMetadata(), issuer, network);
  const keys = await readKeySet(fetchOutside, config.serverMetadata().jwks_uri as string);
  oidc.setJwksCache(config, { jwks: keys, uat: Math.floor(Date.now() / 1000) });
  discoveredBytes.set(config, documentBytes + lastBytes);
  return config;
}

type UrlProblem = 'not-https' | 'credentials';

/** An endpoint's own rules: absolute, https (http only to a loopback host while Perch runs on loopback), no user. */
function usableUrlProblemOf(value: unknown, allowsLoopback: boolean): UrlProblem | undefined {
  const url = typeof value === 'string' ? URL.parse(value) : null;
  if (!url) return 'not-https';
  const isLocalHttp = allowsLoopback && url.protocol === 'http:' && isLoopbackUrl(url.href);
  if (url.protocol !== 'https:' && !isLocalHttp) return 'not-https';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return undefined;
}

const urlRules: Record<UrlProblem, string> = {
  'not-https': 'it must be an absolute address that starts with https://',
  credentials: 'it must not contain a user name or password',
};

async function checkEndpoints(metadata: oidc.ServerMetadata, issuer: string, network: OutboundNetwork): Promise<void> {
  const missing = endpoints.filter(([name, isRequired]) => isRequired && !metadata[name]).map(([name]) => name);
  if (missing.length > 0) {
    throw unprocessable(
      `The provider’s discovery document at ${issuer} lacks ${missing.join(', ')}: it cannot be used for sign-in.`,
    );
  }
  const unusable = (name: string, reason: string) =>
    unprocessable(`The provider’s discovery document gives a ${name} Perch cannot use: ${reason}.`);
  const named = endpoints.map(([name]) => name).filter((name) => metadata[name] !== undefined);
  for (const name of named) {
    const problem = usableUrlProblemOf(metadata[name], network.allowsLoopback);
    if (problem) throw unusable(name, urlRules[problem]);
  }
  // Each host once: where Perch connects, and where it sends people, must lead to addresses Perch may reach.
  const checked = new Map<string, Promise<unknown>>();
  for (const name of named) {
    const url = new URL(metadata[name] as string);
    const key = `${url.protocol}//${url.host}`;
    if (!checked.has(key)) checked.set(key, checkOutboundUrl(url.href, network));
    await (checked.get(key) as Promise<unknown>).catch((error: unknown) => {
      if (!(error instanceof OutboundFetchError)) throw error;
      throw unusable(name, withoutFullStop(lowerFirst(error.message)));
    });
  }
}

async function readKeySet(fetchOutside: OutboundFetch, jwksUri: string): Promise<oidc.JWKS> {
  const cannotRead = (reason: string) =>
    unprocessable(`Perch could not read the provider’s key set (jwks_uri, ${jwksUri}): ${reason}`);
  let response: Response;
  try {
    response = await fetchOutside(jwksUri, {
      method: 'GET',
      headers: { accept: 'application/json, application/jwk-set+json' },
    });
  } catch (error) {
    if (error instanceof OutboundFetchError) throw cannotRead(lowerFirst(error.message));
    throw error;
  }
  if (response.status !== 200) throw cannotRead(`it answered ${response.status}.`);
  const keys = (await response.json().catch(() => undefined)) as { keys?: unknown } | undefined;
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const isKeySet = isObject(keys) && Array.isArray(keys?.keys) && keys.keys.every(isObject);
  if (!isKeySet) throw cannotRead('it is not a JSON Web Key Set (an object with a list of "keys").');
  return keys as oidc.JWKS;
}

function discoveryProblem(issuer: string, error: unknown): string {
  const outbound = outboundErrorIn(error);
  if (outbound) return `Perch could not read the discovery document at ${issuer}: ${lowerFirst(outbound.message)}`;
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `The provider’s discovery document names another issuer than ${issuer}: enter the issuer URL exactly as the provider shows it.`;
  }
  return `Perch could not read a valid OpenID Connect discovery document at ${issuer}/.well-known/openid-configuration: check the issuer URL.`;
}

/** The outbound fetch's error, where openid-client has wrapped it (as the cause of its own). */
function outboundErrorIn(error: unknown): OutboundFetchError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof OutboundFetchError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
const withoutFullStop = (text: string) => text.replace(/\.$/, '');

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
  return {
    subject: claims.sub,
    email: validOrNone(signUp.email, claims.email),
    emailVerified: claims.email_verified === true,
    firstName: validOrNone(signUp.firstName, claims.given_name),
    lastName: validOrNone(signUp.lastName, claims.family_name),
  };
}

/** The rules of sign-up: what a provider asserts is kept only when a person could have typed it at registration. */
const signUp = registerSchema.shape;

/** The claim as sign-up's schema makes it (trimmed, an e-mail lower-case), or none when it refuses it or it is blank. */
function validOrNone(schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success && typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : undefined;
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

/**
 * What the log may keep of an exchange error: its name, code and message, and what the outbound fetch refused (a key
 * set or token answer too large, a redirect...), never tokens or secrets.
 */
export function describeExchangeError(error: unknown): {
  type: string;
  code?: string;
  message: string;
  outbound?: string;
} {
  const code = (error as { code?: unknown }).code;
  const outbound = outboundErrorIn(error);
  return {
    type: (error as { name?: string }).name ?? 'Error',
    ...(typeof code === 'string' ? { code } : {}),
    message: error instanceof Error ? error.message : String(error),
    ...(outbound && outbound !== error ? { outbound: `${outbound.problem}: ${outbound.message}` } : {}),
  };
}

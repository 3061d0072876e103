import { createHash, timingSafeEqual } from 'node:crypto';
import { isUuid } from '#domain/ids.ts';
import {
  emailDomainOf,
  hostOf,
  type SsoRefusal,
  type SsoStartInput,
  type SsoStartResponse,
  ssoCallbackUrl,
  ssoMessages,
} from '#domain/sso.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { describeForLog, notFound } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import * as accounts from '../accounts/repo.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import * as members from '../members/repo.ts';
import { seatLimitOf } from '../organizations/service.ts';
import { enforceLimits, type Limit } from '../rate-limits/service.ts';
import { keepPendingLink } from './links.ts';
import { ssoLinkedMail, ssoRefusedMail } from './mails.ts';
import {
  buildAuthorizationRequest,
  describeExchangeError,
  exchangeCode,
  refusalOf,
  type VerifiedIdentity,
} from './provider-client.ts';
import { type Provider, providerOf } from './providers.ts';
import * as repo from './repo.ts';

// Signing in through an organization's provider (issue 19, made safe in issue 26): a sign-in starts only for an
// organization that has proven a domain, is bound to the browser that started it, and enters an existing account only
// in a domain that organization has verified or through a link the account already has. Decision 023.

const pendingMinutes = 10;
const startPerIp: Limit = {
  name: 'sso-start-ip',
  max: 100,
  windowSeconds: 15 * 60,
  message: 'Too many single sign-on attempts from this network.',
};

export interface StartedSso extends SsoStartResponse {
  /** Kept in the starting browser's cookie; the pending sign-in keeps only its digest. */
  browserToken: string;
}

/**
 * Signed out: starts a sign-in for a work e-mail (the organization that verified its domain) or for an organization by
 * slug or id; 404 with a sentence when there is none. Answers where the browser goes and what the page names first.
 */
export async function startSso(context: AppContext, input: SsoStartInput, ip: string): Promise<StartedSso> {
  await enforceLimits(context.db, [[startPerIp, ip]]);
  if ('email' in input) {
    const domain = emailDomainOf(input.email);
    const organizationId = domain ? await repo.findVerifiedOrganizationIdByDomain(context.db, domain) : undefined;
    const organization = organizationId
      ? await repo.findOrganizationByHandle(context.db, { id: organizationId })
      : undefined;
    const started = organization ? await startAt(context, organization, input.email) : undefined;
    if (!started) throw notFound(ssoMessages.noConnectionForDomain);
    return started;
  }
  const organization = await repo.findOrganizationByHandle(context.db, handleOf(input.organization));
  const started = organization ? await startAt(context, organization) : undefined;
  if (!started) throw notFound(ssoMessages.noVerifiedDomain);
  return started;
}

const handleOf = (handle: string) => (isUuid(handle) ? { id: handle } : { slug: handle });

/** Whether the connection has a domain its organization proved: nobody signs in through it before. */
const hasVerifiedDomain = (connection: repo.SsoConnection) => connection.domainRows.some((row) => row.verifiedAt);

/**
 * GET /api/login?organization=: the organization (slug or id) when a sign-in can start there, that is when it has a
 * connection and a verified domain. Nothing is written: the page on Perch names the provider before the browser goes.
 */
export async function findStartableOrganization(context: AppContext, handle: string): Promise<string | undefined> {
  const organization = await repo.findOrganizationByHandle(context.db, handleOf(handle));
  const connection = organization ? await repo.findConnection(context.db, organization.id) : undefined;
  return connection && hasVerifiedDomain(connection) ? connection.organizationId : undefined;
}

async function startAt(
  context: AppContext,
  organization: { id: string; name: string },
  loginHint?: string,
): Promise<StartedSso | undefined> {
  const organizationId = organization.id;
  const provider = await providerOf(context, organizationId);
  if (!provider || !hasVerifiedDomain(provider.connection)) return undefined;
  const request = await buildAuthorizationRequest(provider.config, {
    redirectUri: ssoCallbackUrl(context.config.publicUrl),
    loginHint,
  });
  const browser = createToken();
  await repo.insertPendingLogin(context.db, {
    id: digestToken(request.state),
    organizationId,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    browserDigest: browser.digest,
    returnPath: '/',
    expiresAt: new Date(Date.now() + pendingMinutes * 60_000),
  });
  return {
    redirectUrl: request.url,
    organizationName: organization.name,
    providerHost: hostOf(request.url),
    browserToken: browser.token,
  };
}

export type SsoOutcome =
  | { userId: string; organizationId: string; returnPath: string }
  | {
      refusal: SsoRefusal;
      /** For the browser's cookie: the account's owner may link this identity by signing in (links.ts). */
      linkToken?: string;
    };

/**
 * The provider's redirect back. Consumes the pending sign-in named by the state (a replayed or unknown state finds
 * none) and refuses it unless this browser started it; exchanges the code with its PKCE verifier; lets
 * openid-client verify the ID token; then admits the person (admit) and signs in, all under the team's lock so the
 * seat count holds. Refusals against an existing account are audited and mailed to its owner.
 */
export async function completeSso(
  context: AppContext,
  query: Record<string, string | undefined>,
  browserToken: string | undefined,
  signIn: (db: Database, userId: string, organizationId: string) => Promise<void>,
): Promise<SsoOutcome> {
  const refuse = (refusal: SsoRefusal, detail: Record<string, unknown> = {}): SsoOutcome => {
    context.log.warn({ refusal, ...detail }, 'single sign-on refused');
    return { refusal };
  };
  const state = query.state;
  const pending =
    state && state.length <= 200 ? await repo.consumePendingLogin(context.db, digestToken(state)) : undefined;
  if (!pending || !state) return refuse('replayed-state');
  const organizationId = pending.organizationId;
  if (!isSameBrowser(browserToken, pending.browserDigest)) return refuse('other-browser', { organizationId });
  if (query.error) return refuse('provider-error', { organizationId, providerError: query.error.slice(0, 100) });
  let identity: VerifiedIdentity;
  let provider: Provider | undefined;
  try {
    provider = await providerOf(context, organizationId);
    if (!provider) return refuse('provider-error', { organizationId, reason: 'no connection' });
    const callbackUrl = new URL(ssoCallbackUrl(context.config.publicUrl));
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) callbackUrl.searchParams.set(name, value);
    identity = await exchangeCode(provider.config, callbackUrl, {
      state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
  } catch (error) {
    return refuse(refusalOf(error), { organizationId, error: describeExchangeError(error) });
  }
  if (!identity.email || !emailDomainOf(identity.email)) {
    return refuse('provider-error', { organizationId, reason: 'no valid e-mail in the ID token' });
  }
  const mails: MailMessage[] = [];
  const outcome = await context.db.transaction((tx) =>
    admit(context, tx, { provider, identity, email: identity.email as string, mails, signIn }),
  );
  for (const mail of mails) {
    await context.mailer.send(mail).catch((error: unknown) => {
      context.log.warn({ error: describeForLog(error) }, 'single sign-on: a mail to the account’s owner failed');
    });
  }
  if ('refusal' in outcome) {
    refuse(outcome.refusal, { organizationId, subject: hashOf(identity.subject) });
    return outcome;
  }
  return outcome;
}

/** Whether the browser's cookie holds the token whose digest the pending sign-in kept. */
function isSameBrowser(browserToken: string | undefined, digest: string): boolean {
  if (!browserToken || browserToken.length > 100) return false;
  const presented = Buffer.from(digestToken(browserToken));
  const expected = Buffer.from(digest);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

interface Admission {
  provider: Provider;
  identity: VerifiedIdentity;
  email: string;
  /** Mails to send once the transaction has committed. */
  mails: MailMessage[];
  signIn: (db: Database, userId: string, organizationId: string) => Promise<void>;
}

/**
 * Who the provider's answer may enter: the account already linked to this identity at this organization; else, for an
 * address in a domain this organization has verified (and the provider has verified), the account with that address
 * (linked now) or a new one. Anything else is refused and nothing changes.
 */
async function admit(context: AppContext, tx: Database, admission: Admission): Promise<SsoOutcome> {
  const { provider, identity, email, mails } = admission;
  const { connection } = provider;
  const organizationId = connection.organizationId;
  await members.lockTeam(tx, organizationId);
  const organization = await repo.findOrganizationByHandle(tx, { id: organizationId });
  const about = {
    organizationName: organization?.name ?? 'an organization',
    providerHost: hostOf(provider.config.serverMetadata().authorization_endpoint ?? connection.issuer),
  };
  const identityKey = { organizationId, issuer: connection.issuer, subject: identity.subject };
  const linkedUserId = await repo.findLinkedUserId(tx, identityKey);
  const existing = linkedUserId
    ? await accounts.findUserById(tx, linkedUserId)
    : await accounts.findUserByEmail(tx, email);
  const domain = emailDomainOf(email);
  const isVerifiedDomain = connection.domainRows.some((row) => row.domain === domain && row.verifiedAt);

  const audit = (action: 'sso.account_linked' | 'sso.sign_in_refused', userId: string, details: object) =>
    recordAuditEvent(tx, {
      organizationId,
      actor: null,
      action,
      target: { type: 'user', id: userId },
      details: { email, subject: hashOf(identity.subject), ...details },
    });

  if (existing && !linkedUserId) {
    const refusal: SsoRefusal | undefined = !isVerifiedDomain
      ? 'account-not-linked'
      : !identity.emailVerified
        ? 'unverified-email'
        : undefined;
    if (refusal) {
      await audit('sso.sign_in_refused', existing.id, { reason: refusal });
      mails.push(ssoRefusedMail(existing.email, about, context.config.publicUrl));
      if (refusal !== 'account-not-linked') return { refusal };
      return { refusal, linkToken: await keepPendingLink(tx, { ...identityKey, userId: existing.id }) };
    }
  }
  if (!existing && !isVerifiedDomain) return { refusal: 'wrong-domain' };

  const isMember = existing ? (await members.findMember(tx, organizationId, existing.id)) !== undefined : false;
  if (
    !isMember &&
    (await members.countMembers(tx, organizationId)) >= seatLimitOf(organization?.maxUsers, context.config)
  ) {
    return { refusal: 'seat-limit' };
  }
  const user =
    existing ??
    (await accounts.insertUser(tx, {
      email,
      passwordHash: null,
      firstName: identity.firstName ?? null,
      lastName: identity.lastName ?? null,
      emailVerifiedAt: identity.emailVerified ? new Date() : null,
    }));
  if (!user) return { refusal: 'provider-error' };
  if (!linkedUserId) {
    await repo.insertIdentityLink(tx, { ...identityKey, userId: user.id, linkedBy: 'verified-domain' });
    await audit('sso.account_linked', user.id, { newAccount: !existing });
    if (existing) mails.push(ssoLinkedMail(existing.email, about, context.config.publicUrl));
  }
  if (existing && !existing.emailVerifiedAt && isVerifiedDomain && identity.emailVerified) {
    await accounts.markEmailVerified(tx, existing.id);
  }
  if (!isMember) await members.insertMembership(tx, { organizationId, userId: user.id, role: 'member' });
  await admission.signIn(tx, user.id, organizationId);
  return { userId: user.id, organizationId, returnPath: '/' };
}

/** The provider's subject, for the log and the audit: linkable between lines, not the identifier itself. */
function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 12);
}

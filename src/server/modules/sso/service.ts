import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Configuration } from 'openid-client';
import { isUuid } from '#domain/ids.ts';
import {
  emailDomainOf,
  type SsoConnectionInput,
  type SsoRefusal,
  type SsoSettings,
  ssoCallbackUrl,
  ssoMessages,
} from '#domain/sso.ts';
import { type AppContext, perApp } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, conflict, notFound, sqlState } from '#server/errors.ts';
import { digestToken } from '#server/tokens.ts';
import * as accounts from '../accounts/repo.ts';
import { type AuditAction, recordAuditEvent } from '../audit/repo.ts';
import * as members from '../members/repo.ts';
import { requireAdmin, seatLimitOf } from '../organizations/service.ts';
import { enforceLimits, type Limit } from '../rate-limits/service.ts';
import {
  buildAuthorizationRequest,
  describeExchangeError,
  discoverProvider,
  exchangeCode,
  refusalOf,
} from './provider-client.ts';
import * as repo from './repo.ts';
import { decryptSecret, encryptSecret, requireSsoKey, ssoKeyOf } from './secret-box.ts';

const pendingMinutes = 10;

/** Plain-http issuers on this machine only while Perch itself runs on a loopback address (tried locally, or tested). */
const allowsLoopbackHttp = (context: AppContext) => context.config.isLoopback;
const startPerIp: Limit = {
  name: 'sso-start-ip',
  max: 100,
  windowSeconds: 15 * 60,
  message: 'Too many single sign-on attempts from this network.',
};

/** Admins read the connection; the client secret never leaves the server (hasClientSecret says one is kept). */
export async function getSsoSettings(
  context: AppContext,
  organizationId: string,
  adminId: string,
): Promise<SsoSettings> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  const callbackUrl = ssoCallbackUrl(context.config.publicUrl);
  const connection = await repo.findConnection(context.db, organization.id);
  if (!connection) return { configured: false, callbackUrl };
  return toSettings(connection, callbackUrl);
}

function toSettings(connection: repo.SsoConnection, callbackUrl: string): SsoSettings {
  return {
    configured: true,
    issuer: connection.issuer,
    clientId: connection.clientId,
    domains: connection.domains,
    required: connection.required,
    hasClientSecret: connection.clientSecretEncrypted !== '',
    callbackUrl,
    updatedAt: connection.updatedAt.toISOString(),
  };
}

/**
 * Admins connect or change the provider: the secret is kept when omitted; the issuer's discovery document is read and
 * checked first (422); a domain another organization claims is refused (409). Each change is in the audit log,
 * without the secret.
 */
export async function saveSsoSettings(
  context: AppContext,
  organizationId: string,
  adminId: string,
  input: SsoConnectionInput,
): Promise<SsoSettings> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  const key = requireSsoKey(context);
  const before = await repo.findConnection(context.db, organization.id);
  const kept = before ? decryptSecret(key, organization.id, before.clientSecretEncrypted) : undefined;
  const clientSecret = input.clientSecret?.trim() ? input.clientSecret : kept;
  if (!clientSecret) throw badRequest(`${ssoMessages.clientSecretRequired} (clientSecret)`);
  await refuseClaimedDomains(context.db, organization.id, input.domains);
  await discoverProvider({
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecret,
    allowsLoopbackHttp: allowsLoopbackHttp(context),
  });

  await context.db
    .transaction(async (tx) => {
      await refuseClaimedDomains(tx, organization.id, input.domains);
      await repo.saveConnection(tx, {
        organizationId: organization.id,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretEncrypted: encryptSecret(key, organization.id, clientSecret),
        required: input.required,
        domains: input.domains,
      });
      for (const event of auditEventsOf(before, input, clientSecret !== kept)) {
        await recordAuditEvent(tx, {
          organizationId: organization.id,
          actor: { id: adminId },
          action: event.action,
          target: { type: 'organization', id: organization.id },
          details: event.details,
        });
      }
    })
    .catch((error: unknown) => {
      if (sqlState(error) === '23505') throw domainsTaken(input.domains);
      throw error;
    });
  const saved = await repo.findConnection(context.db, organization.id);
  if (!saved) throw notFound('Organization not found.');
  return toSettings(saved, ssoCallbackUrl(context.config.publicUrl));
}

async function refuseClaimedDomains(db: Database, organizationId: string, domains: string[]): Promise<void> {
  const taken = await repo.findDomainsClaimedElsewhere(db, organizationId, domains);
  if (taken.length > 0) throw domainsTaken(taken);
}

const domainsTaken = (domains: string[]) =>
  conflict(
    `${domains.join(', ')} ${domains.length === 1 ? 'is' : 'are'} already covered by another organization’s single sign-on: each e-mail domain can belong to one organization only.`,
  );

function auditEventsOf(
  before: repo.SsoConnection | undefined,
  input: SsoConnectionInput,
  secretChanged: boolean,
): { action: AuditAction; details: Record<string, unknown> }[] {
  const described = { issuer: input.issuer, clientId: input.clientId, domains: input.domains };
  if (!before) {
    return [
      { action: 'sso.connected', details: described },
      ...(input.required ? [{ action: 'sso.required_changed' as const, details: { required: true } }] : []),
    ];
  }
  const events: { action: AuditAction; details: Record<string, unknown> }[] = [];
  const changed =
    before.issuer !== input.issuer ||
    before.clientId !== input.clientId ||
    before.domains.join(',') !== input.domains.join(',') ||
    secretChanged;
  if (changed) {
    events.push({
      action: 'sso.changed',
      details: {
        before: { issuer: before.issuer, clientId: before.clientId, domains: before.domains },
        after: described,
        clientSecretReplaced: secretChanged,
      },
    });
  }
  if (before.required !== input.required)
    events.push({ action: 'sso.required_changed', details: { required: input.required } });
  return events;
}

/** Admins disconnect the provider; members may then sign in with a password again. */
export async function removeSsoSettings(context: AppContext, organizationId: string, adminId: string): Promise<void> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  await context.db.transaction(async (tx) => {
    const before = await repo.findConnection(tx, organization.id);
    if (!before || !(await repo.deleteConnection(tx, organization.id))) return;
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: { id: adminId },
      action: 'sso.removed',
      target: { type: 'organization', id: organization.id },
      details: { issuer: before.issuer, clientId: before.clientId, domains: before.domains },
    });
  });
}

/** Signed out: the provider's authorization address for the organization covering the e-mail's domain, or 404. */
export async function startSsoForEmail(context: AppContext, email: string, ip: string): Promise<string> {
  await enforceLimits(context.db, [[startPerIp, ip]]);
  const domain = emailDomainOf(email);
  const organizationId = domain ? await repo.findOrganizationIdByDomain(context.db, domain) : undefined;
  const url = organizationId ? await startSso(context, organizationId, email) : undefined;
  if (!url) throw notFound(ssoMessages.noConnectionForDomain);
  return url;
}

/** GET /api/login?organization=: the provider's address when that organization (slug or id) has one. */
export async function startSsoForOrganization(context: AppContext, handle: string): Promise<string | undefined> {
  const organization = await repo.findOrganizationByHandle(
    context.db,
    isUuid(handle) ? { id: handle } : { slug: handle },
  );
  return organization ? startSso(context, organization.id) : undefined;
}

/**
 * The providers' discovered configurations (their endpoints, and the signing keys openid-client fetches and keeps
 * on them), by organization and connection: a sign-in's start and its callback, and everyone signing in after, share
 * one discovery instead of reading the provider's documents again for each. Ten minutes, so that a provider's new
 * endpoints or keys are seen; a saved change of the connection is a new key at once.
 */
const providers = perApp(() => new LRUCache<string, Promise<Configuration>>({ max: 500, ttl: 10 * 60_000 }));

/**
 * The organization's provider, discovered (or as discovered lately), or undefined when it has no connection or the
 * key in force cannot decrypt its secret. A discovery that fails is thrown, and not kept.
 */
async function providerOf(
  context: AppContext,
  organizationId: string,
): Promise<{ connection: repo.SsoConnection; config: Configuration } | undefined> {
  const connection = await repo.findConnection(context.db, organizationId);
  const key = ssoKeyOf(context);
  if (!connection || !key) return undefined;
  const clientSecret = decryptSecret(key, organizationId, connection.clientSecretEncrypted);
  if (!clientSecret) {
    context.log.warn({ organizationId }, 'single sign-on: the client secret does not decrypt with the key in force');
    return undefined;
  }
  const cache = providers(context);
  const cacheKey = [organizationId, connection.issuer, connection.clientId, connection.updatedAt.toISOString()].join(
    '|',
  );
  let discovered = cache.get(cacheKey);
  if (!discovered) {
    discovered = discoverProvider({
      issuer: connection.issuer,
      clientId: connection.clientId,
      clientSecret,
      allowsLoopbackHttp: allowsLoopbackHttp(context),
    });
    cache.set(cacheKey, discovered);
    discovered.catch(() => cache.delete(cacheKey));
  }
  return { connection, config: await discovered };
}

/** Records the pending sign-in (state digest, PKCE verifier, nonce) and answers where the browser goes. */
async function startSso(context: AppContext, organizationId: string, loginHint?: string): Promise<string | undefined> {
  const provider = await providerOf(context, organizationId);
  if (!provider) return undefined;
  const request = await buildAuthorizationRequest(provider.config, {
    redirectUri: ssoCallbackUrl(context.config.publicUrl),
    loginHint,
  });
  await repo.insertPendingLogin(context.db, {
    id: digestToken(request.state),
    organizationId,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    returnPath: '/',
    expiresAt: new Date(Date.now() + pendingMinutes * 60_000),
  });
  return request.url;
}

export type SsoOutcome = { userId: string; returnPath: string } | { refusal: SsoRefusal };

/**
 * The provider's redirect back. Consumes the pending sign-in named by the state (a replayed or unknown state finds
 * none), exchanges the code with its PKCE verifier, lets openid-client verify the ID token, then finds or creates
 * the person and signs in, all under the team's lock so the seat count holds.
 */
export async function completeSso(
  context: AppContext,
  query: Record<string, string | undefined>,
  signIn: (db: Database, userId: string) => Promise<void>,
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
  if (query.error) return refuse('provider-error', { organizationId, providerError: query.error.slice(0, 100) });
  let identity: Awaited<ReturnType<typeof exchangeCode>>;
  let connection: repo.SsoConnection;
  try {
    const provider = await providerOf(context, organizationId);
    if (!provider) return refuse('provider-error', { organizationId, reason: 'no connection' });
    connection = provider.connection;
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
  const email = identity.email;
  const domain = email ? emailDomainOf(email) : undefined;
  if (!email || !domain) return refuse('provider-error', { organizationId, reason: 'no e-mail in the ID token' });

  return context.db.transaction(async (tx): Promise<SsoOutcome> => {
    await members.lockTeam(tx, organizationId);
    const existing = await accounts.findUserByEmail(tx, email);
    if (existing && !identity.emailVerified) return refuse('unverified-email', { organizationId, userId: existing.id });
    if (!existing && !connection.domains.includes(domain)) {
      return refuse('wrong-domain', { organizationId, subject: hashOf(identity.subject) });
    }
    const isMember = existing ? (await members.findMember(tx, organizationId, existing.id)) !== undefined : false;
    if (!isMember) {
      const organization = await repo.findOrganizationByHandle(tx, { id: organizationId });
      if ((await members.countMembers(tx, organizationId)) >= seatLimitOf(organization?.maxUsers, context.config)) {
        return refuse('seat-limit', { organizationId });
      }
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
    if (!user) return refuse('provider-error', { organizationId, reason: 'account created concurrently' });
    if (existing && !existing.emailVerifiedAt) await accounts.markEmailVerified(tx, existing.id);
    if (!isMember) await members.insertMembership(tx, { organizationId, userId: user.id, role: 'member' });
    await signIn(tx, user.id);
    return { userId: user.id, returnPath: pending.returnPath };
  });
}

/** The provider's subject, for the log: linkable between log lines, not the identifier itself. */
function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 12);
}

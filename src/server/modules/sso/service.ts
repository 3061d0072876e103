import { randomBytes } from 'node:crypto';
import {
  type SsoConnectionInput,
  type SsoDomainStatus,
  type SsoSettings,
  ssoCallbackUrl,
  ssoMessages,
  verificationRecordOf,
} from '#domain/sso.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, badRequest, describeForLog, notFound, sqlState, unprocessable } from '#server/errors.ts';
import { forgetUserSessions } from '../accounts/session-cache.ts';
import { type AuditAction, recordAuditEvent } from '../audit/repo.ts';
import { memberIdsOf } from '../members/repo.ts';
import { requireAdmin } from '../organizations/service.ts';
import { checkDomain, domainsTaken } from './domains.ts';
import { discoverWith } from './providers.ts';
import { isPublicMailDomain } from './public-mail-domains.ts';
import * as repo from './repo.ts';
import { decryptSecret, encryptSecret, requireSsoKey } from './secret-box.ts';

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
    domainStatus: connection.domainRows.map(toDomainStatus),
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
  refusePublicMailDomains(input.domains);
  await refuseDomainsVerifiedElsewhere(context.db, organization.id, input.domains);
  await discoverWith(context, { issuer: input.issuer, clientId: input.clientId, clientSecret });

  await context.db
    .transaction(async (tx) => {
      await refuseDomainsVerifiedElsewhere(tx, organization.id, input.domains);
      await repo.saveConnection(
        tx,
        {
          organizationId: organization.id,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecretEncrypted: encryptSecret(key, organization.id, clientSecret),
          required: input.required,
          domains: input.domains,
        },
        newVerificationToken,
      );
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
  // A session read lately may be answered from memory for a few seconds (decision 009): requiring single sign-on
  // takes effect for this instance's members at once.
  if ((before?.required ?? false) !== input.required) {
    for (const userId of await memberIdsOf(context.db, organization.id)) forgetUserSessions(userId);
  }
  // A domain whose record is already published is verified at once; the others wait for Verify or the hourly check.
  // All at once, so that a silent DNS server costs the save its few seconds once, not once per domain.
  const saved = await repo.findConnection(context.db, organization.id);
  const pending = (saved?.domainRows ?? []).filter((row) => !row.verifiedAt);
  // Another organization verifying one first (409) leaves it pending, which the answer shows.
  const check = (row: repo.SsoDomainRow) =>
    checkDomain(context, row, { actorId: adminId }).catch((error: unknown) => {
      if (!(error instanceof AppError))
        context.log.warn({ error: describeForLog(error) }, 'single sign-on: a check failed');
    });
  await Promise.all(pending.map(check));
  const checked = await repo.findConnection(context.db, organization.id);
  if (!checked) throw notFound('Organization not found.');
  return toSettings(checked, ssoCallbackUrl(context.config.publicUrl));
}

/** A random token per claim: one organization's published record proves nothing for another's claim. */
const newVerificationToken = () => randomBytes(18).toString('base64url');

function refusePublicMailDomains(domains: string[]): void {
  const publicOnes = domains.filter(isPublicMailDomain);
  if (publicOnes.length === 0) return;
  throw unprocessable(
    `${publicOnes.join(', ')} ${publicOnes.length === 1 ? 'is a public mail domain' : 'are public mail domains'}: anyone can have an address there, so no organization can use ${publicOnes.length === 1 ? 'it' : 'them'} for single sign-on.`,
  );
}

async function refuseDomainsVerifiedElsewhere(db: Database, organizationId: string, domains: string[]) {
  const taken = await repo.findDomainsVerifiedElsewhere(db, organizationId, domains);
  if (taken.length > 0) throw domainsTaken(taken);
}

function toDomainStatus(row: repo.SsoDomainRow): SsoDomainStatus {
  const record = verificationRecordOf(row.domain, row.verificationToken);
  return {
    domain: row.domain,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    recordNames: record.names,
    recordValue: record.value,
  };
}

/**
 * Admins ask Perch to look for a domain's record now: 200 with the domain verified, 422 with what to publish where
 * when the record is not there (yet), 409 when another organization verified the domain first.
 */
export async function verifySsoDomain(
  context: AppContext,
  organizationId: string,
  adminId: string,
  domain: string,
): Promise<SsoDomainStatus> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  const connection = await repo.findConnection(context.db, organization.id);
  const row = connection?.domainRows.find((entry) => entry.domain === domain.toLowerCase());
  if (!row) throw notFound('This organization’s single sign-on does not claim that domain.');
  const outcome = await checkDomain(context, row, { actorId: adminId });
  if (outcome.check === 'dns-error') {
    throw unprocessable(
      `Perch could not ask DNS about ${row.domain} just now. Nothing was changed: please try again in a minute.`,
    );
  }
  if (!outcome.verifiedAt) {
    const record = verificationRecordOf(row.domain, row.verificationToken);
    throw unprocessable(
      `Perch did not find the TXT record ${record.value} at ${record.names[0]} or ${record.names[1]}. New DNS records can take from a few minutes to an hour to appear; Perch also checks by itself every hour.`,
    );
  }
  return toDomainStatus({ ...row, verifiedAt: outcome.verifiedAt, missedChecks: 0, checkedAt: outcome.checkedAt });
}

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

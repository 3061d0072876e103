import { afterDomainCheck, type DomainCheck, hasVerificationRecord, verificationRecordOf } from '#domain/sso.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, conflict, describeForLog, sqlState } from '#server/errors.ts';
import { findTxtRecords, resolverOf } from '#server/net/dns.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { domainUnverifiedMail } from './mails.ts';
import * as repo from './repo.ts';

// Proving a domain (issue 26): the organization publishes its claim's token as a DNS TXT record; Perch looks for it
// when an admin asks, and by itself every hour (pending claims of the last week, verified domains once a day).

export const domainsTaken = (domains: string[]) =>
  conflict(
    `${domains.join(', ')} ${domains.length === 1 ? 'is' : 'are'} already verified by another organization: each e-mail domain can belong to one organization only.`,
  );

/** Looks for the claim's record at the domain and at _perch.<domain>; a DNS failure is neither found nor missing. */
async function lookForRecord(context: AppContext, row: repo.SsoDomainRow): Promise<DomainCheck> {
  const resolver = resolverOf(context);
  const record = verificationRecordOf(row.domain, row.verificationToken);
  try {
    const found = await Promise.all(record.names.map((name) => findTxtRecords(resolver, name)));
    return found.some((records) => hasVerificationRecord(records, row.verificationToken)) ? 'found' : 'missing';
  } catch (error) {
    context.log.info({ domain: row.domain, error: describeForLog(error) }, 'single sign-on: DNS did not answer');
    return 'dns-error';
  }
}

/**
 * Checks one claimed domain and writes what follows (domain rules: afterDomainCheck). Verifying is audited; a
 * domain another organization verified first answers 409 and stays pending. Losing the verification is audited and
 * the organization's admins are told by mail.
 */
export async function checkDomain(
  context: AppContext,
  row: repo.SsoDomainRow,
  by: { actorId: string | null },
  now = new Date(),
): Promise<{ check: DomainCheck; verifiedAt: Date | null; checkedAt: Date }> {
  const check = await lookForRecord(context, row);
  const next = afterDomainCheck(row, check, now);
  if (check === 'dns-error') return { check, verifiedAt: row.verifiedAt, checkedAt: row.checkedAt ?? now };
  const key = { organizationId: row.organizationId, domain: row.domain };
  await context.db
    .transaction(async (tx) => {
      await repo.updateDomainState(tx, key, {
        verifiedAt: next.verifiedAt,
        missedChecks: next.missedChecks,
        checkedAt: now,
      });
      if (next.change) {
        await recordAuditEvent(tx, {
          organizationId: row.organizationId,
          actor: by.actorId ? { id: by.actorId } : null,
          action: next.change === 'verified' ? 'sso.domain_verified' : 'sso.domain_unverified',
          target: { type: 'organization', id: row.organizationId },
          details: { domain: row.domain },
        });
      }
    })
    .catch((error: unknown) => {
      if (sqlState(error) === '23505') throw domainsTaken([row.domain]);
      throw error;
    });
  if (next.change === 'unverified') await tellAdminsDomainIsLost(context, row);
  return { check, verifiedAt: next.verifiedAt, checkedAt: now };
}

async function tellAdminsDomainIsLost(context: AppContext, row: repo.SsoDomainRow): Promise<void> {
  const organization = await repo.findOrganizationByHandle(context.db, { id: row.organizationId });
  const recordValue = verificationRecordOf(row.domain, row.verificationToken).value;
  for (const email of await repo.findAdminEmails(context.db, row.organizationId)) {
    const mail = domainUnverifiedMail(
      email,
      { organizationName: organization?.name ?? 'your organization', domain: row.domain, recordValue },
      context.config.publicUrl,
    );
    await context.mailer.send(mail).catch((error: unknown) => {
      context.log.warn({ error: describeForLog(error) }, 'single sign-on: a domain mail could not be sent');
    });
  }
}

/** The scheduled check (jobs/sso-domains.ts): the domains due, a bounded number per run. */
export async function checkDueDomains(context: AppContext, now = new Date()): Promise<number> {
  const due = await repo.findDomainsDueForCheck(context.db, now, 200);
  for (const row of due) {
    await checkDomain(context, row, { actorId: null }, now).catch((error: unknown) => {
      // Another organization verified it first: this claim stays pending, which is the right outcome.
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    });
  }
  return due.length;
}

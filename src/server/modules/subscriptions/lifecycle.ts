import type { AppContext } from '#server/context.ts';
import { describeForLog } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { PaymentProviderError } from '#server/payments/provider.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { trialEndedMail, trialEndingMail } from './mails.ts';
import * as repo from './repo.ts';

const day = 24 * 60 * 60 * 1000;
export const trialReminderDays = 3;

/** Mails every admin of the organization; a mail that cannot be sent is logged, never retried. */
async function mailAdmins(
  context: AppContext,
  organizationId: string,
  build: (to: string, name: string) => MailMessage,
) {
  const mailing = await repo.findMailingOfOrganization(context.db, organizationId);
  for (const email of mailing?.adminEmails ?? []) {
    try {
      await context.mailer.send(build(email, mailing?.name ?? 'your organization'));
    } catch (error) {
      context.log.error({ error: describeForLog(error), organizationId }, 'subscription mail could not be sent');
    }
  }
}

/** Trials that end within 3 days get one reminder to their admins. */
export async function remindEndingTrials(context: AppContext, now: Date): Promise<number> {
  const reminded = await repo.markTrialReminders(context.db, now, new Date(now.getTime() + trialReminderDays * day));
  const url = `${context.config.publicUrl}/subscription`;
  for (const { organizationId, endsAt } of reminded) {
    await mailAdmins(context, organizationId, (to, organizationName) =>
      trialEndingMail(to, { organizationName, endsAt: endsAt ?? now, url }),
    );
  }
  return reminded.length;
}

/** Trials past their 14 days become 'none' (audited in the same transaction), then their admins are told. */
export async function endExpiredTrials(context: AppContext, now: Date): Promise<number> {
  const ended = await context.db.transaction(async (tx) => {
    const rows = await repo.endTrials(tx, now);
    for (const { organizationId } of rows) {
      await recordAuditEvent(tx, {
        organizationId,
        actor: null,
        action: 'subscription.trial_ended',
        target: { type: 'subscription', id: organizationId },
      });
    }
    return rows;
  });
  const url = `${context.config.publicUrl}/subscription`;
  for (const { organizationId } of ended) {
    await mailAdmins(context, organizationId, (to, organizationName) => trialEndedMail(to, { organizationName, url }));
  }
  return ended.length;
}

/**
 * Subscriptions cancelled at period end whose period is over: cancelled at the provider (they were only
 * suspended there, decision 006), then locally. A provider failure leaves the row for the next run; access
 * has ended anyway, since enablement looks at endsAt.
 */
export async function endCancelledPeriods(context: AppContext, now: Date): Promise<number> {
  let count = 0;
  for (const row of await repo.listEndedPeriods(context.db, now)) {
    if (row.providerSubscriptionId) {
      try {
        await context.payments.provider.cancelSubscription(
          row.providerSubscriptionId,
          'Billing period ended after cancellation',
        );
      } catch (error) {
        // Refused: it is already cancelled or expired at the provider, which is what we want.
        if (!(error instanceof PaymentProviderError && error.isRefusal)) {
          context.log.warn(
            { error: describeForLog(error), organizationId: row.organizationId },
            'period end: provider cancel failed',
          );
          continue;
        }
      }
    }
    const changed = await context.db.transaction(async (tx) => {
      const current = await repo.lockSubscription(tx, row.organizationId);
      if (current?.status !== 'cancel_at_period_end' || !current.endsAt || current.endsAt > now) return false;
      await repo.updateSubscription(tx, row.organizationId, { status: 'cancelled' });
      await recordAuditEvent(tx, {
        organizationId: row.organizationId,
        actor: null,
        action: 'subscription.expired',
        target: { type: 'subscription', id: row.organizationId },
        details: { source: 'period-end' },
      });
      return true;
    });
    if (changed) count += 1;
  }
  return count;
}

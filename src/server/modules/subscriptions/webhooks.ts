import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest } from '#server/errors.ts';
import { type ProviderSubscription, toProviderStatus, type WebhookHeaders } from '#server/payments/provider.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { applyActivation, cancelReplacedSubscription, findActivationTarget } from './activation.ts';
import { callProvider } from './provider-calls.ts';
import * as repo from './repo.ts';

export const webhookMessages = {
  unverified: 'Webhook signature could not be verified',
  malformed: 'Webhook body must be a PayPal event with an id and an event_type',
} as const;

interface WebhookEvent {
  id: string;
  event_type: string;
  resource?: Record<string, unknown>;
}

export type WebhookOutcome = 'processed' | 'replayed' | 'ignored';

function parseEvent(rawBody: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw badRequest(webhookMessages.malformed);
  }
  const candidate = event as Partial<WebhookEvent> | null;
  if (
    typeof candidate?.id !== 'string' ||
    candidate.id.length === 0 ||
    candidate.id.length > 200 ||
    typeof candidate.event_type !== 'string'
  ) {
    throw badRequest(webhookMessages.malformed);
  }
  return candidate as WebhookEvent;
}

/** The subscription described by a BILLING.SUBSCRIPTION.* event's resource (verified, so PayPal's own words). */
function subscriptionOf(resource: Record<string, unknown> | undefined): ProviderSubscription | undefined {
  if (!resource || typeof resource.id !== 'string') return undefined;
  const billing = resource.billing_info as { next_billing_time?: unknown } | undefined;
  const next = typeof billing?.next_billing_time === 'string' ? new Date(billing.next_billing_time) : null;
  try {
    return {
      id: resource.id,
      status: toProviderStatus(resource.status),
      planId: typeof resource.plan_id === 'string' ? resource.plan_id : '',
      customId: typeof resource.custom_id === 'string' ? resource.custom_id : null,
      nextBillingTime: next && !Number.isNaN(next.getTime()) ? next : null,
    };
  } catch {
    return undefined;
  }
}

/**
 * POST /paypal/webhook. The provider must confirm the signature (else 400 and nothing changes); each event
 * id is handled once: it is recorded in the same transaction as the change, so a replay changes nothing.
 */
export async function handleWebhook(
  context: AppContext,
  headers: WebhookHeaders | undefined,
  rawBody: string,
): Promise<WebhookOutcome> {
  const event = parseEvent(rawBody);
  if (!headers) throw badRequest(webhookMessages.unverified);
  const isVerified = await callProvider(context, 'verify webhook', () =>
    context.payments.provider.verifyWebhook(headers, rawBody),
  );
  if (!isVerified) throw badRequest(webhookMessages.unverified);

  // A completed payment moves the next billing time: read it back before the transaction (no network inside).
  let paid: ProviderSubscription | undefined;
  const agreement = event.resource?.billing_agreement_id;
  if (event.event_type === 'PAYMENT.SALE.COMPLETED' && typeof agreement === 'string' && agreement.length <= 100) {
    paid = await callProvider(context, 'read subscription', () =>
      context.payments.provider.findSubscription(agreement),
    );
  }

  let replaced: string | null = null;
  const outcome = await context.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await repo.insertWebhookEvent(tx, event.id, event.event_type.slice(0, 100)))) return 'replayed';
    if (paid) return (await recordPayment(tx, paid)) ? 'processed' : 'ignored';
    const found = subscriptionOf(event.resource);
    if (!found) return 'ignored';
    switch (event.event_type) {
      case 'BILLING.SUBSCRIPTION.ACTIVATED': {
        const target = await findActivationTarget(context, tx, found);
        if (!target) return 'ignored';
        const result = await applyActivation(context, tx, target, found, null, 'webhook');
        replaced = result.replaced;
        return result.changed ? 'processed' : 'ignored';
      }
      case 'BILLING.SUBSCRIPTION.CANCELLED':
      case 'BILLING.SUBSCRIPTION.SUSPENDED':
      case 'BILLING.SUBSCRIPTION.EXPIRED':
        return (await applyEnding(tx, event.event_type, found)) ? 'processed' : 'ignored';
      default:
        return 'ignored';
    }
  });
  await cancelReplacedSubscription(context, replaced);
  return outcome;
}

async function recordPayment(tx: Database, paid: ProviderSubscription): Promise<boolean> {
  const organizationId = await repo.findOrganizationOfProviderSubscription(tx, paid.id);
  if (!organizationId || !paid.nextBillingTime) return false;
  const current = await repo.lockSubscription(tx, organizationId);
  if (current?.status !== 'active' || current.providerSubscriptionId !== paid.id) return false;
  await repo.updateSubscription(tx, organizationId, { nextBillingTime: paid.nextBillingTime });
  return true;
}

/**
 * The provider ended or paused the organization's current subscription. Suspended or cancelled at the
 * provider (by PayPal or the buyer): access stays until the paid period ends. Expired: it is over.
 */
async function applyEnding(tx: Database, eventType: string, found: ProviderSubscription): Promise<boolean> {
  const organizationId = await repo.findOrganizationOfProviderSubscription(tx, found.id);
  if (!organizationId) return false;
  const current = await repo.lockSubscription(tx, organizationId);
  if (!current || current.providerSubscriptionId !== found.id || current.status === 'cancelled') return false;
  const now = new Date();
  const periodEnd = found.nextBillingTime ?? current.nextBillingTime;
  const isExpired = eventType === 'BILLING.SUBSCRIPTION.EXPIRED';
  const isPeriodOver = !periodEnd || periodEnd <= now || (current.endsAt !== null && current.endsAt <= now);
  if (!isExpired && current.status === 'cancel_at_period_end' && !isPeriodOver) return false;
  if (!isExpired && current.status !== 'active' && current.status !== 'cancel_at_period_end') return false;
  const ends = isExpired || isPeriodOver;
  await repo.updateSubscription(
    tx,
    organizationId,
    ends
      ? { status: 'cancelled', endsAt: current.endsAt ?? now }
      : { status: 'cancel_at_period_end', endsAt: periodEnd },
  );
  const action =
    eventType === 'BILLING.SUBSCRIPTION.SUSPENDED'
      ? 'subscription.suspended'
      : isExpired
        ? 'subscription.expired'
        : 'subscription.cancelled';
  await recordAuditEvent(tx, {
    organizationId,
    actor: null,
    action,
    target: { type: 'subscription', id: organizationId },
    details: { source: 'webhook', eventType, previousStatus: current.status },
  });
  return true;
}

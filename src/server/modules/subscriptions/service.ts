import { findPlan, type PlanId, planIds } from '#domain/plans.ts';
import {
  type ReactivateInput,
  type SubscriptionChangeResponse,
  type SubscriptionDetails,
  subscriptionMessages,
} from '#domain/subscription.ts';
import type { AppContext } from '#server/context.ts';
import { conflict, describeForLog } from '#server/errors.ts';
import { PaymentProviderError, type ProviderLink } from '#server/payments/provider.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { countPendingInvitations } from '../invitations/repo.ts';
import { countMembers } from '../members/repo.ts';
import { findMemberOrganization, requireAdmin, toSubscription } from '../organizations/service.ts';
import { requireBilling, startCheckout } from './checkout.ts';
import { callProvider, providerUnavailable } from './provider-calls.ts';
import * as repo from './repo.ts';

/** Members of the organization (findMemberOrganization): the subscription, seats taken and invitations waiting. */
export async function getSubscriptionDetails(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<SubscriptionDetails> {
  const { organization, subscription } = await findMemberOrganization(context, organizationId, userId);
  return {
    ...toSubscription(subscription, context.config),
    seatsUsed: await countMembers(context.db, organization.id),
    pendingInvitations: await countPendingInvitations(context.db, organization.id),
  };
}

const actorOf = (user: UserRow) => ({ id: user.id, email: user.email });

/**
 * Admins (requireAdmin). Decision 006: the provider subscription is suspended (billing stops, and it can
 * still be re-activated), access stays until the next billing time, and the period-end job cancels it at
 * the provider then. A provider failure changes nothing.
 */
export async function cancelSubscription(
  context: AppContext,
  user: UserRow,
  organizationId: string,
): Promise<SubscriptionChangeResponse> {
  const { organization, subscription } = await requireAdmin(context, organizationId, user.id);
  requireBilling(context);
  if (subscription?.status !== 'active') throw conflict('There is no active subscription to cancel.');
  let endsAt = subscription.nextBillingTime;
  const providerId = subscription.providerSubscriptionId;
  if (providerId) {
    const { provider } = context.payments;
    const found = await callProvider(context, 'read subscription', () => provider.findSubscription(providerId));
    endsAt = found?.nextBillingTime ?? endsAt;
    if (found?.status === 'ACTIVE') {
      await callProvider(context, 'suspend subscription', () =>
        provider.suspendSubscription(providerId, 'Cancelled in Perch: ends at the end of the billing period'),
      );
    }
  }
  const updated = await context.db.transaction(async (tx) => {
    const current = await repo.lockSubscription(tx, organization.id);
    if (current?.status !== 'active') throw conflict('There is no active subscription to cancel.');
    const row = await repo.updateSubscription(tx, organization.id, {
      status: 'cancel_at_period_end',
      endsAt: endsAt ?? new Date(),
    });
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: actorOf(user),
      action: 'subscription.cancelled',
      target: { type: 'subscription', id: organization.id },
      details: { endsAt: row.endsAt?.toISOString() ?? null },
    });
    return row;
  });
  return { message: subscriptionMessages.cancelled, subscription: toSubscription(updated, context.config) };
}

function chooseTier(input: ReactivateInput, current: repo.SubscriptionRow | null): PlanId {
  if (input.planId) return input.planId;
  const known = findPlan(current?.planId);
  return known && planIds.includes(known.id) ? known.id : 'tier-1';
}

/**
 * Admins (requireAdmin). Spec section 4: a subscription cancelled at period end and still inside its period
 * is re-activated directly at the provider; otherwise (or when the provider refuses) a new checkout starts
 * and its links are answered. A provider outage answers 502 and changes nothing.
 */
export async function reactivateSubscription(
  context: AppContext,
  user: UserRow,
  organizationId: string,
  input: ReactivateInput,
): Promise<SubscriptionChangeResponse | { links: ProviderLink[] }> {
  const { organization, subscription } = await requireAdmin(context, organizationId, user.id);
  requireBilling(context);
  if (subscription?.status === 'active') throw conflict('The subscription is already active.');
  const isInPeriod =
    subscription?.status === 'cancel_at_period_end' &&
    subscription.endsAt !== null &&
    subscription.endsAt.getTime() > Date.now();
  const providerId = subscription?.providerSubscriptionId;
  if (isInPeriod && providerId) {
    const reactivated = await reactivateDirectly(context, user, organization.id, providerId);
    if (reactivated)
      return { message: subscriptionMessages.reactivated, subscription: toSubscription(reactivated, context.config) };
  }
  const started = await startCheckout(context, user, organization, chooseTier(input, subscription));
  return { links: started.links };
}

/** The direct call; undefined when the provider refuses it (the subscription can no longer be re-activated). */
async function reactivateDirectly(context: AppContext, user: UserRow, organizationId: string, providerId: string) {
  try {
    await context.payments.provider.activateSubscription(providerId, 'Reactivated in Perch');
  } catch (error) {
    if (error instanceof PaymentProviderError && error.isRefusal) return undefined;
    if (error instanceof PaymentProviderError) {
      context.log.warn({ error: describeForLog(error) }, 'payment provider unavailable for reactivation');
      throw providerUnavailable();
    }
    throw error;
  }
  return context.db.transaction(async (tx) => {
    const current = await repo.lockSubscription(tx, organizationId);
    if (!current) return undefined;
    const row = await repo.updateSubscription(tx, organizationId, { status: 'active', endsAt: null });
    await recordAuditEvent(tx, {
      organizationId,
      actor: actorOf(user),
      action: 'subscription.reactivated',
      target: { type: 'subscription', id: organizationId },
      details: { previousStatus: current.status },
    });
    return row;
  });
}

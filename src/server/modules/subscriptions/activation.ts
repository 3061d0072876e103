import { findPlan, type PlanId } from '#domain/plans.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { describeForLog } from '#server/errors.ts';
import { findTierOfProviderPlan } from '#server/payments/create-payments.ts';
import type { ProviderSubscription } from '#server/payments/provider.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import * as repo from './repo.ts';

export type Actor = { id: string; email: string } | null;

export interface ActivationTarget {
  organizationId: string;
  planId: PlanId;
  checkout: repo.CheckoutRow | undefined;
}

/**
 * Which organization and tier a provider subscription belongs to, from Perch's own records (a checkout it
 * started, or the organization's current subscription) and the configured plan ids. undefined for anything
 * Perch did not start, or whose plan or organization does not match what Perch asked for.
 */
export async function findActivationTarget(
  context: AppContext,
  db: Database,
  found: ProviderSubscription,
): Promise<ActivationTarget | undefined> {
  const checkout = await repo.findCheckout(db, found.id);
  const organizationId = checkout?.organizationId ?? (await repo.findOrganizationOfProviderSubscription(db, found.id));
  const planId = findTierOfProviderPlan(context.payments.planIds, found.planId);
  const isMismatch =
    !organizationId ||
    !planId ||
    (checkout !== undefined && checkout.providerPlanId !== found.planId) ||
    (found.customId !== null && found.customId !== organizationId);
  if (isMismatch) {
    context.log.warn(
      { providerSubscriptionId: found.id },
      'provider subscription does not match any checkout of Perch',
    );
    return undefined;
  }
  return { organizationId, planId, checkout };
}

/**
 * Makes the organization's subscription active on the provider's word (read back, or a verified webhook).
 * Runs inside the caller's transaction with the audit record. Answers the provider subscription this one
 * replaces (to be cancelled at the provider after commit), if any.
 */
export async function applyActivation(
  _context: AppContext,
  tx: Database,
  target: ActivationTarget,
  found: ProviderSubscription,
  actor: Actor,
  source: 'return' | 'webhook' | 'reactivation',
): Promise<{ changed: boolean; replaced: string | null }> {
  const current = await repo.lockSubscription(tx, target.organizationId);
  if (!current) return { changed: false, replaced: null };
  if (current.providerSubscriptionId === found.id && current.status === 'active') {
    return { changed: false, replaced: null };
  }
  // A late event for an older checkout must not undo a newer subscription.
  if (current.providerSubscriptionId && current.providerSubscriptionId !== found.id && target.checkout) {
    const currentCheckout = await repo.findCheckout(tx, current.providerSubscriptionId);
    if (currentCheckout && currentCheckout.createdAt > target.checkout.createdAt)
      return { changed: false, replaced: null };
  }
  const plan = findPlan(target.planId);
  if (!plan) return { changed: false, replaced: null };
  await repo.updateSubscription(tx, target.organizationId, {
    planId: plan.id,
    // An override keeps its own name and limit; the paid tier shows again when it is removed.
    ...(current.isOverridden ? {} : { planName: plan.name, maxUsers: plan.maxUsers }),
    status: 'active',
    providerSubscriptionId: found.id,
    nextBillingTime: found.nextBillingTime ?? current.nextBillingTime,
    endsAt: null,
  });
  await repo.markCheckoutActivated(tx, found.id);
  await recordAuditEvent(tx, {
    organizationId: target.organizationId,
    actor,
    action: 'subscription.activated',
    target: { type: 'subscription', id: target.organizationId },
    details: { planId: plan.id, previousStatus: current.status, source },
  });
  const replaced =
    current.providerSubscriptionId && current.providerSubscriptionId !== found.id
      ? current.providerSubscriptionId
      : null;
  return { changed: true, replaced };
}

/** After a new subscription took over: stop billing the old one. A failure is logged; PayPal's own dashboard can finish it. */
export async function cancelReplacedSubscription(context: AppContext, replaced: string | null): Promise<void> {
  if (!replaced) return;
  try {
    await context.payments.provider.cancelSubscription(replaced, 'Replaced by a new Perch subscription');
  } catch (error) {
    context.log.warn(
      { error: describeForLog(error), providerSubscriptionId: replaced },
      'replaced subscription could not be cancelled',
    );
  }
}

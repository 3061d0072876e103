import { randomUUID } from 'node:crypto';
import { findPlan, type PlanId } from '#domain/plans.ts';
import { type CreateCheckoutInput, subscriptionMessages } from '#domain/subscription.ts';
import type { AppContext } from '#server/context.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { ProviderLink } from '#server/payments/provider.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { findOrganizationOfUser, listOrganizationsOfUser, type OrganizationRow } from '../organizations/repo.ts';
import { requireAdmin } from '../organizations/service.ts';
import { applyActivation, cancelReplacedSubscription, findActivationTarget } from './activation.ts';
import { callProvider } from './provider-calls.ts';
import * as repo from './repo.ts';

export interface CheckoutStarted {
  id: string;
  status: string;
  links: ProviderLink[];
}

/** With billing off nothing is sold: every subscription change answers 422 with a sentence saying so. */
export function requireBilling(context: AppContext): void {
  if (context.config.payments.mode === 'off') throw unprocessable(subscriptionMessages.billingOff);
}

/** Any signed-in user: what the browser needs to start the provider's flow (mode off: there is none). */
export async function getSetup(
  context: AppContext,
): Promise<{ clientToken: string; mode: 'local' | 'sandbox' | 'live' | 'off' }> {
  const { provider } = context.payments;
  if (provider.mode === 'off') return { clientToken: '', mode: 'off' };
  const clientToken = await callProvider(context, 'client token', () => provider.createClientToken());
  return { clientToken, mode: provider.mode };
}

/** The organization named, or the caller's first where it is admin. Admin role checked by requireAdmin. */
async function findCheckoutOrganization(context: AppContext, user: UserRow, organizationId: string | undefined) {
  if (organizationId) return (await requireAdmin(context, organizationId, user.id)).organization;
  const first = (await listOrganizationsOfUser(context.db, user.id)).find((row) => row.role === 'admin');
  if (!first) throw notFound('You are not an administrator of any organization. Create one first.');
  return first.organization;
}

/**
 * Creates the subscription at the provider for the tier's configured plan id, and records the checkout
 * (the organization's own subscription changes only when the provider confirms it). Nothing is stored when
 * the provider fails.
 */
export async function startCheckout(
  context: AppContext,
  user: UserRow,
  organization: OrganizationRow,
  planId: PlanId,
): Promise<CheckoutStarted> {
  const plan = findPlan(planId);
  if (!plan) throw notFound('Plan not found.');
  const providerPlanId = context.payments.planIds[plan.id];
  const base = context.config.publicUrl;
  const created = await callProvider(context, 'create subscription', () =>
    context.payments.provider.createSubscription({
      providerPlanId,
      organizationId: organization.id,
      returnUrl: `${base}/paypal/return`,
      cancelUrl: `${base}/paypal/cancel`,
      requestId: randomUUID(),
      display: { organizationName: organization.name, planName: plan.name, price: plan.price, currency: plan.currency },
    }),
  );
  await context.db.transaction(async (tx) => {
    await repo.insertCheckout(tx, {
      providerSubscriptionId: created.id,
      organizationId: organization.id,
      planId: plan.id,
      providerPlanId,
      createdBy: user.id,
    });
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: { id: user.id, email: user.email },
      action: 'subscription.created',
      target: { type: 'subscription', id: organization.id },
      details: { planId: plan.id, providerSubscriptionId: created.id },
    });
  });
  return { id: created.id, status: created.status, links: created.links };
}

/** Admins of the organization (findCheckoutOrganization). */
export async function createCheckout(
  context: AppContext,
  user: UserRow,
  input: CreateCheckoutInput,
): Promise<CheckoutStarted> {
  requireBilling(context);
  const organization = await findCheckoutOrganization(context, user, input.organizationId);
  return startCheckout(context, user, organization, input.planId);
}

/** The local checkout's approval: only the user who started the checkout, while still an admin of its organization. */
export async function mayApproveLocalCheckout(
  context: AppContext,
  checkoutId: string,
  userId: string,
): Promise<boolean> {
  const checkout = await repo.findCheckout(context.db, checkoutId);
  if (checkout?.createdBy !== userId) return false;
  const found = await findOrganizationOfUser(context.db, checkout.organizationId, userId);
  return found?.role === 'admin';
}

const providerIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The buyer came back from the provider. Nobody's word is taken: the subscription is read back from the
 * provider and the organization activated only when the provider says it is approved or active. Answers
 * where to send the browser.
 */
export async function completeReturn(context: AppContext, providerSubscriptionId: string | undefined): Promise<string> {
  if (!providerSubscriptionId || !providerIdPattern.test(providerSubscriptionId)) return '/subscription/cancel';
  const found = await callProvider(context, 'read subscription', () =>
    context.payments.provider.findSubscription(providerSubscriptionId),
  );
  if (!found || (found.status !== 'ACTIVE' && found.status !== 'APPROVED')) return '/subscription/cancel';
  const target = await findActivationTarget(context, context.db, found);
  if (!target) return '/subscription/cancel';
  // The provider's confirmation is what activates, so the system is the actor (the checkout records who started it).
  const { replaced } = await context.db.transaction((tx) =>
    applyActivation(context, tx, target, found, null, 'return'),
  );
  await cancelReplacedSubscription(context, replaced);
  return `/subscription/success?subscription_id=${encodeURIComponent(found.id)}`;
}

import { isUuid } from '#domain/ids.ts';
import type { OrganizationOverview } from '#domain/organization.ts';
import { findPlan, trialPlan } from '#domain/plans.ts';
import { type OverrideInput, type Subscription, subscriptionMessages } from '#domain/subscription.ts';
import type { AppContext } from '#server/context.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import type { UserRow } from '../accounts/repo.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { isAdminOf } from '../members/repo.ts';
import { toSubscription } from '../organizations/service.ts';
import { requireBilling } from '../subscriptions/checkout.ts';
import * as subscriptionRepo from '../subscriptions/repo.ts';
import * as repo from './repo.ts';

export const adminAccessRequired = 'Admin Access Required';

/** The admin role in the platform organization (fixed id from configuration), or 403. */
export async function requirePlatformAdmin(context: AppContext, user: UserRow): Promise<void> {
  if (!(await isAdminOf(context.db, context.config.platformOrganizationId, user.id))) {
    throw forbidden(adminAccessRequired);
  }
}

/** Platform admins (requirePlatformAdmin): every organization. */
export async function listOrganizations(context: AppContext, user: UserRow): Promise<OrganizationOverview[]> {
  await requirePlatformAdmin(context, user);
  return (await repo.listOrganizationsOverview(context.db)).map((row) => {
    const subscription = toSubscription(row.subscription, context.config);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      member_count: row.memberCount,
      created_at: row.createdAt.toISOString(),
      admin_emails: row.adminEmails,
      subscription: {
        plan: subscription.planName,
        planId: subscription.planId,
        status: subscription.status,
        maxUsers: subscription.maxUsers,
        isOverridden: subscription.isOverridden,
        isBillingOff: subscription.isBillingOff,
        overrideReason: row.subscription?.overrideReason ?? null,
        nextBillingTime: subscription.nextBillingTime,
        endsAt: subscription.endsAt,
      },
    };
  });
}

async function requireOrganization(context: AppContext, organizationId: string): Promise<void> {
  if (!isUuid(organizationId) || !(await repo.organizationExists(context.db, organizationId))) {
    throw notFound('Organization not found.');
  }
}

/**
 * Platform admins (requirePlatformAdmin). The override's name and user limit replace the plan's; the status
 * stays (spec section 4: an override enables everything unless the subscription is cancelled).
 */
export async function applyOverride(
  context: AppContext,
  user: UserRow,
  organizationId: string,
  input: OverrideInput,
): Promise<{ message: string; subscription: Subscription }> {
  await requirePlatformAdmin(context, user);
  requireBilling(context);
  await requireOrganization(context, organizationId);
  const updated = await context.db.transaction(async (tx) => {
    const current = await subscriptionRepo.lockSubscription(tx, organizationId);
    const values = {
      planName: input.planName,
      maxUsers: input.maxUsers,
      isOverridden: true,
      overrideReason: input.reason,
    };
    const row = current
      ? await subscriptionRepo.updateSubscription(tx, organizationId, values)
      : await subscriptionRepo.insertSubscription(tx, { organizationId, planId: null, status: 'none', ...values });
    await recordAuditEvent(tx, {
      organizationId,
      actor: { id: user.id, email: user.email },
      action: 'subscription.override_applied',
      target: { type: 'subscription', id: organizationId },
      details: {
        planName: input.planName,
        maxUsers: input.maxUsers,
        reason: input.reason,
        previous: current ? { planName: current.planName, maxUsers: current.maxUsers } : null,
      },
    });
    return row;
  });
  return { message: subscriptionMessages.overrideApplied, subscription: toSubscription(updated, context.config) };
}

/** Platform admins (requirePlatformAdmin): the plan's own name and limit come back (the trial's when none). */
export async function removeOverride(
  context: AppContext,
  user: UserRow,
  organizationId: string,
): Promise<{ message: string; subscription: Subscription }> {
  await requirePlatformAdmin(context, user);
  requireBilling(context);
  await requireOrganization(context, organizationId);
  const updated = await context.db.transaction(async (tx) => {
    const current = await subscriptionRepo.lockSubscription(tx, organizationId);
    if (!current?.isOverridden) throw conflict('This subscription has no override to remove.');
    const plan = findPlan(current.planId) ?? trialPlan;
    const row = await subscriptionRepo.updateSubscription(tx, organizationId, {
      planName: plan.name,
      maxUsers: plan.maxUsers,
      isOverridden: false,
      overrideReason: null,
    });
    await recordAuditEvent(tx, {
      organizationId,
      actor: { id: user.id, email: user.email },
      action: 'subscription.override_removed',
      target: { type: 'subscription', id: organizationId },
      details: { previous: { planName: current.planName, maxUsers: current.maxUsers } },
    });
    return row;
  });
  return { message: subscriptionMessages.overrideRemoved, subscription: toSubscription(updated, context.config) };
}

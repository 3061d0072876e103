import { isUuid } from '#domain/ids.ts';
import type { OrganizationOverview } from '#domain/organization.ts';
import { findPlan, trialPlan } from '#domain/plans.ts';
import { type OverrideInput, type Subscription, subscriptionMessages } from '#domain/subscription.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { type AuditAction, type AuditEventInput, recordAuditEvent } from '../audit/repo.ts';
import { isAdminOf } from '../members/repo.ts';
import { toSubscription } from '../organizations/service.ts';
import { requireBilling } from '../subscriptions/checkout.ts';
import type { SubscriptionRow } from '../subscriptions/repo.ts';
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

type OverrideChange = (
  tx: Database,
  current: SubscriptionRow | undefined,
) => Promise<{ row: SubscriptionRow; action: AuditAction; details: AuditEventInput['details'] }>;

/**
 * Platform admins (requirePlatformAdmin), with billing on, of an organization that exists: the change is made under
 * the subscription's lock and recorded in the audit log in the same transaction.
 */
async function changeOverride(
  context: AppContext,
  user: UserRow,
  organizationId: string,
  message: string,
  change: OverrideChange,
): Promise<{ message: string; subscription: Subscription }> {
  await requirePlatformAdmin(context, user);
  requireBilling(context);
  await requireOrganization(context, organizationId);
  const updated = await context.db.transaction(async (tx) => {
    const current = await subscriptionRepo.lockSubscription(tx, organizationId);
    const { row, action, details } = await change(tx, current);
    await recordAuditEvent(tx, {
      organizationId,
      actor: { id: user.id, email: user.email },
      action,
      target: { type: 'subscription', id: organizationId },
      details,
    });
    return row;
  });
  return { message, subscription: toSubscription(updated, context.config) };
}

/**
 * Platform admins (changeOverride). The override's name and user limit replace the plan's; the status
 * stays (spec section 4: an override enables everything unless the subscription is cancelled).
 */
export async function applyOverride(
  context: AppContext,
  user: UserRow,
  organizationId: string,
  input: OverrideInput,
): Promise<{ message: string; subscription: Subscription }> {
  return changeOverride(context, user, organizationId, subscriptionMessages.overrideApplied, async (tx, current) => {
    const values = {
      planName: input.planName,
      maxUsers: input.maxUsers,
      isOverridden: true,
      overrideReason: input.reason,
    };
    const row = current
      ? await subscriptionRepo.updateSubscription(tx, organizationId, values)
      : await subscriptionRepo.insertSubscription(tx, { organizationId, planId: null, status: 'none', ...values });
    return {
      row,
      action: 'subscription.override_applied',
      details: {
        planName: input.planName,
        maxUsers: input.maxUsers,
        reason: input.reason,
        previous: current ? { planName: current.planName, maxUsers: current.maxUsers } : null,
      },
    };
  });
}

/** Platform admins (changeOverride): the plan's own name and limit come back (the trial's when none). */
export async function removeOverride(
  context: AppContext,
  user: UserRow,
  organizationId: string,
): Promise<{ message: string; subscription: Subscription }> {
  return changeOverride(context, user, organizationId, subscriptionMessages.overrideRemoved, async (tx, current) => {
    if (!current?.isOverridden) throw conflict('This subscription has no override to remove.');
    const plan = findPlan(current.planId) ?? trialPlan;
    const row = await subscriptionRepo.updateSubscription(tx, organizationId, {
      planName: plan.name,
      maxUsers: plan.maxUsers,
      isOverridden: false,
      overrideReason: null,
    });
    return {
      row,
      action: 'subscription.override_removed',
      details: { previous: { planName: current.planName, maxUsers: current.maxUsers } },
    };
  });
}

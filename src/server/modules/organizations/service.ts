import { floorPlanMessages } from '#domain/floor-plan.ts';
import { isUuid } from '#domain/ids.ts';
import type { CreateOrganizationInput, OrganizationView } from '#domain/organization.ts';
import { trialDays, trialPlan } from '#domain/plans.ts';
import { billingOffSubscription, isSubscriptionEnabled, type Subscription } from '#domain/subscription.ts';
import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { conflict, forbidden, notFound, unprocessable } from '#server/errors.ts';
import { insertMembership } from '../members/repo.ts';
import { enforceLimits, type Limit, refundLimits } from '../rate-limits/service.ts';
import { insertSubscription } from '../subscriptions/repo.ts';
import * as repo from './repo.ts';

/** What decides how a subscription reads: billing off replaces every organization's with the same one. */
export type SubscriptionSettings = Pick<Config, 'payments'>;
export type OrganizationSettings = Pick<Config, 'payments' | 'platformOrganizationId'>;

/** The most members an organization may have, from its subscription row's limit (none yet: the trial's). */
export function seatLimitOf(maxUsers: number | null | undefined, settings: SubscriptionSettings): number {
  if (settings.payments.mode === 'off') return billingOffSubscription.maxUsers;
  return maxUsers ?? trialPlan.maxUsers;
}

export function toSubscription(row: repo.SubscriptionRow | null, settings: SubscriptionSettings): Subscription {
  if (settings.payments.mode === 'off') return billingOffSubscription;
  if (!row) {
    return {
      planId: null,
      planName: null,
      maxUsers: trialPlan.maxUsers,
      status: 'none',
      nextBillingTime: null,
      endsAt: null,
      isOverridden: false,
      isBillingOff: false,
    };
  }
  return {
    planId: row.planId,
    planName: row.planName,
    maxUsers: row.maxUsers,
    status: row.status,
    nextBillingTime: row.nextBillingTime?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    isOverridden: row.isOverridden,
    isBillingOff: false,
  };
}

export function toOrganizationView(
  { organization, subscription, role, homeSiteId }: repo.MemberOrganization,
  settings: OrganizationSettings,
): OrganizationView {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    timeZone: organization.timeZone,
    floorPlanUrl: organization.floorPlanUrl,
    defaultZoomLevel: organization.defaultZoomLevel === null ? null : Number(organization.defaultZoomLevel),
    createdAt: organization.createdAt.toISOString(),
    role,
    homeSiteId,
    hideNames: organization.hideNames,
    isPlatform: organization.id === settings.platformOrganizationId,
    subscription: toSubscription(subscription, settings),
  };
}

/** Enough for anyone who runs several offices; too few to fill the database or the platform list with trials. */
export const organizationsPerUser: Limit = {
  name: 'organizations-user',
  max: 10,
  windowSeconds: 24 * 60 * 60,
  message: 'You have created 10 organizations today, the most Perch allows in one day.',
};

/** Said wherever the web could otherwise make someone a platform administrator (decision 011). */
export const platformMessages = {
  noInvitations:
    'Platform administrators are appointed only with npm run platform-admin on the server, so nobody can be invited into the platform organization.',
  noJoining:
    'This invitation is into the platform organization, which nobody can join by invitation. Platform administrators are appointed only with npm run platform-admin on the server.',
  noPromotion:
    'Platform administrators are appointed only with npm run platform-admin on the server, not from the team page.',
} as const;

/**
 * Any signed-in user may create an organization, at most organizationsPerUser a day (429); the creator becomes its
 * admin and it starts a trial. A refused slug is not counted.
 */
export async function createOrganization(
  context: AppContext,
  userId: string,
  input: CreateOrganizationInput,
): Promise<OrganizationView> {
  await enforceLimits(context.db, [[organizationsPerUser, userId]]);
  const created = await insertOrganizationOfUser(context, userId, input).catch(async (error: unknown) => {
    await refundLimits(context.db, [[organizationsPerUser, userId]]);
    throw error;
  });
  if (!created) throw new Error('created organization is not readable');
  return toOrganizationView(created, context.config);
}

async function insertOrganizationOfUser(context: AppContext, userId: string, input: CreateOrganizationInput) {
  return context.db.transaction(async (tx) => {
    const organization = await repo.insertOrganization(tx, {
      name: input.name,
      slug: input.slug,
      timeZone: input.timeZone ?? context.config.defaultTimeZone,
    });
    if (!organization) throw conflict('That slug is already taken. Please choose another one.');
    await insertMembership(tx, { organizationId: organization.id, userId, role: 'admin' });
    await insertSubscription(tx, {
      organizationId: organization.id,
      planId: trialPlan.id,
      planName: trialPlan.name,
      maxUsers: trialPlan.maxUsers,
      status: 'trial',
      endsAt: new Date(Date.now() + trialDays * 24 * 60 * 60 * 1000),
    });
    return repo.findOrganizationOfUser(tx, organization.id, userId);
  });
}

export async function listOrganizations(context: AppContext, userId: string): Promise<OrganizationView[]> {
  return (await repo.listOrganizationsOfUser(context.db, userId)).map((row) => toOrganizationView(row, context.config));
}

/** Membership checked here: another tenant's organization is indistinguishable from a missing one. */
export async function findMemberOrganization(
  context: AppContext,
  organizationId: string,
  userId: string,
): Promise<repo.MemberOrganization> {
  const found = isUuid(organizationId)
    ? await repo.findOrganizationOfUser(context.db, organizationId, userId)
    : undefined;
  if (!found) throw notFound('Organization not found.');
  return found;
}

export async function requireAdmin(context: AppContext, organizationId: string, userId: string) {
  const found = await findMemberOrganization(context, organizationId, userId);
  if (found.role !== 'admin') throw forbidden('Only administrators of this organization can do that.');
  return found;
}

/**
 * Admin role and an enabled subscription (spec section 4): what every floor-plan write needs.
 * Answers 403 for a member, 422 with the spec's message when the subscription does not allow editing.
 */
export async function requireEditor(context: AppContext, organizationId: string, userId: string) {
  const found = await requireAdmin(context, organizationId, userId);
  if (!isSubscriptionEnabled(toSubscription(found.subscription, context.config), new Date())) {
    throw unprocessable(floorPlanMessages.subscribeToEdit);
  }
  return found;
}

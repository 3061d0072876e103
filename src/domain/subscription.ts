import { overridePresets, planIds } from './plans.ts';
import { z } from './zod.ts';

export const subscriptionStatuses = ['active', 'trial', 'cancel_at_period_end', 'cancelled', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** An organization's subscription, in every answer that carries one (its organization, its page, an override). */
export const subscriptionSchema = z.object({
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  maxUsers: z.number().int(),
  status: z.enum(subscriptionStatuses),
  nextBillingTime: z.string().nullable(),
  endsAt: z.string().nullable(),
  isOverridden: z.boolean(),
  /** The server runs with billing off (a company hosting Perch for itself): every feature, no seat limit. */
  isBillingOff: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The most seats Perch counts (the platform override's ceiling): what "no seat limit" means with billing off. */
export const noSeatLimit = 1_000_000;

/** What every organization has while billing is off: no plan, nothing to pay, nothing to renew. */
export const billingOffSubscription: Subscription = {
  planId: null,
  planName: 'Self-hosted',
  maxUsers: noSeatLimit,
  status: 'active',
  nextBillingTime: null,
  endsAt: null,
  isOverridden: false,
  isBillingOff: true,
};

/** Spec section 4: when edit mode and invitations are enabled. */
export function isSubscriptionEnabled(subscription: Subscription | null | undefined, now: Date): boolean {
  if (!subscription) return false;
  if (subscription.isBillingOff) return true;
  if (subscription.isOverridden) return subscription.status !== 'cancelled';
  switch (subscription.status) {
    case 'active':
      return true;
    case 'trial':
      return subscription.endsAt === null || new Date(subscription.endsAt) > now;
    case 'cancel_at_period_end': {
      const until = subscription.endsAt ?? subscription.nextBillingTime;
      return until !== null && new Date(until) > now;
    }
    default:
      return false;
  }
}

export const subscriptionMessages = {
  planNameRequired: 'Plan name is required',
  maxUsersPositive: 'Max users must be positive',
  planNameTooLong: 'Plan name must be at most 100 characters',
  maxUsersTooLarge: 'Max users must be at most 1,000,000',
  reasonTooLong: 'Reason must be at most 500 characters',
  planId: 'Plan must be one of tier-1, tier-2, tier-3, tier-4',
  organizationId: 'Organization id must be a uuid',
  cancelled: 'Subscription will be cancelled at the end of the billing period',
  reactivated: 'Subscription reactivated',
  overrideApplied: 'Subscription override applied',
  overrideRemoved: 'Subscription override removed',
  providerUnavailable: 'Payment provider is unavailable, please try again',
  billingOff: 'Billing is off on this Perch server: every feature is enabled, with no seat limit.',
} as const;

/** POST /paypal/subscription: the tier only; the provider's plan id comes from the server's configuration. */
export const createCheckoutSchema = z.strictObject({
  planId: z.enum(planIds, { error: subscriptionMessages.planId }),
  organizationId: z.uuid({ error: subscriptionMessages.organizationId }).optional(),
});
export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;

/** POST /api/organizations/{id}/subscription/reactivate. planName and maxUsers are accepted but the plan table decides. */
export const reactivateSchema = z
  .object({
    planId: z.enum(planIds, { error: subscriptionMessages.planId }).optional(),
    planName: z.string().max(100).optional(),
    maxUsers: z.number().int().positive().optional(),
  })
  .optional()
  .default({});
export type ReactivateInput = z.infer<typeof reactivateSchema>;

/** POST /api/admin/organizations/{id}/subscription/override (spec section 5, Override). */
export const overrideSchema = z.strictObject({
  planName: z
    .string({ error: subscriptionMessages.planNameRequired })
    .trim()
    .min(1, subscriptionMessages.planNameRequired)
    .max(100, subscriptionMessages.planNameTooLong),
  maxUsers: z.coerce
    .number({ error: subscriptionMessages.maxUsersPositive })
    .int(subscriptionMessages.maxUsersPositive)
    .min(1, subscriptionMessages.maxUsersPositive)
    .max(1_000_000, subscriptionMessages.maxUsersTooLarge),
  reason: z
    .string()
    .trim()
    .max(500, subscriptionMessages.reasonTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type OverrideInput = z.infer<typeof overrideSchema>;

/**
 * The Override form: a preset sends its own name and fixed limit, Custom the typed ones (kept while another preset
 * is chosen); overrideSchema checks what would be sent, its problems said on the planName and maxUsers fields.
 */
export const overrideFormSchema = z
  .object({ presetId: z.string(), planName: z.string(), maxUsers: z.string(), reason: z.string() })
  .transform(({ presetId, planName, maxUsers, reason }): z.input<typeof overrideSchema> => {
    const preset = overridePresets.find((item) => item.id === presetId) ?? overridePresets[0];
    if (preset.isCustom) return { planName, maxUsers, reason };
    return { planName: preset.name, maxUsers: preset.maxUsers, reason };
  })
  .pipe(overrideSchema);
export type OverrideFormFields = z.input<typeof overrideFormSchema>;

/** GET /api/organizations/{id}/subscription: the subscription and the seats counted against it. */
export const subscriptionDetailsSchema = subscriptionSchema.extend({
  seatsUsed: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** Cancelling, reactivating, and a platform admin's override or its removal: a sentence and the subscription now. */
export const subscriptionChangeResponseSchema = z.object({ message: z.string(), subscription: subscriptionSchema });
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** A link of the payment provider's answers: the browser follows the one whose rel is 'approve'. */
export const providerLinkSchema = z.object({ rel: z.string(), href: z.string(), method: z.string() });
export type ProviderLink = z.infer<typeof providerLinkSchema>;

/** Either the direct reactivation worked, or a new checkout is needed and its links come back. */
export const reactivateResponseSchema = z.union([
  subscriptionChangeResponseSchema,
  z.object({ links: z.array(providerLinkSchema) }),
]);
export type ReactivateResponse = z.infer<typeof reactivateResponseSchema>;

/** GET /paypal/setup. Mode 'off': billing is off on this server; nothing can be bought. */
export const paymentSetupSchema = z.object({
  clientToken: z.string(),
  mode: z.enum(['local', 'sandbox', 'live', 'off']),
});
export type PaymentSetup = z.infer<typeof paymentSetupSchema>;

/** POST /paypal/subscription: the provider's subscription, waiting for the buyer's approval. */
export const checkoutResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(providerLinkSchema),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /paypal/webhook: what became of a verified event. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['processed', 'replayed', 'ignored']),
});

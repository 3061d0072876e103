export const subscriptionStatuses = ['active', 'trial', 'cancel_at_period_end', 'cancelled', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export interface Subscription {
  planId: string | null;
  planName: string | null;
  maxUsers: number;
  status: SubscriptionStatus;
  nextBillingTime: string | null;
  endsAt: string | null;
  isOverridden: boolean;
}

/** Spec section 4: when edit mode and invitations are enabled. */
export function isSubscriptionEnabled(subscription: Subscription | null | undefined, now: Date): boolean {
  if (!subscription) return false;
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

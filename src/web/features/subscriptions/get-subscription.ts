import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionDetails } from '#domain/subscription.ts';

/** GET /api/organizations/{id}/subscription: the subscription plus the seats it is counted against. */
export type { SubscriptionDetails };

// The key is the path's segments: the default fetcher builds the URL from them.
export const subscriptionKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'subscription'] as const;

export const subscriptionQuery = (organizationId: string) =>
  queryOptions<SubscriptionDetails>({ queryKey: subscriptionKey(organizationId) });

export function useSubscription(organizationId: string) {
  return useQuery(subscriptionQuery(organizationId));
}

import { useMutation } from '@tanstack/react-query';
import type { Subscription } from '../../../domain/subscription.ts';
import { apiRequest } from '../../app/api.ts';
import type { ProviderLink } from './provider-links.ts';
import { refreshSubscriptionCaches } from './refresh-subscription.ts';

export interface ReactivateInput {
  planId?: string;
  planName?: string;
  maxUsers?: number;
}

/** Either the direct reactivation worked, or a new checkout is needed and its links come back. */
export type ReactivateAnswer = { message: string; subscription: Subscription } | { links: ProviderLink[] };

/** POST /api/organizations/{id}/subscription/reactivate: the direct call first, the provider flow as fallback. */
export function useReactivateSubscription(organizationId: string) {
  return useMutation({
    mutationFn: (input: ReactivateInput) =>
      apiRequest<ReactivateAnswer>('POST', `/api/organizations/${organizationId}/subscription/reactivate`, input),
    onSuccess: (answer) => {
      if ('subscription' in answer) return refreshSubscriptionCaches();
    },
  });
}

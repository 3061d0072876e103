import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactivateResponse } from '#domain/subscription.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshSubscriptionCaches } from './refresh-subscription.ts';

export interface ReactivateInput {
  planId?: string;
  planName?: string;
  maxUsers?: number;
}

/** POST /api/organizations/{id}/subscription/reactivate: the direct call first, the provider flow as fallback. */
export function useReactivateSubscription(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReactivateInput) =>
      apiRequest<ReactivateResponse>('POST', `/api/organizations/${organizationId}/subscription/reactivate`, input),
    onSuccess: (answer) => {
      if ('subscription' in answer) return refreshSubscriptionCaches(queryClient);
    },
  });
}

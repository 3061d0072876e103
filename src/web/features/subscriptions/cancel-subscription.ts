import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '#domain/subscription.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshSubscriptionCaches } from './refresh-subscription.ts';

/** POST /api/organizations/{id}/subscription/cancel: cancel_at_period_end; access stays until endsAt. */
export function useCancelSubscription(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<SubscriptionChangeResponse>('POST', `/api/organizations/${organizationId}/subscription/cancel`),
    onSuccess: () => refreshSubscriptionCaches(queryClient),
  });
}

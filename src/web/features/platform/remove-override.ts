import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '#domain/subscription.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshSubscriptionCaches } from '../subscriptions/index.ts';

/** DELETE /api/admin/organizations/{id}/subscription/override: back to the organization's own subscription. */
export function useRemoveOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      apiRequest<SubscriptionChangeResponse>(
        'DELETE',
        `/api/admin/organizations/${organizationId}/subscription/override`,
      ),
    onSuccess: () => refreshSubscriptionCaches(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverrideInput, SubscriptionChangeResponse } from '#domain/subscription.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshSubscriptionCaches } from '../subscriptions/index.ts';

/** POST /api/admin/organizations/{id}/subscription/override: a plan name and user limit set by hand. */
export function useApplyOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, input }: { organizationId: string; input: OverrideInput }) =>
      apiRequest<SubscriptionChangeResponse>(
        'POST',
        `/api/admin/organizations/${organizationId}/subscription/override`,
        input,
      ),
    onSuccess: () => refreshSubscriptionCaches(queryClient),
  });
}

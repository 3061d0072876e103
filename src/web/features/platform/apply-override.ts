import { useMutation } from '@tanstack/react-query';
import type { OverrideInput, Subscription } from '../../../domain/subscription.ts';
import { apiRequest } from '../../app/api.ts';
import { refreshSubscriptionCaches } from '../subscriptions/refresh-subscription.ts';

export interface OverrideAnswer {
  message: string;
  subscription: Subscription;
}

/** POST /api/admin/organizations/{id}/subscription/override: a plan name and user limit set by hand. */
export function useApplyOverride() {
  return useMutation({
    mutationFn: ({ organizationId, input }: { organizationId: string; input: OverrideInput }) =>
      apiRequest<OverrideAnswer>('POST', `/api/admin/organizations/${organizationId}/subscription/override`, input),
    onSuccess: () => refreshSubscriptionCaches(),
  });
}

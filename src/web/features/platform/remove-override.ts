import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../app/api.ts';
import { refreshSubscriptionCaches } from '../subscriptions/refresh-subscription.ts';
import type { OverrideAnswer } from './apply-override.ts';

/** DELETE /api/admin/organizations/{id}/subscription/override: back to the organization's own subscription. */
export function useRemoveOverride() {
  return useMutation({
    mutationFn: (organizationId: string) =>
      apiRequest<OverrideAnswer>('DELETE', `/api/admin/organizations/${organizationId}/subscription/override`),
    onSuccess: () => refreshSubscriptionCaches(),
  });
}

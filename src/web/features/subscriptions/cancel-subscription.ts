import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '#domain/subscription.ts';
import { apiRequest } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { refreshSubscriptionCaches } from './refresh-subscription.ts';

/** POST /api/organizations/{id}/subscription/cancel: cancel_at_period_end; access stays until endsAt. */
export function useCancelSubscription(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<SubscriptionChangeResponse>('POST', `/api/organizations/${organizationId}/subscription/cancel`),
    // Said here, not by the button that asked: the live update of the subscription can swap that button's panel out
    // before this answer arrives, and a caller's callbacks do not run once it has gone (no toast was shown).
    onSuccess: (answer) => {
      toast({ title: 'Subscription cancelled', description: answer.message });
      return refreshSubscriptionCaches(queryClient);
    },
    onError: (error) => showErrorToast(error, 'Failed to cancel subscription'),
  });
}

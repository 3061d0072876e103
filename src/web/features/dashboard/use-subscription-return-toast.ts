import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { refreshSubscriptionCaches } from '../subscriptions/index.ts';

/**
 * Spec section 2: the subscription return parameters show a toast once and are then removed from the
 * address (history.replaceState, so Back does not show the toast again).
 */
export function useSubscriptionReturnToast() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const state = searchParams.get('subscription');
  useEffect(() => {
    if (state === null) return;
    if (state === 'success') {
      toast({ title: 'Subscription activated', description: 'Thank you! Your subscription is now active.' });
      void refreshSubscriptionCaches(queryClient);
    } else if (state === 'cancelled') {
      toast({ title: 'Subscription cancelled', description: 'No charges have been made.', variant: 'destructive' });
    }
    const url = new URL(window.location.href);
    url.searchParams.delete('subscription');
    url.searchParams.delete('subscription_id');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [queryClient, state]);
}

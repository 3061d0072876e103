import { cn } from '#web/lib/cn.ts';
import { type SubscriptionDetails, statusTones, statusWords } from '../subscriptions/index.ts';
import { BillingOffBadge } from './billing-off.tsx';

/** The status as a pill; with billing off there is no status to speak of, only that billing is off. */
export function StatusBadge({
  subscription,
}: {
  subscription: Pick<SubscriptionDetails, 'status'> & { isBillingOff?: boolean };
}) {
  if (subscription.isBillingOff) return <BillingOffBadge />;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        statusTones[subscription.status],
      )}
    >
      {statusWords[subscription.status]}
    </span>
  );
}

import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useCancelSubscription } from '../subscriptions/index.ts';

/** Cancel at the end of the period, after a confirmation step inside the dialog. */
export function CancelSubscription({ organizationId, endsOn }: { organizationId: string; endsOn: string | null }) {
  const cancel = useCancelSubscription(organizationId);
  const [isConfirming, setIsConfirming] = useState(false);

  const onConfirm = () =>
    // The hook says how it went (toasts); here only the confirmation closes.
    cancel.mutate(undefined, { onSuccess: () => setIsConfirming(false) });

  if (!isConfirming) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">You can cancel at any time; access stays until the period ends.</p>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setIsConfirming(true)}>
          Cancel subscription
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby="cancel-confirm-heading"
      aria-describedby="cancel-confirm-text"
      className="grid gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
    >
      <h3 id="cancel-confirm-heading" className="font-semibold text-red-900">
        Cancel your subscription?
      </h3>
      <p id="cancel-confirm-text" className="text-sm text-red-900">
        {`Nothing more will be charged. Your team keeps every feature until ${endsOn ?? 'the end of the billing period'}; after that, floor plans can no longer be edited and no one new can be invited.`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" autoFocus onClick={() => setIsConfirming(false)}>
          Keep subscription
        </Button>
        <Button variant="destructive" disabled={cancel.isPending} onClick={onConfirm}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel subscription'}
        </Button>
      </div>
    </section>
  );
}

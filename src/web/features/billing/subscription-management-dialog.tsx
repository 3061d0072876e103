import { AlertTriangle, ArrowUpRight, RotateCcw, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { OrganizationView } from '#domain/organization.ts';
import { type Plan, plans } from '#domain/plans.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  approveLink,
  CheckoutError,
  goToCheckout,
  type ReactivateInput,
  type SubscriptionDetails,
  useCheckout,
  useReactivateSubscription,
  useSubscription,
} from '../subscriptions/index.ts';
import { BillingOffSummary } from './billing-off.tsx';
import { CancelSubscription } from './cancel-subscription-panel.tsx';
import { PlanChooser } from './plan-chooser.tsx';
import { keyDate, SubscriptionSummary } from './subscription-summary.tsx';

const createFailed = 'Failed to create subscription. Please try again.';
const reactivateFailed = 'Failed to reactivate subscription. Please try again later.';

const showError = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/** Which plans the admin may pick now: upgrades only while a plan is paid for, otherwise all of them. */
function planChoices(subscription: SubscriptionDetails): readonly Plan[] {
  if (subscription.status === 'active') return plans.filter((plan) => plan.maxUsers > subscription.maxUsers);
  return plans;
}

/** The plan to start from: the current one when it can be chosen, else the smallest one that fits the team. */
function initialChoice(subscription: SubscriptionDetails, choices: readonly Plan[]): Plan['id'] | null {
  if (subscription.status !== 'trial' && choices.some((plan) => plan.id === subscription.planId)) {
    return subscription.planId as Plan['id'];
  }
  const seats = subscription.seatsUsed + subscription.pendingInvitations;
  return (choices.find((plan) => plan.maxUsers >= seats) ?? choices.at(-1))?.id ?? null;
}

function Notice({ tone, children }: { tone: 'amber' | 'brand' | 'violet'; children: ReactNode }) {
  const tones = {
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
    brand: 'bg-brand-50 text-brand-900 ring-brand-100',
    violet: 'bg-violet-50 text-violet-900 ring-violet-200',
  };
  return <div className={`flex gap-3 rounded-xl p-4 text-sm ring-1 ${tones[tone]}`}>{children}</div>;
}

function ManageSubscription({
  organization,
  subscription,
}: {
  organization: OrganizationView;
  subscription: SubscriptionDetails;
}) {
  const now = new Date();
  const isAdmin = organization.role === 'admin';
  const checkout = useCheckout();
  const reactivate = useReactivateSubscription(organization.id);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const choices = planChoices(subscription);
  const [chosenId, setChosenId] = useState<Plan['id'] | null>(() => initialChoice(subscription, choices));
  const chosen = choices.find((plan) => plan.id === chosenId) ?? null;
  const date = keyDate(subscription);
  const isBusy = checkout.isPending || reactivate.isPending || isRedirecting || checkout.isSuccess;
  const isFull = subscription.seatsUsed >= subscription.maxUsers;

  const subscribe = (plan: Plan) =>
    checkout.mutate(
      { planId: plan.id, organizationId: organization.id },
      {
        onError: (error) => showError(errorMessage(error instanceof CheckoutError ? error.cause : error, createFailed)),
      },
    );

  const onReactivate = (input: ReactivateInput) =>
    reactivate.mutate(input, {
      onSuccess: (answer) => {
        if ('links' in answer) {
          const href = approveLink(answer.links);
          if (!href) return showError(reactivateFailed);
          setIsRedirecting(true);
          goToCheckout(href);
          return;
        }
        toast({ title: 'Subscription reactivated', description: answer.message });
      },
      onError: (error) => showError(errorMessage(error, reactivateFailed)),
    });

  const reactivateWith = (plan: Plan | undefined) =>
    onReactivate(plan ? { planId: plan.id, planName: plan.name, maxUsers: plan.maxUsers } : {});

  if (subscription.isOverridden) {
    return (
      <>
        <SubscriptionSummary subscription={subscription} now={now} />
        <Notice tone="violet">
          <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
          <p>The Perch team manages this subscription for {organization.name}. Contact support to change it.</p>
        </Notice>
      </>
    );
  }

  const currentPlan = plans.find((plan) => plan.id === subscription.planId);
  return (
    <>
      <SubscriptionSummary subscription={subscription} now={now} />
      {subscription.status === 'trial' && (
        <Notice tone="brand">
          <p>
            Your free trial ends{date ? ` on ${date.value}` : ' soon'}. Choose a plan to keep editing floor plans and
            inviting people after that.
          </p>
        </Notice>
      )}
      {subscription.status === 'cancel_at_period_end' && (
        <Notice tone="amber">
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          <p>
            Your subscription has been cancelled. You keep every feature until {date?.value ?? 'the end of the period'},
            and nothing more will be charged.
          </p>
        </Notice>
      )}
      {(subscription.status === 'cancelled' || subscription.status === 'none') && (
        <Notice tone="amber">
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          <p>Subscribe to edit floor plans and invite users. Your floors, desks and bookings are kept.</p>
        </Notice>
      )}
      {isFull && subscription.status !== 'cancelled' && subscription.status !== 'none' && (
        <Notice tone="amber">
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          <p>Every seat of your plan is taken. Upgrade your plan to invite more users.</p>
        </Notice>
      )}
      {!isAdmin && <p className="text-sm text-slate-600">Only admins of {organization.name} can change the plan.</p>}
      {isAdmin && subscription.status === 'cancel_at_period_end' && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button disabled={isBusy} onClick={() => reactivateWith(currentPlan)}>
            <RotateCcw className="size-4" aria-hidden="true" />
            {reactivate.isPending ? 'Reactivating…' : 'Reactivate subscription'}
          </Button>
        </div>
      )}
      {isAdmin && subscription.status !== 'cancel_at_period_end' && (
        <div className="grid gap-4 border-t border-slate-200 pt-4">
          {choices.length === 0 ? (
            <p className="text-sm text-slate-700">
              You are on our largest plan. For more than 5,000 users, contact us for a tailored solution.
            </p>
          ) : (
            <PlanChooser
              legend={
                subscription.status === 'active'
                  ? 'Upgrade your plan'
                  : subscription.status === 'cancelled'
                    ? 'Choose a plan to reactivate'
                    : 'Choose a plan'
              }
              choices={choices}
              value={chosenId}
              currentPlanId={subscription.status === 'trial' ? null : subscription.planId}
              onChange={setChosenId}
            />
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              href={`/subscription?organization=${organization.id}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              Compare all plans
              <ArrowUpRight className="size-4" aria-hidden="true" />
            </Link>
            {chosen && subscription.status === 'cancelled' && (
              <Button disabled={isBusy} onClick={() => reactivateWith(chosen)}>
                <RotateCcw className="size-4" aria-hidden="true" />
                {reactivate.isPending || isRedirecting ? 'Reactivating…' : `Reactivate with ${chosen.name}`}
              </Button>
            )}
            {chosen && subscription.status !== 'cancelled' && (
              <Button variant="paypal" disabled={isBusy} onClick={() => subscribe(chosen)}>
                {checkout.isPending || checkout.isSuccess
                  ? 'Connecting to PayPal…'
                  : `${subscription.status === 'active' ? 'Upgrade' : 'Subscribe'} to ${chosen.name} with PayPal`}
              </Button>
            )}
          </div>
        </div>
      )}
      {isAdmin && subscription.status === 'active' && (
        <CancelSubscription organizationId={organization.id} endsOn={date?.value ?? null} />
      )}
    </>
  );
}

/**
 * Spec section 2, Subscription Management: plan, status, seats, dates; cancel, reactivate and upgrade. With
 * billing off (issue 13) there is nothing to choose or pay: the sentence and the seats in use, no limit.
 */
export function SubscriptionManagementDialog({
  organization,
  onClose,
}: {
  organization: OrganizationView;
  onClose: () => void;
}) {
  const subscription = useSubscription(organization.id);
  const isBillingOff = subscription.data?.isBillingOff ?? organization.subscription.isBillingOff;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Subscription Management"
        description={
          isBillingOff
            ? `Plan and seats for ${organization.name}.`
            : `Plan, seats and billing for ${organization.name}.`
        }
        size="xl"
      >
        {subscription.isPending && (
          <div role="status" className="grid gap-3" aria-label="Loading subscription">
            <div className="h-40 animate-pulse rounded-xl bg-slate-100" />
            <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
          </div>
        )}
        {subscription.isError && (
          <RetryAlert onRetry={() => void subscription.refetch()}>
            {errorMessage(subscription.error, 'Please try again')}
          </RetryAlert>
        )}
        {subscription.data?.isBillingOff && <BillingOffSummary subscription={subscription.data} />}
        {subscription.data && !subscription.data.isBillingOff && (
          <ManageSubscription organization={organization} subscription={subscription.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

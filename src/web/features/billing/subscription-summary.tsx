import { CalendarClock, CreditCard, ShieldCheck } from 'lucide-react';
import { plans } from '#domain/plans.ts';
import { cn } from '#web/lib/cn.ts';
import {
  daysLeftText,
  daysUntil,
  formatDate,
  formatUsers,
  type SubscriptionDetails,
  statusWords,
} from '../subscriptions/index.ts';
import { PlanHeading } from './plan-heading.tsx';
import { SeatsUsed } from './seats-used.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The date that matters for this status, with its label. */
export function keyDate(subscription: SubscriptionDetails): { label: string; value: string } | null {
  const nextBilling = formatDate(subscription.nextBillingTime);
  const ends = formatDate(subscription.endsAt ?? subscription.nextBillingTime);
  switch (subscription.status) {
    case 'active':
      return nextBilling ? { label: 'Next billing date', value: nextBilling } : null;
    case 'trial':
      return ends ? { label: 'Trial ends', value: ends } : null;
    case 'cancel_at_period_end':
      return ends ? { label: 'Access until', value: ends } : null;
    case 'cancelled':
      return ends ? { label: 'Ended', value: ends } : null;
    default:
      return null;
  }
}

function SeatMeter({ used, limit }: { used: number; limit: number }) {
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const isFull = used >= limit;
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label="Seats used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${formatUsers(used)} of ${formatUsers(limit)} users`}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full', isFull ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${Math.max(share * 100, used > 0 ? 3 : 0)}%` }}
        />
      </div>
    </div>
  );
}

/** Plan, status, price, user limit, seats used and the date that matters. */
export function SubscriptionSummary({ subscription, now }: { subscription: SubscriptionDetails; now: Date }) {
  const plan = plans.find((item) => item.id === subscription.planId);
  const date = keyDate(subscription);
  const trialDays = subscription.status === 'trial' ? daysUntil(subscription.endsAt, now) : null;
  return (
    <section
      aria-labelledby="current-plan-heading"
      className="rounded-xl border border-slate-200 bg-gradient-to-br from-white to-slate-50 p-5"
    >
      <PlanHeading
        icon={CreditCard}
        iconClassName="bg-brand-50 text-brand-700"
        name={subscription.planName ?? 'No plan'}
      >
        <div className="flex flex-wrap items-center gap-2">
          {subscription.isOverridden && (
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-medium text-violet-900 ring-1 ring-violet-200">
              <ShieldCheck className="size-3" aria-hidden="true" />
              Managed by Perch
            </span>
          )}
          <StatusBadge subscription={subscription} />
        </div>
      </PlanHeading>
      {plan && !subscription.isOverridden && subscription.status !== 'trial' && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="text-2xl font-semibold text-slate-900">${plan.price}</span> {plan.currency} / month
        </p>
      )}
      {trialDays !== null && (
        <p className="mt-3 text-sm font-medium text-brand-800">
          {daysLeftText(trialDays)} in your free trial of {subscription.planName ?? 'Perch'}
        </p>
      )}
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <SeatsUsed
          pending={subscription.pendingInvitations}
          meter={<SeatMeter used={subscription.seatsUsed} limit={subscription.maxUsers} />}
        >
          {formatUsers(subscription.seatsUsed)} of {formatUsers(subscription.maxUsers)} users
        </SeatsUsed>
        <div>
          <dt className="flex items-center gap-1.5 text-slate-600">
            <CalendarClock className="size-4" aria-hidden="true" />
            {date?.label ?? 'Billing'}
          </dt>
          <dd className="mt-1 font-medium text-slate-900">{date?.value ?? 'No billing date'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">User limit</dt>
          <dd className="mt-1 font-medium text-slate-900">{formatUsers(subscription.maxUsers)} users</dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="mt-1 font-medium text-slate-900">{statusWords[subscription.status]}</dd>
        </div>
      </dl>
    </section>
  );
}

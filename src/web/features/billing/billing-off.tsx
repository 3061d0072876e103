import { ArrowLeft, BadgeCheck, Check, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { plans } from '#domain/plans.ts';
import { subscriptionMessages } from '#domain/subscription.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatUsers, type SubscriptionDetails } from '../subscriptions/index.ts';
import { PlanHeading } from './plan-heading.tsx';
import { SeatsUsed } from './seats-used.tsx';

/** Every plan's features, and what a subscription would otherwise unlock: with billing off, all of it is there. */
const includedFeatures = [
  ...new Set([...plans.flatMap((plan) => plan.features), 'Floor plan editing', 'Invitations for the whole team']),
];

const usersText = (count: number) => `${formatUsers(count)} ${count === 1 ? 'user' : 'users'}`;

/** The small green pill that says so, where a status badge would be. */
export function BillingOffBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-900 ring-1 ring-emerald-200">
      <BadgeCheck className="size-3" aria-hidden="true" />
      Billing off
    </span>
  );
}

/** The billing-off sentence as a notice, with what it means where it is shown. */
export function BillingOffSentence({ children }: { children?: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">
      <BadgeCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
      <p>
        {subscriptionMessages.billingOff}
        {children}
      </p>
    </div>
  );
}

function IncludedList({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {includedFeatures.map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
          <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Subscription Management dialog's body while the server runs with billing off: the plan it reads as,
 * the sentence, the seats in use with no limit to meet, and nothing to choose, pay, cancel or renew.
 */
export function BillingOffSummary({ subscription }: { subscription: SubscriptionDetails }) {
  return (
    <section
      aria-labelledby="current-plan-heading"
      className="grid gap-5 rounded-xl border border-slate-200 bg-gradient-to-br from-white to-slate-50 p-5"
    >
      <PlanHeading
        icon={Server}
        iconClassName="bg-emerald-50 text-emerald-700"
        name={subscription.planName ?? 'Self-hosted'}
      >
        <BillingOffBadge />
      </PlanHeading>
      <BillingOffSentence />
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <SeatsUsed pending={subscription.pendingInvitations}>{usersText(subscription.seatsUsed)}</SeatsUsed>
        <div>
          <dt className="text-slate-600">User limit</dt>
          <dd className="mt-1 font-medium text-slate-900">No seat limit</dd>
        </div>
      </dl>
      <div className="border-t border-slate-200 pt-4">
        <h4 className="text-sm font-semibold text-slate-900">Included</h4>
        <IncludedList className="mt-2 grid gap-2 sm:grid-cols-2" />
      </div>
    </section>
  );
}

/** The /subscription page's card while billing is off: no plans to pick, and the way back. */
export function BillingOffCard({ organizationName }: { organizationName: string | null }) {
  return (
    <Card className="mx-auto w-full max-w-2xl p-8 sm:p-10" role="region" aria-labelledby="billing-off-heading">
      <div className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
          <Server className="size-7" aria-hidden="true" />
        </span>
        <h1 id="billing-off-heading" className="mt-5 text-3xl font-bold tracking-tight text-slate-900">
          No subscription needed
        </h1>
        <p className="mx-auto mt-3 max-w-md text-slate-700">{subscriptionMessages.billingOff}</p>
        {organizationName && (
          <p className="mt-4 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
            <span className="font-medium text-slate-900">{organizationName}</span>
            <BillingOffBadge />
          </p>
        )}
      </div>
      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50/70 p-5">
        <h2 className="text-sm font-semibold text-slate-900">Included for everyone on this server</h2>
        <IncludedList className="mt-3 grid gap-2 sm:grid-cols-2" />
      </div>
      <div className="mt-8 flex justify-center">
        <Button asChild size="lg">
          <Link href="/">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to dashboard
          </Link>
        </Button>
      </div>
    </Card>
  );
}

import { ArrowLeft, Building2, Layers, Lock, PiggyBank, Sparkles } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { type Plan, plans } from '#domain/plans.ts';
import { Brand } from '../components/layout/brand.tsx';
import { PageShell } from '../components/layout/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { BillingOffCard } from '../features/billing/index.ts';
import { useOrganizations } from '../features/organizations/index.ts';
import { PlanCard, planNameId } from '../features/plans/index.ts';
import { CheckoutError, useCheckout, usePaymentSetup } from '../features/subscriptions/index.ts';

const reasons = [
  { icon: Sparkles, title: 'Smart Booking', text: 'Colour-coded floor plans and one-click booking for every desk.' },
  { icon: Layers, title: 'Multi-Floor Support', text: 'Unlimited floors, each with its own plan and desks.' },
  {
    icon: PiggyBank,
    title: 'Cost Effective',
    text: 'Flat monthly pricing with no hidden costs, and fewer empty desks.',
  },
];

/** Spec section 8: on this screen a checkout failure is only logged, with the sentence of the failing step. */
function logCheckoutFailure(error: unknown) {
  if (error instanceof CheckoutError) console.error(error.message, error.cause ?? '');
  else console.error('Subscription creation failed', error);
}

function PageHeader() {
  return (
    <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4">
      <Brand />
      <Link
        href="/"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to dashboard
      </Link>
    </header>
  );
}

/**
 * Spec section 2, /subscription: four plans, one selection, then the 'Complete Your Subscription' panel. With
 * billing off (issue 13) no plans at all: a card that says so and the way back.
 */
export function SubscriptionPage() {
  const [searchParams] = useSearchParams();
  const organizations = useOrganizations();
  // The organization the dashboard sent us from, else the first in the list.
  const wanted = searchParams.get('organization');
  const organization = organizations.data?.find((item) => item.id === wanted) ?? organizations.data?.[0];
  // Billing off is the server's setting, so any organization tells; with none, the payment setup does.
  const setup = usePaymentSetup(organizations.isSuccess && !organization);
  const isDeciding = organizations.isPending || (organizations.isSuccess && !organization && setup.isPending);
  const isBillingOff = organization ? organization.subscription.isBillingOff : setup.data?.mode === 'off';

  let body: ReactNode;
  if (isDeciding) {
    body = (
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
        <div role="status" aria-label="Loading plans" className="grid gap-6">
          <div className="mx-auto h-10 w-96 max-w-full animate-pulse rounded-lg bg-slate-100" />
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {plans.map((plan) => (
              <div key={plan.id} className="h-96 animate-pulse rounded-2xl bg-slate-100" />
            ))}
          </div>
        </div>
      </main>
    );
  } else if (isBillingOff) {
    body = (
      <main className="flex flex-1 flex-col bg-slate-50 px-4 py-12 sm:px-6 sm:py-16">
        <BillingOffCard organizationName={organization?.name ?? null} />
      </main>
    );
  } else {
    body = <PlanPicker organization={organization ?? null} />;
  }
  return (
    <PageShell>
      <PageHeader />
      {body}
    </PageShell>
  );
}

function PlanPicker({ organization }: { organization: { id: string; name: string } | null }) {
  const [selected, setSelected] = useState<Plan | null>(null);
  const checkout = useCheckout();
  const isLeaving = checkout.isPending || checkout.isSuccess;

  const pay = (plan: Plan) =>
    checkout.mutate(
      { planId: plan.id, ...(organization ? { organizationId: organization.id } : {}) },
      { onError: logCheckoutFailure },
    );

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose Your Subscription Plan</h1>
        <p className="mt-2 text-slate-600">Flat monthly pricing in USD. Cancel at any time.</p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => {
          const isSelected = selected?.id === plan.id;
          return (
            <PlanCard key={plan.id} plan={plan} isSelected={selected ? isSelected : undefined}>
              <Button
                className="w-full"
                variant={isSelected ? 'primary' : 'secondary'}
                onClick={() => setSelected(plan)}
                aria-pressed={isSelected}
                aria-describedby={planNameId(plan)}
              >
                {isSelected ? 'Selected' : 'Select Plan'}
              </Button>
            </PlanCard>
          );
        })}
      </ul>
      {selected && (
        <Card className="mx-auto mt-10 max-w-xl p-6" aria-labelledby="complete-heading" role="region">
          <h2 id="complete-heading" className="text-xl font-semibold text-slate-900">
            Complete Your Subscription
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-slate-600">Plan</dt>
            <dd className="text-right font-medium">
              {selected.name} · ${selected.price}/month
            </dd>
            <dt className="text-slate-600">Users</dt>
            <dd className="text-right font-medium">{selected.userRange}</dd>
            {organization && (
              <>
                <dt className="text-slate-600">Organization</dt>
                <dd className="flex items-center justify-end gap-1.5 text-right font-medium">
                  <Building2 className="size-4 text-slate-500" aria-hidden="true" />
                  {organization.name}
                </dd>
              </>
            )}
            <dt className="border-t border-slate-200 pt-2 font-semibold">Total</dt>
            <dd className="border-t border-slate-200 pt-2 text-right font-semibold">
              ${selected.price} {selected.currency}/month
            </dd>
          </dl>
          <Button className="mt-6 w-full" size="lg" variant="paypal" disabled={isLeaving} onClick={() => pay(selected)}>
            {isLeaving ? (
              'Connecting to PayPal…'
            ) : (
              <span>
                Pay with <span className="font-bold text-[#003087] italic">Pay</span>
                <span className="font-bold text-[#00509e] italic">Pal</span>
              </span>
            )}
          </Button>
          <p className="mt-3 flex items-start justify-center gap-1.5 text-center text-xs text-slate-600">
            <Lock className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
            <span>
              By subscribing, you agree to our Terms of Service and Privacy Policy. You can cancel your subscription at
              any time.
            </span>
          </p>
        </Card>
      )}
      <section aria-labelledby="why-heading" className="mt-16">
        <h2 id="why-heading" className="text-center text-2xl font-bold text-slate-900">
          Why Choose Perch?
        </h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <div key={title} className="text-center">
              <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}

export default SubscriptionPage;

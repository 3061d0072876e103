import { Check, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { type Plan, plans } from '../../../domain/plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { SectionHeading } from './section-heading.tsx';

const currencySymbols: Record<Plan['currency'], string> = { USD: '$' };

function PlanCard({ plan }: { plan: Plan }) {
  const isRecommended = plan.recommended === true;
  const nameId = `plan-${plan.id}-name`;
  return (
    <li
      aria-labelledby={nameId}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6',
        isRecommended
          ? 'shadow-xl ring-2 shadow-brand-600/15 ring-brand-600 lg:-my-3 lg:py-9'
          : 'shadow-sm ring-1 ring-slate-200',
      )}
    >
      {isRecommended && (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          <Sparkles className="size-3" aria-hidden="true" />
          Recommended
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <h3 id={nameId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-brand-800 ring-1 ring-brand-100">
          {plan.userRange}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-600 sm:min-h-10">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-0.5">
        <span className="text-4xl font-semibold tracking-tight text-slate-900">
          {currencySymbols[plan.currency]}
          {plan.price}
        </span>
        <span className="text-sm font-medium text-slate-600">/month</span>
      </p>
      <Button asChild variant={isRecommended ? 'primary' : 'secondary'} className="mt-6 w-full">
        <Link href="/auth" aria-describedby={nameId}>
          Get Started
        </Link>
      </Button>
      <ul className="mt-8 space-y-3 border-t border-slate-100 pt-6 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Spec section 9: the four tiers, straight from the domain's plan table. */
export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-gradient-to-b from-slate-50 to-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple, transparent pricing">
          One plan for your whole organization, sized by the number of people who book. Every tier includes every
          feature.
        </SectionHeading>
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:items-start lg:gap-5">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        <p className="mt-10 text-center text-sm font-medium text-slate-600">
          Flat monthly fees in USD. No hidden costs.
        </p>
      </div>
    </section>
  );
}

import { Link } from 'wouter';
import { plans } from '#domain/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PlanCard, planNameId } from '../plans/index.ts';
import { SectionHeading } from './section-heading.tsx';

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
            <PlanCard key={plan.id} plan={plan}>
              <Button asChild variant={plan.recommended ? 'primary' : 'secondary'} className="w-full">
                <Link href="/auth" aria-describedby={planNameId(plan)}>
                  Get Started
                </Link>
              </Button>
            </PlanCard>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm font-medium text-slate-600">
          Flat monthly fees in USD. No hidden costs.
        </p>
      </div>
    </section>
  );
}

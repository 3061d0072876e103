import { Check, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Plan } from '#domain/plans.ts';
import { cn } from '#web/lib/cn.ts';

const currencySymbols: Record<Plan['currency'], string> = { USD: '$' };

export const planNameId = (plan: Plan) => `plan-${plan.id}-name`;

/**
 * One plan of spec section 9, as a list item: name, user range, description, monthly price, features,
 * and the caller's action. Emphasised when selected, or (with nothing selected) when recommended.
 */
export function PlanCard({ plan, isSelected, children }: { plan: Plan; isSelected?: boolean; children: ReactNode }) {
  const isEmphasised = isSelected ?? plan.recommended === true;
  return (
    <li
      aria-labelledby={planNameId(plan)}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6',
        isEmphasised ? 'shadow-xl ring-2 shadow-brand-600/15 ring-brand-600' : 'shadow-sm ring-1 ring-slate-200',
      )}
    >
      {plan.recommended && (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          <Sparkles className="size-3" aria-hidden="true" />
          Recommended
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <h3 id={planNameId(plan)} className="text-lg font-semibold text-slate-900">
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
      <div className="mt-6">{children}</div>
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

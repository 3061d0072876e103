import { Check } from 'lucide-react';
import type { Plan } from '#domain/plans.ts';
import { cn } from '#web/lib/cn.ts';

/** A radio group of plans as compact rows: name, user range, price; keyboard arrows move the choice. */
export function PlanChooser({
  legend,
  choices,
  value,
  currentPlanId,
  onChange,
}: {
  legend: string;
  choices: readonly Plan[];
  value: Plan['id'] | null;
  currentPlanId: string | null;
  onChange: (planId: Plan['id']) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((plan) => {
          const isChosen = plan.id === value;
          return (
            <label
              key={plan.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                isChosen ? 'border-brand-600 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name="plan"
                value={plan.id}
                checked={isChosen}
                onChange={() => onChange(plan.id)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-5 shrink-0 items-center justify-center rounded-full border',
                  isChosen ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white',
                )}
              >
                {isChosen && <Check className="size-3" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {plan.name}
                  {plan.recommended && (
                    <span className="rounded-full bg-brand-600 px-2 py-0.5 text-[11px] font-semibold text-white">
                      Recommended
                    </span>
                  )}
                  {plan.id === currentPlanId && (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-700">
                      Current plan
                    </span>
                  )}
                </span>
                <span className="block text-sm text-slate-600">{plan.userRange}</span>
              </span>
              <span className="text-right">
                <span className="font-semibold text-slate-900">${plan.price}</span>
                <span className="block text-xs text-slate-600">per month</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { FirstRunStep, FirstRunStepId } from '#domain/first-run.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import type { Organization } from '../organizations/index.ts';
import { setFirstRunMark } from './first-run-memory.ts';
import { focusWhenShown } from './focus-when-shown.ts';
import { LazyBookingRulesDialog } from './sidebar-dialogs.tsx';
import { useFirstRun } from './use-first-run.ts';

const details: Record<FirstRunStepId, string> = {
  'upload-plan': 'An image of the office layout, for the map.',
  'place-desks': 'Put each desk where it stands.',
  'invite-team': 'Send your colleagues a link to join.',
  'set-rules': 'How far ahead, how often, check-in.',
};

function StepButton({ step, onClick, isDisabled }: { step: FirstRunStep; onClick: () => void; isDisabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      // The name says whether it is done; the line under it is its description.
      aria-label={`${step.label}, ${step.isDone ? 'done' : 'to do'}`}
      aria-describedby={`first-run-${step.id}`}
      className={cn(
        'flex w-full items-start gap-2.5 rounded-lg px-2 py-1.5 text-left text-sm transition-colors',
        'hover:bg-slate-100 disabled:cursor-not-allowed disabled:hover:bg-transparent',
      )}
    >
      <span
        className={cn(
          'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full ring-1',
          step.isDone ? 'bg-emerald-600 text-white ring-emerald-600' : 'bg-white ring-slate-400',
        )}
        aria-hidden="true"
      >
        {step.isDone && <Check className="size-3" strokeWidth={3} />}
      </span>
      <span className="min-w-0">
        <span className={cn('font-medium', step.isDone ? 'text-slate-600 line-through' : 'text-slate-900')}>
          {step.label}
        </span>
        <span
          id={`first-run-${step.id}`}
          className={cn('block text-xs', step.blocker ? 'text-amber-800' : 'text-slate-600')}
        >
          {step.blocker ?? details[step.id]}
        </span>
      </span>
    </button>
  );
}

/**
 * The admin's first steps (issue 27), at the top of the sidebar (beside the map, never over it): each step leads to
 * its place and ticks from the organization's data; gone when all are done or hidden. On a phone it folds to one
 * line above the top bar, so the map keeps the screen.
 */
export function FirstRunChecklist({
  organization,
  userId,
  isEditMode,
  onStartEditing,
  onInvite,
  onOpenSubscription,
}: {
  organization: Organization;
  userId: string;
  isEditMode: boolean;
  /** Edit Mode on and the map shown; the step then focuses the editor's button it is about. */
  onStartEditing: () => void;
  onInvite: () => void;
  onOpenSubscription: () => void;
}) {
  const checklist = useFirstRun(organization, userId);
  const [isOpenOnPhone, setIsOpenOnPhone] = useState(false);
  const [isRulesOpen, setIsRulesOpen] = useState(false);
  const rulesDialog = isRulesOpen && (
    <LazyBookingRulesDialog
      organization={organization}
      onClose={() => setIsRulesOpen(false)}
      onSaved={() => setFirstRunMark(userId, organization.id, 'rules-saved')}
    />
  );
  if (checklist === 'loading') {
    // Its place while its reads are on the way: the heading, and on a laptop the height of the steps.
    return (
      <section
        aria-labelledby="first-run-heading"
        aria-busy="true"
        className="mx-3 mb-3 rounded-xl border border-brand-200 bg-brand-50/60 p-2 md:mb-4"
      >
        <h2 id="first-run-heading" className="px-2 pt-1 text-sm leading-6 font-semibold text-slate-900">
          First steps
        </h2>
        <div className="hidden md:block md:h-[17.875rem]" />
      </section>
    );
  }
  if (!checklist) return rulesDialog || null;
  const { steps, doneCount } = checklist;
  const canSubscribe = !organization.subscription.isOverridden;

  const actionOf = (step: FirstRunStep): (() => void) | null => {
    if (step.blocker) return canSubscribe ? onOpenSubscription : null;
    switch (step.id) {
      case 'upload-plan':
        return () => {
          onStartEditing();
          focusWhenShown('button[aria-label="Upload Floor Plan"]');
        };
      case 'place-desks':
        return () => {
          onStartEditing();
          focusWhenShown('button[aria-label="Add desk"]');
        };
      case 'invite-team':
        return onInvite;
      case 'set-rules':
        return () => setIsRulesOpen(true);
    }
  };
  const isPlacingDesks = isEditMode && steps.some((step) => step.id === 'place-desks' && !step.isDone);

  return (
    <section
      aria-labelledby="first-run-heading"
      className="mx-3 mb-3 rounded-xl border border-brand-200 bg-brand-50/60 p-2 md:mb-4"
    >
      <div className="flex items-center gap-2 px-2 pt-1">
        <h2 id="first-run-heading" className="flex-1 text-sm font-semibold text-slate-900">
          First steps{' '}
          <span className="font-normal text-slate-600">
            · {doneCount} of {steps.length} done
          </span>
        </h2>
        <button
          type="button"
          className="rounded-md p-1 text-slate-700 hover:bg-white md:hidden"
          aria-expanded={isOpenOnPhone}
          aria-controls="first-run-steps"
          onClick={() => setIsOpenOnPhone((open) => !open)}
        >
          <ChevronDown
            className={cn('size-4 transition-transform', isOpenOnPhone && 'rotate-180')}
            aria-hidden="true"
          />
          <span className="sr-only">Show the steps</span>
        </button>
      </div>
      <div id="first-run-steps" className={cn('md:block', isOpenOnPhone ? 'block' : 'hidden')}>
        <ol className="mt-1 grid gap-0.5">
          {steps.map((step) => {
            const action = actionOf(step);
            return (
              <li key={step.id}>
                <StepButton step={step} onClick={() => action?.()} isDisabled={action === null} />
              </li>
            );
          })}
        </ol>
        {isPlacingDesks && (
          <p role="status" className="px-2 pt-1 text-xs font-medium text-brand-800">
            Click the plan to add a desk.
          </p>
        )}
        <button
          type="button"
          className="mt-1 ml-2 rounded-md px-1 py-0.5 text-xs font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline"
          onClick={() => {
            setFirstRunMark(userId, organization.id, 'hidden');
            toast({ title: 'Checklist hidden', description: 'Each step is also in the menu and in Edit Mode.' });
          }}
        >
          Hide checklist
        </button>
      </div>
      {rulesDialog}
    </section>
  );
}

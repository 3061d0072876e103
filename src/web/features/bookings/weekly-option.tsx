import type { WeeklyBookingPlan } from '#domain/weekly-booking.ts';
import { cn } from '#web/lib/cn.ts';

/**
 * Book Desk's weekly option, as planWeeklyBooking judged it: still checking, the desk is free on every day, another
 * desk is offered, or a rule or the taken days leave nothing to book. Its sentences are the only ones said about the
 * week (the slots judge the date alone).
 */
export function WeeklyResult({
  plan,
  onChooseDesk,
}: {
  plan: WeeklyBookingPlan;
  onChooseDesk: (deskId: string) => void;
}) {
  const lines = plan.lines.map((line, index) => (
    <p key={line} className={cn(index === 0 && plan.kind === 'refused' && 'font-medium')}>
      {line}
    </p>
  ));
  if (plan.kind === 'checking' || plan.kind === 'no-weekdays') {
    return (
      <div role="status" className="text-sm text-slate-600">
        {lines}
      </div>
    );
  }
  if (plan.kind === 'free') {
    return (
      <div role="status" className="grid gap-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        {lines}
      </div>
    );
  }
  if (plan.kind === 'refused' || plan.kind === 'none') {
    return (
      <div role="alert" className="grid gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {lines}
      </div>
    );
  }
  return (
    <div className="grid gap-1.5 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <div role="status" className="grid gap-1">
        {lines}
      </div>
      <label htmlFor="weekly-alternative" className="sr-only">
        Alternative desk
      </label>
      <select
        id="weekly-alternative"
        value={plan.deskId ?? ''}
        onChange={(event) => onChooseDesk(event.target.value)}
        className="h-9 rounded-lg border border-amber-300 bg-white px-2 text-slate-900"
      >
        {plan.alternatives.map((alternative) => (
          <option key={alternative.id} value={alternative.id}>
            {alternative.name} ({alternative.floor.name})
          </option>
        ))}
      </select>
    </div>
  );
}

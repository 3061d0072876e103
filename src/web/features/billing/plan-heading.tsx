import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** "Current plan" and its name beside an icon, with the plan's badges on the right: the top of every plan summary. */
export function PlanHeading({
  icon: Icon,
  iconClassName,
  name,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex items-center gap-3">
        <span className={cn('flex size-10 items-center justify-center rounded-lg', iconClassName)}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Current plan</p>
          <h3 id="current-plan-heading" className="text-lg font-semibold text-slate-900">
            {name}
          </h3>
        </div>
      </div>
      {children}
    </div>
  );
}

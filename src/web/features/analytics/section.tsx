import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';

/** One block of the screen: a card with its heading, a line on what it shows, and anything beside the heading. */
export function Section({
  title,
  description,
  aside,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={cn('min-w-0 p-4 sm:p-5', className)}>
      <section aria-labelledby={id} className="flex h-full flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A chart's table behind a "Show table" disclosure: long tables (a row per day) stay out of the way until wanted. */
export function TableDisclosure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        Show table<span className="sr-only"> of {label}</span>
      </summary>
      <div className="border-t border-slate-200 p-1">{children}</div>
    </details>
  );
}

/** A figure with its name, for a section's own headline numbers. */
export function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

import { ShieldCheck, ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A small pill naming an override: violet while one is in force, grey once removed. */
export function OverrideBadge({ isRemoved = false, children }: { isRemoved?: boolean; children: ReactNode }) {
  const Icon = isRemoved ? ShieldOff : ShieldCheck;
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        isRemoved ? 'bg-slate-100 text-slate-800' : 'bg-violet-100 text-violet-900',
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {children}
    </span>
  );
}

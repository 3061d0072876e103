import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Card } from '../ui/card.tsx';
import { Brand } from './brand.tsx';
import { PageShell } from './page-shell.tsx';

/** A small screen of its own: the product name above one centred card, the footer below. */
export function CardPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <PageShell>
      <main className="flex flex-1 flex-col items-center bg-slate-50 px-4 py-10">
        <Brand />
        <Card className={cn('mt-8 w-full max-w-md p-8', className)}>{children}</Card>
      </main>
    </PageShell>
  );
}

import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { CardPage } from './card-page.tsx';

/** The way back from a page of its own (the desk QR sheet, Analytics) to the dashboard. */
export function BackToMap({ variant = 'secondary' }: { variant?: 'secondary' | 'primary' }) {
  return (
    <Button asChild variant={variant}>
      <Link href="/">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the map
      </Link>
    </Button>
  );
}

/** The red shield above a refusal or a failure: a page that cannot be shown, a screen one may not see. */
export function RefusedMark() {
  return (
    <span className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
      <ShieldAlert className="size-6" aria-hidden="true" />
    </span>
  );
}

/** Why a page of its own cannot be shown (refused, or failed to load), with Try again when it can be retried. */
export function ProblemPage({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <CardPage>
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <RefusedMark />
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{text}</p>
        <div className="mt-2 flex gap-2">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          )}
          <BackToMap variant="primary" />
        </div>
      </div>
    </CardPage>
  );
}

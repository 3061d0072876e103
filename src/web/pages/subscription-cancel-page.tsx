import { XCircle } from 'lucide-react';
import { Link } from 'wouter';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';

/** Spec section 2: its two links lead to paths outside the route table, so to the not-found screen. */
export function SubscriptionCancelPage() {
  return (
    <CardPage className="text-center">
      <XCircle className="mx-auto size-14 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Subscription Cancelled</h1>
      <p className="mt-2 text-slate-700">Your subscription process was cancelled. No charges have been made.</p>
      <p className="mt-2 text-sm text-slate-600">
        You can try again whenever you are ready, or contact our support team if something went wrong.
      </p>
      <div className="mt-6 grid gap-3">
        <Button asChild>
          <Link href="/admin/subscription">Try Again</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href="/admin">Return to Administration</Link>
        </Button>
        <a href="mailto:support@perch.example" className="text-sm font-medium text-brand-700 hover:underline">
          Contact support
        </a>
      </div>
    </CardPage>
  );
}

export default SubscriptionCancelPage;

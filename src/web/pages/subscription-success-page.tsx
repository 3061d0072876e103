import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';

/** The dashboard shows its success toast for these parameters, then strips them. */
function dashboardHref(subscriptionId: string | null): string {
  const params = new URLSearchParams({ subscription: 'success' });
  if (subscriptionId) params.set('subscription_id', subscriptionId);
  return `/?${params.toString()}`;
}

export function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams();
  return (
    <CardPage className="text-center">
      <CheckCircle2 className="mx-auto size-14 text-emerald-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Subscription Activated!</h1>
      <p className="mt-2 text-slate-700">
        Thank you for subscribing to Perch. Your team can start booking desks right away.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        A confirmation email from PayPal should arrive in your inbox shortly.
      </p>
      <div className="mt-6 grid gap-3">
        <Button asChild>
          <Link href={dashboardHref(searchParams.get('subscription_id'))}>Go to Dashboard</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href="/subscription">View Plans</Link>
        </Button>
      </div>
    </CardPage>
  );
}

export default SubscriptionSuccessPage;

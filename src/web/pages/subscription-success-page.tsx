import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { PageShell } from '../components/layout/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';

/** The dashboard shows its success toast for these parameters, then strips them. */
function dashboardHref(subscriptionId: string | null): string {
  const params = new URLSearchParams({ subscription: 'success' });
  if (subscriptionId) params.set('subscription_id', subscriptionId);
  return `/?${params.toString()}`;
}

export function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams();
  return (
    <PageShell>
      <main className="flex flex-1 items-center justify-center bg-slate-50 px-4 py-16">
        <Card className="w-full max-w-md p-8 text-center">
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
        </Card>
      </main>
    </PageShell>
  );
}

export default SubscriptionSuccessPage;

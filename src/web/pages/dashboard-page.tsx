import { ImageOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { todayIn } from '../../domain/dates.ts';
import { ApiError } from '../app/api.ts';
import { PageLoading } from '../app/router.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { Sidebar } from '../features/dashboard/sidebar.tsx';
import { TodayStatistics } from '../features/dashboard/statistics.tsx';
import { TopBar } from '../features/dashboard/top-bar.tsx';
import { useOrganizations } from '../features/organizations/api.ts';

/** Spec section 2: the subscription return parameters show a toast once and are then removed. */
function useSubscriptionReturnToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get('subscription');
  useEffect(() => {
    if (state === 'success') {
      toast({ title: 'Subscription activated', description: 'Thank you! Your subscription is now active.' });
    } else if (state === 'cancelled') {
      toast({ title: 'Subscription cancelled', description: 'No charges have been made.', variant: 'destructive' });
    }
    if (state) {
      setSearchParams(
        (params) => {
          params.delete('subscription');
          params.delete('subscription_id');
          return params;
        },
        { replace: true },
      );
    }
  }, [state, setSearchParams]);
}

export function DashboardPage() {
  const { user } = useCurrentUser();
  const organizations = useOrganizations();
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const organization = useMemo(
    () => organizations.data?.find((item) => item.id === organizationId) ?? organizations.data?.[0],
    [organizations.data, organizationId],
  );
  const [date, setDate] = useState<string | null>(null);
  useSubscriptionReturnToast();

  useEffect(() => {
    if (organizations.error instanceof ApiError && organizations.error.status === 401) {
      toast({ title: 'Error', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      const timer = setTimeout(() => window.location.assign('/api/login'), 500);
      return () => clearTimeout(timer);
    }
  }, [organizations.error]);

  if (organizations.isPending || !user) return <PageLoading label="Loading your workspace…" />;
  if (organizations.isError) {
    return <PageLoading label="Could not load your organizations. Please try again." />;
  }
  if (!organization) return <Redirect to="/setup" />;
  const selectedDate = date ?? todayIn(organization.timeZone);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <Sidebar
        organizations={organizations.data}
        organization={organization}
        onOrganizationChange={(id) => setOrganizationId(id)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} date={selectedDate} onDateChange={setDate} />
        <main className="flex flex-1 flex-col gap-4 p-4 sm:p-6">
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{organization.name}</h1>
            <p className="text-sm text-slate-600">Floor plan</p>
          </div>
          <TodayStatistics deskCount={0} />
          <section
            aria-label="Floor plan"
            className="flex min-h-[420px] flex-1 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white"
          >
            <div className="text-center">
              <ImageOff className="mx-auto size-10 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-medium text-slate-700">No floor plan uploaded</p>
            </div>
          </section>
        </main>
        <Footer />
      </div>
    </div>
  );
}

export default DashboardPage;

import { ShieldAlert } from 'lucide-react';
import { useParams } from 'wouter';
import { errorMessage } from '#web/app/api.ts';
import { PageLoading } from '#web/app/router.tsx';
import { CardPage } from '#web/components/layout/card-page.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { NotFoundPage } from '#web/pages/not-found-page.tsx';
import { useOrganizations } from '../organizations/index.ts';
import { useCurrentUser } from '../session/index.ts';
import { AnalyticsScreen, BackToMap } from './analytics-screen.tsx';

function Problem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <CardPage>
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </span>
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

/**
 * /organizations/:organizationId/analytics: the organization is found among the signed-in person's own, so another
 * tenant's id is simply not found, and a member is told the screen is for admins (the server refuses them too).
 */
export default function AnalyticsPage() {
  const { organizationId = '' } = useParams<{ organizationId: string }>();
  const organizations = useOrganizations();
  const { user } = useCurrentUser();
  if (organizations.isPending || !user) return <PageLoading label="Loading analytics…" />;
  if (organizations.isError) {
    return (
      <Problem
        title="Analytics could not be loaded"
        text={errorMessage(organizations.error, 'Please try again.')}
        onRetry={() => void organizations.refetch()}
      />
    );
  }
  const organization = organizations.data.find((item) => item.id === organizationId);
  if (!organization) return <NotFoundPage />;
  if (organization.role !== 'admin') {
    return (
      <Problem title="Admin Access Required" text={`Only administrators of ${organization.name} can see analytics.`} />
    );
  }
  return <AnalyticsScreen key={organization.id} organization={organization} user={user} />;
}

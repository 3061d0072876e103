import { useParams } from 'wouter';
import { errorMessage } from '#web/app/api.ts';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { ProblemPage } from '#web/components/layout/problem-page.tsx';
import { NotFoundPage } from '#web/pages/not-found-page.tsx';
import { useOrganizations } from '../organizations/index.ts';
import { useCurrentUser } from '../session/index.ts';
import { AnalyticsScreen } from './analytics-screen.tsx';

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
      <ProblemPage
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
      <ProblemPage
        title="Admin Access Required"
        text={`Only administrators of ${organization.name} can see analytics.`}
      />
    );
  }
  return <AnalyticsScreen key={organization.id} organization={organization} user={user} />;
}

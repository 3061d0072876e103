import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '../components/layout/page-loading.tsx';
import { useCurrentUser } from '../features/session/index.ts';
import { LandingPage } from '../pages/landing-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { BackAfterSignIn, SignInFirst } from './sign-in-first.tsx';

const AuthPage = lazy(() => import('../pages/auth-page.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx'));
// Issue 27: the link mailed to a new e-mail address; works signed in or out.
const ConfirmEmailPage = lazy(() => import('../pages/confirm-email-page.tsx'));
const SetupPage = lazy(() => import('../pages/setup-page.tsx'));
/** The dashboard's code; main.tsx starts it at once for a signed-in visitor's page, while who they are is read. */
export const loadDashboardPage = () => import('../pages/dashboard-page.tsx');
const DashboardPage = lazy(loadDashboardPage);
const SignupPage = lazy(() => import('../pages/signup-page.tsx'));
const TermsPage = lazy(() => import('../pages/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../pages/privacy-page.tsx'));
const SubscriptionPage = lazy(() => import('../pages/subscription-page.tsx'));
const SubscriptionSuccessPage = lazy(() => import('../pages/subscription-success-page.tsx'));
const SubscriptionCancelPage = lazy(() => import('../pages/subscription-cancel-page.tsx'));
const DeskHerePage = lazy(() => import('../pages/desk-here-page.tsx'));
// Issue 16: the floor's printable desk QR codes; its own chunk carries the QR library.
const DeskCodesPage = lazy(() => import('../features/desk-codes/desk-codes-page.tsx'));
// Issue 17: an organization's Analytics; its own chunk carries the charting library.
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page.tsx'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/**
 * The route table of spec section 2. The set switches between signed-out and signed-in;
 * while the user is being loaded a neutral loading screen stands in, so a signed-in
 * visitor never sees the landing page or a 404 flash before their own view.
 */
export function AppRoutes() {
  const { isAuthenticated, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  return (
    <Lazy>
      <Switch>
        <Route path="/signup" component={SignupPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/confirm-email" component={ConfirmEmailPage} />
        <Route path="/terms-and-conditions" component={TermsPage} />
        <Route path="/privacy-policy" component={PrivacyPage} />
        {isAuthenticated ? (
          <>
            <Route path="/" component={DashboardPage} />
            <Route path="/setup" component={SetupPage} />
            <Route path="/subscription" component={SubscriptionPage} />
            <Route path="/subscription/success" component={SubscriptionSuccessPage} />
            <Route path="/subscription/cancel" component={SubscriptionCancelPage} />
            <Route path="/desk/:deskId" component={DeskHerePage} />
            <Route path="/auth" component={BackAfterSignIn} />
            <Route path="/floors/:floorId/desk-codes" component={DeskCodesPage} />
            <Route path="/organizations/:organizationId/analytics" component={AnalyticsPage} />
          </>
        ) : (
          <>
            <Route path="/" component={LandingPage} />
            <Route path="/auth" component={AuthPage} />
            <Route path="/desk/:deskId" component={SignInFirst} />
            <Route path="/setup" component={SetupPage} />
          </>
        )}
        <Route component={NotFoundPage} />
      </Switch>
    </Lazy>
  );
}

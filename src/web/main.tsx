import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './app/query-client.ts';
import { AppRoutes, loadDashboardPage } from './app/router.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { organizationsQuery } from './features/organizations/index.ts';
import { currentUserQuery } from './features/session/index.ts';

// A signed-in visitor's dashboard (the server marks the page, static.ts) reads who they are and their organizations,
// and runs the dashboard's code, all at once: before, each waited for the one before it (issue 34).
if (location.pathname === '/' && document.querySelector('meta[name="perch-signed-in"]')) {
  void queryClient.prefetchQuery(currentUserQuery());
  void queryClient.prefetchQuery(organizationsQuery());
  void loadDashboardPage().catch(() => {});
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);

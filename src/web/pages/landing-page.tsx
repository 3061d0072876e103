import { PageShell } from '../components/layout/page-shell.tsx';

export function LandingPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">LandingPage</h1>
      </main>
    </PageShell>
  );
}

export default LandingPage;

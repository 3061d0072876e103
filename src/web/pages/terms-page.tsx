import { PageShell } from '../components/layout/page-shell.tsx';

export function TermsPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">TermsPage</h1>
      </main>
    </PageShell>
  );
}

export default TermsPage;

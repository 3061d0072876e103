import { PageShell } from '../components/layout/page-shell.tsx';

export function PrivacyPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">PrivacyPage</h1>
      </main>
    </PageShell>
  );
}

export default PrivacyPage;

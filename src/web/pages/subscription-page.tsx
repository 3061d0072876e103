import { PageShell } from '../components/layout/page-shell.tsx';

export function SubscriptionPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">SubscriptionPage</h1>
      </main>
    </PageShell>
  );
}

export default SubscriptionPage;

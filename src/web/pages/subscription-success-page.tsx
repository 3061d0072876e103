import { PageShell } from '../components/layout/page-shell.tsx';

export function SubscriptionSuccessPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">SubscriptionSuccessPage</h1>
      </main>
    </PageShell>
  );
}

export default SubscriptionSuccessPage;

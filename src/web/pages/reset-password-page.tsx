import { PageShell } from '../components/layout/page-shell.tsx';

export function ResetPasswordPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">ResetPasswordPage</h1>
      </main>
    </PageShell>
  );
}

export default ResetPasswordPage;

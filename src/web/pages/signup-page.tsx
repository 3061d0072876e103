import { PageShell } from '../components/layout/page-shell.tsx';

export function SignupPage() {
  return (
    <PageShell>
      <main className="p-8">
        <h1 className="text-2xl font-bold">SignupPage</h1>
      </main>
    </PageShell>
  );
}

export default SignupPage;

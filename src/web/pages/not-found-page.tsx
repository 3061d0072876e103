import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '../components/layout/page-shell.tsx';

export function NotFoundPage() {
  return (
    <PageShell>
      <main className="flex flex-1 items-center justify-center bg-slate-50 px-4 py-16">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <div className="flex items-center gap-3">
            <AlertCircle className="size-8 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <Link href="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
            Go to the home page
          </Link>
        </div>
      </main>
    </PageShell>
  );
}

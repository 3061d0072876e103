import { RefusedMark } from '#web/components/layout/problem-page.tsx';

export type AccessProblem = 'not-platform' | 'not-admin';

/**
 * Spec section 2, Platform screens: outside the platform organization 'Access Denied'; inside it without
 * the admin role (or when the server refuses) 'Admin Access Required'.
 */
export function AccessState({ problem, detail }: { problem: AccessProblem; detail?: string | undefined }) {
  const title = problem === 'not-platform' ? 'Access Denied' : 'Admin Access Required';
  const text =
    problem === 'not-platform'
      ? 'This page is only available to platform administrators.'
      : (detail ?? 'Only admins of the platform organization can see every organization and override subscriptions.');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-6 py-10 text-center">
      <RefusedMark />
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="max-w-sm text-sm text-slate-600">{text}</p>
    </div>
  );
}

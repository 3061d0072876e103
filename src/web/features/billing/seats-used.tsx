import { Users } from 'lucide-react';
import type { ReactNode } from 'react';

/** "Seats used" of a plan summary: the count given, the invitations still pending, then the meter if there is one. */
export function SeatsUsed({ pending, meter, children }: { pending: number; meter?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-slate-600">
        <Users className="size-4" aria-hidden="true" />
        Seats used
      </dt>
      <dd className="mt-1 font-medium text-slate-900">
        {children}
        {pending > 0 && (
          <span className="font-normal text-slate-600">
            {' '}
            · {pending} invitation{pending === 1 ? '' : 's'} pending
          </span>
        )}
        {meter}
      </dd>
    </div>
  );
}

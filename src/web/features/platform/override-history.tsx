import type { AuditEventView } from '#domain/audit.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { useLoadMoreFocus } from '#web/lib/use-load-more-focus.ts';
import { actorName } from '../audit/index.ts';
import { useOverrideHistory } from './list-override-history.ts';
import { OverrideBadge } from './override-badge.tsx';
import { describePlan, type OverrideChange, readOverrideChange } from './override-event.ts';
import { type PlatformColumn, PlatformTable } from './platform-table.tsx';

// The reader's own locale and zone, as in the audit log.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ChangeCell({ change }: { change: OverrideChange }) {
  if (change.kind === 'applied') {
    return (
      <div className="grid gap-1">
        <OverrideBadge>Override applied</OverrideBadge>
        <span className="text-slate-900">{describePlan(change.plan, change.maxUsers)}</span>
        {change.previous && (
          <span className="text-xs text-slate-600">
            Was {describePlan(change.previous.plan, change.previous.maxUsers)}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <OverrideBadge isRemoved>Override removed</OverrideBadge>
      {change.previous && (
        <span className="text-slate-900">Was {describePlan(change.previous.plan, change.previous.maxUsers)}</span>
      )}
    </div>
  );
}

function HistoryRow({ event, rowRef }: { event: AuditEventView; rowRef: (node: HTMLTableRowElement | null) => void }) {
  const change = readOverrideChange(event);
  if (!change) return null;
  return (
    <tr ref={rowRef} tabIndex={-1} className="align-top outline-none focus-visible:bg-brand-50">
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
        <time dateTime={event.createdAt}>{dateTime.format(new Date(event.createdAt))}</time>
      </td>
      <th scope="row" className="px-4 py-3 font-medium text-slate-900">
        {event.organization?.name ?? 'A deleted organization'}
      </th>
      <td className="px-4 py-3">
        <ChangeCell change={change} />
      </td>
      <td className="px-4 py-3 text-slate-700">
        {change.reason ?? <span className="text-slate-500">{change.kind === 'applied' ? 'None given' : '—'}</span>}
      </td>
      <td className="px-4 py-3 text-slate-700">
        <span className="block">{actorName(event)}</span>
        {event.actor?.name && <span className="block text-xs break-all text-slate-600">{event.actor.email}</span>}
      </td>
    </tr>
  );
}

const historyColumns: PlatformColumn[] = [
  { label: 'When' },
  { label: 'Organization' },
  { label: 'Change' },
  { label: 'Reason' },
  { label: 'By' },
];

/**
 * Platform admins: every subscription override applied or removed, newest first. "Load more" appends the next
 * page and moves focus to its first row, as the audit log does.
 */
export function OverrideHistory() {
  const history = useOverrideHistory(true);
  const events = (history.data?.pages.flatMap((page) => page.events) ?? []).filter(
    (event) => readOverrideChange(event) !== null,
  );
  const { loadMore, itemRef } = useLoadMoreFocus<HTMLTableRowElement>(events.length, history.fetchNextPage);

  return (
    <div className="grid gap-3">
      {history.isPending && (
        <div
          role="status"
          aria-label="Loading the override history"
          className="h-32 animate-pulse rounded-xl bg-slate-100"
        />
      )}
      {history.isError && !history.isFetchNextPageError && (
        <RetryAlert onRetry={() => void history.refetch()}>
          {errorMessage(history.error, 'Please try again')}
        </RetryAlert>
      )}
      {history.isSuccess && events.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No subscription has been overridden yet.
        </p>
      )}
      {events.length > 0 && (
        <PlatformTable caption="Override history, newest first" columns={historyColumns}>
          {events.map((event, index) => (
            <HistoryRow key={event.id} event={event} rowRef={itemRef(index)} />
          ))}
        </PlatformTable>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {history.isSuccess ? `Showing ${events.length} ${events.length === 1 ? 'change' : 'changes'}.` : ''}
      </p>
      {history.isFetchNextPageError && (
        <p role="alert" className="text-sm text-slate-800">
          {errorMessage(history.error, 'The next changes could not be loaded. Please try again.')}
        </p>
      )}
      {history.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" onClick={loadMore} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

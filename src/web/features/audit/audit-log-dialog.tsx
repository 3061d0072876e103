import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { AuditEventView } from '#domain/audit.ts';
import { describeAuditEvent } from '#domain/audit-description.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useLoadMoreFocus } from '#web/lib/use-load-more-focus.ts';
import { membersQuery } from '../team/index.ts';
import {
  type AuditFilterState,
  auditDateProblem,
  auditFilterOf,
  hasAuditFilters,
  noAuditFilters,
} from './audit-filter-state.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { auditLogCsvUrl } from './export-audit-log.ts';
import { useAuditLog } from './list-audit-log.ts';

// The reader's own zone, written the way the rest of Perch writes dates ("21 Nov 2026, 10:07").
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function AuditEventItem({ event, itemRef }: { event: AuditEventView; itemRef?: (node: HTMLLIElement | null) => void }) {
  return (
    <li ref={itemRef} tabIndex={-1} className="grid gap-0.5 py-3 outline-none focus-visible:bg-brand-50">
      <p className="text-sm break-words text-slate-900">{describeAuditEvent(event)}</p>
      <p className="text-xs break-words text-slate-600">
        <time dateTime={event.createdAt}>{dateTime.format(new Date(event.createdAt))}</time>
        {event.actor?.name && <> · {event.actor.email}</>}
      </p>
    </li>
  );
}

/**
 * Admins: who did what and when in the organization, newest first, filtered by kind, person and dates (the
 * organization's days), and exported with the same filters. "Load more" appends the next page and moves focus to its
 * first event, so keyboard and screen-reader users continue where the new events start.
 */
export function AuditLogDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const [filters, setFilters] = useState<AuditFilterState>(noAuditFilters);
  const dateProblem = auditDateProblem(filters);
  const filter = auditFilterOf(filters);
  const isFiltered = hasAuditFilters(filters);
  const log = useAuditLog(organization.id, filter, !dateProblem);
  const members = useQuery(membersQuery(organization.id));
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  const { loadMore, itemRef } = useLoadMoreFocus<HTMLLIElement>(events.length, log.fetchNextPage);
  const changeFilters = (change: Partial<AuditFilterState>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Audit Log"
        description={`Administrator actions in ${organization.name}, newest first.`}
        size="xl"
      >
        <AuditLogFilters
          value={filters}
          members={members.data ?? []}
          dateProblem={dateProblem}
          onChange={changeFilters}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">From and To are days in the {organization.timeZone} time zone.</p>
          {dateProblem ? (
            <Button size="sm" variant="secondary" disabled>
              <Download className="size-4" aria-hidden="true" /> Export CSV
            </Button>
          ) : (
            <Button asChild size="sm" variant="secondary">
              <a href={auditLogCsvUrl(organization.id, filter)} download>
                <Download className="size-4" aria-hidden="true" /> Export CSV
              </a>
            </Button>
          )}
        </div>
        {log.isPending && !dateProblem && <p role="status">Loading the audit log…</p>}
        {log.isError && <p role="alert">{errorMessage(log.error, 'Please try again')}</p>}
        {log.isSuccess && events.length === 0 && !isFiltered && (
          <p className="text-sm text-slate-600">No administrator actions have been recorded yet.</p>
        )}
        {log.isSuccess && events.length === 0 && isFiltered && (
          <div className="grid justify-items-start gap-2 rounded-xl border border-dashed border-slate-300 p-4">
            <p className="text-sm text-slate-700">No administrator actions match these filters.</p>
            <Button size="sm" variant="secondary" onClick={() => setFilters(noAuditFilters)}>
              Show every action
            </Button>
          </div>
        )}
        {events.length > 0 && (
          <ol aria-label="Audit events" className="divide-y divide-slate-100">
            {events.map((event, index) => (
              <AuditEventItem key={event.id} event={event} itemRef={itemRef(index)} />
            ))}
          </ol>
        )}
        <p className="sr-only" role="status" aria-live="polite">
          {log.isSuccess ? `Showing ${events.length} ${events.length === 1 ? 'event' : 'events'}.` : ''}
        </p>
        {log.isFetchNextPageError && (
          <p role="alert">{errorMessage(log.error, 'The next events could not be loaded. Please try again.')}</p>
        )}
        {log.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" size="sm" onClick={loadMore} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { displayName } from '#domain/account.ts';
import { addDays } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { siteToday } from '#domain/sites.ts';
import {
  pageCount,
  pageRangeSummary,
  type TeamBookingsQuery,
  type TeamBookingView,
  teamBookingsQuerySchema,
} from '#domain/team-bookings.ts';
import { errorMessage } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useFloors } from '#web/features/floors/index.ts';
import { useCurrentSite, useSiteLookup, viewerTimeZone } from '../sites/index.ts';
import { useCancelBooking } from './cancel-booking.ts';
import { useCancelAllUserBookings } from './cancel-user-bookings.ts';
import { teamBookingsCsvUrl } from './team-bookings-export.ts';
import { type TeamBookingsFilterState, TeamBookingsFilters, useDebouncedValue } from './team-bookings-filters.tsx';
import { useTeamBookings } from './team-bookings-list.ts';
import { TeamBookingsRows } from './team-bookings-rows.tsx';

const searchDelayMs = 300;

/** Spec section 2: Team Bookings opens on 30 days back to 60 ahead; every other filter starts open. */
function initialFilters(today: string): TeamBookingsFilterState {
  return {
    search: '',
    floorId: '',
    from: addDays(today, -30),
    to: addDays(today, 60),
    status: 'active',
    permanent: 'both',
    sort: 'date-asc',
  };
}

function queryOf(filters: TeamBookingsFilterState, q: string, page: number): TeamBookingsQuery {
  return teamBookingsQuerySchema.parse({
    q: q.trim() || undefined,
    floorId: filters.floorId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: filters.status,
    permanent: filters.permanent,
    sort: filters.sort,
    page,
  });
}

/**
 * Spec section 2, Team Bookings, at the scale of issue 15: every booking of the organization, searched, filtered,
 * sorted and paged by the server, exported as CSV with the same filters; cancel one booking or all of a person's.
 */
export function TeamBookingsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  // The range opens around the dashboard's site's today; each row's badges and times are its own site's (issue 28).
  const today = siteToday(useCurrentSite(organization).clock);
  const siteOf = useSiteLookup(organization);
  const [filters, setFilters] = useState(() => initialFilters(today));
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(filters.search, searchDelayMs);
  const dateProblem =
    filters.from && filters.to && filters.to < filters.from
      ? 'The To date must be on or after the From date.'
      : undefined;
  const query = queryOf(filters, q, page);
  const bookings = useTeamBookings(organization.id, query, !dateProblem);
  const floors = useFloors(organization.id);
  const cancel = useCancelBooking();
  const cancelAll = useCancelAllUserBookings(organization.id);
  const [confirming, setConfirming] = useState<{ userId: string; name: string } | null>(null);

  const data = bookings.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // After cancellations the last page may have gone: show the one that is now last.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  const changeFilters = (change: Partial<TeamBookingsFilterState>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const clearFilters = () => {
    setFilters({ ...initialFilters(today), from: '', to: '' });
    setPage(1);
  };

  const onCancel = (booking: TeamBookingView) =>
    cancel.mutate(booking.id, {
      onSuccess: (answer) => toast({ title: 'Booking cancelled', description: answer.message }),
      onError: (error) => showErrorToast(error, 'Failed to cancel booking'),
    });
  const onCancelAll = (userId: string) =>
    cancelAll.mutate(userId, {
      onSuccess: (answer) => toast({ title: 'Bookings cancelled', description: answer.message }),
      onError: (error) => showErrorToast(error, 'Failed to cancel all bookings'),
    });

  const items = data?.items ?? [];
  const summary = data
    ? `${pageRangeSummary(data.page, data.pageSize, data.items.length, data.total)} bookings`
    : 'Loading team bookings…';

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Team Bookings Management"
        description={`Search, filter, sort and export every booking of ${organization.name}.`}
        size="2xl"
      >
        <TeamBookingsFilters
          value={filters}
          floors={floors.data ?? []}
          dateProblem={dateProblem}
          onChange={changeFilters}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700">
            {bookings.isError ? '' : summary}
            {bookings.isFetching && data ? <span className="font-normal text-slate-500"> · Updating…</span> : null}
          </p>
          {dateProblem ? (
            <Button size="sm" variant="secondary" disabled>
              <Download className="size-4" aria-hidden="true" /> Export CSV
            </Button>
          ) : (
            <Button asChild size="sm" variant="secondary">
              <a href={teamBookingsCsvUrl(organization.id, query)} download>
                <Download className="size-4" aria-hidden="true" /> Export CSV
              </a>
            </Button>
          )}
        </div>
        {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
        {data && data.total === 0 && (
          <div className="grid justify-items-start gap-2 rounded-xl border border-dashed border-slate-300 p-4">
            <p className="text-sm text-slate-700">No bookings match these filters.</p>
            <Button size="sm" variant="secondary" onClick={clearFilters}>
              Show every booking
            </Button>
          </div>
        )}
        {items.length > 0 && (
          <TeamBookingsRows
            items={items}
            siteOf={siteOf}
            viewerZone={viewerTimeZone()}
            isBusy={bookings.isPlaceholderData}
            isCancelling={cancel.isPending}
            onCancel={onCancel}
            onCancelAll={(booking) => setConfirming({ userId: booking.userId, name: displayName(booking.user) })}
          />
        )}
        {data && pages > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-between gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <ChevronLeft className="size-4" aria-hidden="true" /> Previous
            </Button>
            <span className="text-sm text-slate-600">
              Page {Math.min(page, pages).toLocaleString('en')} of {pages.toLocaleString('en')}
            </span>
            <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </nav>
        )}
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title={`Cancel all of ${confirming?.name ?? ''}'s bookings?`}
          description={`Every active booking ${confirming?.name ?? ''} holds from today on is cancelled, their permanent bookings included, and they are told by e-mail. Bookings already past stay as they were.`}
          confirmLabel="Cancel all"
          cancelLabel="Keep them"
          onConfirm={() => confirming && onCancelAll(confirming.userId)}
        />
      </DialogContent>
    </Dialog>
  );
}

import { AlertDialog } from 'radix-ui';
import { type ReactNode, useId, useState } from 'react';
import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { formatLongDate } from '#domain/dates.ts';
import { describeSeries, type SeriesView } from '#domain/recurring-bookings.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, QuestionDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCancelSeries } from './booking-series.ts';

/** A series with its upcoming active bookings, as My Bookings shows it once. */
export interface SeriesGroup {
  series: SeriesView;
  upcoming: BookingView[];
}

/**
 * My Bookings' repeating bookings (issue 29): each series once, with Cancel series, Cancel from… (a date on), and its
 * upcoming dates, each cancellable on its own as any booking (`renderBooking`).
 */
export function MySeriesList({
  groups,
  today,
  renderBooking,
}: {
  groups: readonly SeriesGroup[];
  today: string;
  renderBooking: (booking: BookingView) => ReactNode;
}) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="my-series-heading" className="grid gap-2">
      <h3 id="my-series-heading" className="text-sm font-semibold text-slate-900">
        Repeating bookings
      </h3>
      <ul className="grid gap-2">
        {groups.map((group) => (
          <SeriesItem key={group.series.id} group={group} today={today} renderBooking={renderBooking} />
        ))}
      </ul>
    </section>
  );
}

function SeriesItem({
  group,
  today,
  renderBooking,
}: {
  group: SeriesGroup;
  today: string;
  renderBooking: (booking: BookingView) => ReactNode;
}) {
  const { series, upcoming } = group;
  const cancel = useCancelSeries();
  const [asking, setAsking] = useState<'all' | 'from' | null>(null);
  const firstDate = upcoming[0]?.bookingDate ?? today;
  const [from, setFrom] = useState(upcoming[1]?.bookingDate ?? firstDate);
  const fromId = useId();
  const rule = describeSeries(series);
  // The answer is awaited, not handed to mutate's own callbacks: a series cancelled whole leaves the list (and this
  // item unmounts) as soon as the bookings are read again, and mutate's callbacks never run for an unmounted item.
  const onConfirm = (fromDate: string | undefined) =>
    cancel.mutateAsync({ seriesId: series.id, from: fromDate }).then(
      (answer) =>
        toast({
          title: fromDate ? `Cancelled from ${formatLongDate(fromDate)}` : 'Series cancelled',
          description: `${answer.message}: ${series.desk.name} is free again on those dates.`,
        }),
      (error: unknown) => showErrorToast(error, 'Failed to cancel the series'),
    );
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {series.desk.name} <span className="font-normal text-slate-600">· {series.desk.floor.name}</span>
          </p>
          <p className="text-sm text-slate-600">
            {rule} · {slotLabel(series.timeSlot)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" disabled={cancel.isPending} onClick={() => setAsking('from')}>
            Cancel from…
          </Button>
          <Button size="sm" variant="secondary" disabled={cancel.isPending} onClick={() => setAsking('all')}>
            Cancel series
          </Button>
        </div>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          {upcoming.length === 1 ? '1 upcoming date' : `${upcoming.length} upcoming dates`}
        </summary>
        <ul className="divide-y divide-slate-100">{upcoming.map(renderBooking)}</ul>
      </details>
      <ConfirmDialog
        open={asking === 'all'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Cancel this series?"
        description={`${series.desk.name}, ${rule.charAt(0).toLowerCase()}${rule.slice(1)}: all ${upcoming.length} upcoming dates are cancelled and the desk becomes free for others.`}
        confirmLabel="Cancel series"
        cancelLabel="Keep series"
        onConfirm={() => onConfirm(undefined)}
      />
      <QuestionDialog
        open={asking === 'from'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Cancel from a date on?"
        description={`${series.desk.name}: the dates from the one you choose on are cancelled; the earlier ones stay booked.`}
      >
        <div className="grid w-full gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={fromId}>From</Label>
            <Input
              id={fromId}
              type="date"
              value={from}
              min={firstDate}
              max={series.untilDate}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Keep them</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={() => onConfirm(from)}>
                Cancel these dates
              </Button>
            </AlertDialog.Action>
          </div>
        </div>
      </QuestionDialog>
    </li>
  );
}

import { useMemo, useState } from 'react';
import { slotLabel, sortMyBookings } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { checkInNotice } from '#domain/check-in.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { siteToday } from '#domain/sites.ts';
import { errorMessage } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useBookingRules } from '#web/features/booking-rules/index.ts';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import { slotTimesText, useCurrentSite, useSiteLookup, viewerTimeZone } from '../sites/index.ts';
import { AssignedDeskReleases } from './assigned-desk-releases.tsx';
import { Badge, bookingStatusBadgeKind } from './booking-badge.tsx';
import { BookingRow } from './booking-row.tsx';
import { useMySeries } from './booking-series.ts';
import { useCancelBooking } from './cancel-booking.ts';
import { CancelBookingConfirm } from './cancel-booking-confirm.tsx';
import { CheckInControl } from './check-in-control.tsx';
import { useUserBookings } from './list-user-bookings.ts';
import { MySeriesList, type SeriesGroup } from './my-series-list.tsx';

/**
 * Spec section 2, My Bookings: only an active, future booking has a Cancel button, which asks before it cancels.
 * Order (sortMyBookings): permanent bookings first, as they are in force today; then upcoming ones, soonest first;
 * then the past and the cancelled, newest first. Bookings of several sites: each one's "today", times and check-in
 * are its own site's (issue 28), with the viewer's time beside the site's when their clocks differ.
 */
export function MyBookingsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const today = siteToday(useCurrentSite(organization).clock);
  const siteOf = useSiteLookup(organization);
  const viewerZone = viewerTimeZone();
  const bookings = useUserBookings(organization.id);
  const mySeries = useMySeries(organization.id);
  // A repeating booking is shown once, with its upcoming dates under it (issue 29); its past ones stay in the list.
  const { groups, sorted } = useMemo(() => {
    const all = sortMyBookings(bookings.data ?? [], today);
    const inGroups = new Set<string>();
    const found: SeriesGroup[] = (mySeries.data ?? []).map((series) => {
      const ids = new Set(
        series.bookings.filter((item) => item.status === 'active' && item.bookingDate >= today).map((item) => item.id),
      );
      for (const id of ids) inGroups.add(id);
      return { series, upcoming: all.filter((booking) => ids.has(booking.id)) };
    });
    return {
      groups: found.filter((group) => group.upcoming.length > 0),
      sorted: all.filter((booking) => !inGroups.has(booking.id)),
    };
  }, [bookings.data, mySeries.data, today]);
  const rules = useBookingRules(organization.id);
  // Each upcoming booking says when its check-in opens, where the organization requires it (issue 27).
  const now = useMinuteClock();
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState<BookingView | null>(null);
  const onCancel = (booking: BookingView) =>
    cancel.mutate(booking.id, {
      onSuccess: () =>
        toast({
          title: 'Booking cancelled',
          description: `${booking.desk.name} on ${formatLongDate(booking.bookingDate)} is free again.`,
        }),
      onError: (error) => showErrorToast(error, 'Failed to cancel booking'),
    });
  const renderBooking = (booking: BookingView) => {
    const { clock } = siteOf(booking.siteId);
    const siteDay = siteToday(clock, now);
    const isCancellable = booking.status === 'active' && (booking.isPermanent || booking.bookingDate >= siteDay);
    return (
      <BookingRow
        key={booking.id}
        booking={booking}
        times={slotTimesText(clock, booking.bookingDate, booking.timeSlot, viewerZone)}
        detail={checkInNotice(booking, rules.data, clock, now)}
        footer={
          booking.isAssigned && booking.status === 'active' ? (
            <AssignedDeskReleases booking={booking} today={siteDay} isOwner />
          ) : undefined
        }
      >
        <Badge kind={bookingStatusBadgeKind(booking, siteDay)} />
        {booking.bookingDate === siteDay && <CheckInControl booking={booking} settings={rules.data} site={clock} />}
        {isCancellable && (
          <Button
            size="sm"
            variant="secondary"
            disabled={cancel.isPending}
            onClick={() => setConfirming(booking)}
            aria-label={`Cancel ${booking.desk.name} on ${booking.bookingDate}`}
          >
            Cancel
          </Button>
        )}
      </BookingRow>
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="My Bookings" description={`Your desks at ${organization.name}.`} size="xl">
        {bookings.isPending && <p role="status">Loading your bookings…</p>}
        {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
        {bookings.data?.length === 0 && <p className="text-sm text-slate-600">You have no bookings yet.</p>}
        <MySeriesList groups={groups} today={today} renderBooking={renderBooking} />
        <ul className="divide-y divide-slate-100">{sorted.map(renderBooking)}</ul>
        <CancelBookingConfirm
          booking={confirming}
          what={(booking) =>
            `${booking.desk.name} ${booking.isPermanent ? 'permanently from' : 'on'} ${formatLongDate(booking.bookingDate)}, ${slotLabel(booking.timeSlot)}`
          }
          onClose={() => setConfirming(null)}
          onConfirm={onCancel}
        />
      </DialogContent>
    </Dialog>
  );
}

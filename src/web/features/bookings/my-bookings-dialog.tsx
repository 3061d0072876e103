import { useMemo, useState } from 'react';
import { slotLabel, sortMyBookings } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { checkInNotice } from '#domain/check-in.ts';
import { formatLongDate, todayIn } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { defaultSiteClock } from '#domain/sites.ts';
import { errorMessage } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useBookingRules } from '#web/features/booking-rules/index.ts';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import { Badge, bookingStatusBadgeKind } from './booking-badge.tsx';
import { BookingRow } from './booking-row.tsx';
import { useCancelBooking } from './cancel-booking.ts';
import { CancelBookingConfirm } from './cancel-booking-confirm.tsx';
import { CheckInControl } from './check-in-control.tsx';
import { useUserBookings } from './list-user-bookings.ts';

/**
 * Spec section 2, My Bookings: only an active, future booking has a Cancel button, which asks before it cancels.
 * Order (sortMyBookings): permanent bookings first, as they are in force today; then upcoming ones, soonest first;
 * then the past and the cancelled, newest first.
 */
export function MyBookingsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const today = todayIn(organization.timeZone);
  const bookings = useUserBookings(organization.id);
  const sorted = useMemo(() => sortMyBookings(bookings.data ?? [], today), [bookings.data, today]);
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
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="My Bookings" description={`Your desks at ${organization.name}.`} size="xl">
        {bookings.isPending && <p role="status">Loading your bookings…</p>}
        {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
        {bookings.data?.length === 0 && <p className="text-sm text-slate-600">You have no bookings yet.</p>}
        <ul className="divide-y divide-slate-100">
          {sorted.map((booking) => {
            const isCancellable = booking.status === 'active' && (booking.isPermanent || booking.bookingDate >= today);
            return (
              <BookingRow
                key={booking.id}
                booking={booking}
                detail={checkInNotice(booking, rules.data, defaultSiteClock(organization.timeZone), now)}
              >
                <Badge kind={bookingStatusBadgeKind(booking, today)} />
                {booking.bookingDate === today && (
                  <CheckInControl
                    booking={booking}
                    settings={rules.data}
                    site={defaultSiteClock(organization.timeZone)}
                  />
                )}
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
          })}
        </ul>
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

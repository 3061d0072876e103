import { todayIn } from '../../../domain/dates.ts';
import type { OrganizationView } from '../../../domain/organization.ts';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useCancelBooking, useUserBookings } from './api.ts';
import { Badge, bookingBadgeKind } from './booking-badge.tsx';
import { BookingRow } from './booking-row.tsx';

/** Spec section 2, My Bookings: only an active, future booking has a Cancel button. */
export function MyBookingsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const today = todayIn(organization.timeZone);
  const bookings = useUserBookings(organization.id);
  const cancel = useCancelBooking();
  const onCancel = (bookingId: string) =>
    cancel.mutate(bookingId, {
      onSuccess: (answer) => toast({ title: 'Booking cancelled', description: answer.message }),
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to cancel booking'), variant: 'destructive' }),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="My Bookings" description={`Your desks at ${organization.name}.`} size="xl">
        {bookings.isPending && <p role="status">Loading your bookings…</p>}
        {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
        {bookings.data?.length === 0 && <p className="text-sm text-slate-600">You have no bookings yet.</p>}
        <ul className="divide-y divide-slate-100">
          {bookings.data?.map((booking) => {
            const isCancellable = booking.status === 'active' && (booking.isPermanent || booking.bookingDate >= today);
            return (
              <BookingRow key={booking.id} booking={booking}>
                <Badge kind={booking.status === 'cancelled' ? 'Cancelled' : bookingBadgeKind(booking, today)} />
                {isCancellable && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={cancel.isPending}
                    onClick={() => onCancel(booking.id)}
                    aria-label={`Cancel ${booking.desk.name} on ${booking.bookingDate}`}
                  >
                    Cancel
                  </Button>
                )}
              </BookingRow>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

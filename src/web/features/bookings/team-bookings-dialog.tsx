import { useMemo, useState } from 'react';
import { displayName } from '#domain/account.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { Badge, bookingBadgeKind } from './booking-badge.tsx';
import { BookingRow } from './booking-row.tsx';
import { useCancelBooking } from './cancel-booking.ts';
import { useCancelAllUserBookings } from './cancel-user-bookings.ts';
import { useOrganizationBookings } from './list-organization-bookings.ts';

/** Spec section 2, Team Bookings: 30 days back to 60 ahead; cancel one booking or all of a person's. */
export function TeamBookingsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const today = todayIn(organization.timeZone);
  const bookings = useOrganizationBookings(organization.id, addDays(today, -30), addDays(today, 60));
  const cancel = useCancelBooking();
  const cancelAll = useCancelAllUserBookings(organization.id);
  const [confirmingUserId, setConfirmingUserId] = useState<string | null>(null);
  const sorted = useMemo(
    () => [...(bookings.data ?? [])].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate)),
    [bookings.data],
  );
  const confirmingUser = sorted.find((booking) => booking.userId === confirmingUserId)?.user;

  const onCancel = (bookingId: string) =>
    cancel.mutate(bookingId, {
      onSuccess: (answer) => toast({ title: 'Booking cancelled', description: answer.message }),
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to cancel booking'), variant: 'destructive' }),
    });
  const onCancelAll = (userId: string) =>
    cancelAll.mutate(userId, {
      onSuccess: (answer) => {
        toast({ title: 'Bookings cancelled', description: answer.message });
        setConfirmingUserId(null);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to cancel all bookings'),
          variant: 'destructive',
        }),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Team Bookings Management"
        description="Every booking from 30 days ago to 60 days ahead."
        size="2xl"
      >
        {confirmingUser && confirmingUserId && (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3">
            <p className="text-sm text-amber-900">Cancel every upcoming booking of {displayName(confirmingUser)}?</p>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setConfirmingUserId(null)}>
                Keep them
              </Button>
              <Button
                size="sm"
                variant="destructive"
                disabled={cancelAll.isPending}
                onClick={() => onCancelAll(confirmingUserId)}
              >
                Cancel all
              </Button>
            </div>
          </div>
        )}
        {bookings.isPending && <p role="status">Loading team bookings…</p>}
        {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
        {sorted.length === 0 && bookings.isSuccess && (
          <p className="text-sm text-slate-600">No bookings in this period.</p>
        )}
        <ul className="divide-y divide-slate-100">
          {sorted.map((booking) => {
            const kind = bookingBadgeKind(booking, today);
            return (
              <BookingRow key={booking.id} booking={booking} showPerson>
                <Badge kind={kind} />
                {kind !== 'Past' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={cancel.isPending}
                    onClick={() => onCancel(booking.id)}
                    aria-label={`Cancel ${booking.desk.name} for ${displayName(booking.user)} on ${booking.bookingDate}`}
                  >
                    Cancel
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setConfirmingUserId(booking.userId)}
                  aria-label={`Cancel all bookings of ${displayName(booking.user)}`}
                >
                  Cancel all
                </Button>
              </BookingRow>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

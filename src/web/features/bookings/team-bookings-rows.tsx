import { displayName } from '#domain/account.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { TeamBookingView } from '#domain/team-bookings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Badge, bookingBadgeKind } from './booking-badge.tsx';
import { BookingRow } from './booking-row.tsx';
import { CheckedInBadge } from './check-in-control.tsx';

/**
 * One page of Team Bookings: each booking with its badges (Permanent, Past, Today, Upcoming; Cancelled), Cancel
 * while it can still be cancelled, and Cancel all for its person.
 */
export function TeamBookingsRows({
  items,
  today,
  timeZone,
  isBusy,
  isCancelling,
  onCancel,
  onCancelAll,
}: {
  items: readonly TeamBookingView[];
  today: string;
  /** The organization's, in which check-in times are shown. */
  timeZone: string;
  /** A new page or filter is loading: the rows shown are the previous answer's. */
  isBusy: boolean;
  isCancelling: boolean;
  onCancel: (booking: TeamBookingView) => void;
  onCancelAll: (booking: TeamBookingView) => void;
}) {
  return (
    <ul aria-label="Bookings" aria-busy={isBusy} className="divide-y divide-slate-100">
      {items.map((booking) => {
        const kind = bookingBadgeKind(booking, today);
        const isActive = booking.status === 'active';
        const person = displayName(booking.user);
        return (
          <BookingRow key={booking.id} booking={booking} showPerson>
            <div className="flex flex-wrap items-center gap-2">
              <Badge kind={kind} />
              {!isActive && <Badge kind={booking.endReason === 'no-show' ? 'Released' : 'Cancelled'} />}
              {booking.checkedInAt && <CheckedInBadge checkedInAt={booking.checkedInAt} timeZone={timeZone} />}
              {isActive && kind !== 'Past' && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isCancelling}
                  onClick={() => onCancel(booking)}
                  aria-label={`Cancel ${booking.desk.name} for ${person} on ${booking.bookingDate}`}
                  title={`Cancel ${booking.desk.name} for ${person} on ${formatLongDate(booking.bookingDate)}`}
                >
                  Cancel
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onCancelAll(booking)}
                aria-label={`Cancel all bookings of ${person}`}
              >
                Cancel all
              </Button>
            </div>
          </BookingRow>
        );
      })}
    </ul>
  );
}

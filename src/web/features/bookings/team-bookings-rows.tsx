import { displayName } from '#domain/account.ts';
import { formatLongDate } from '#domain/dates.ts';
import { siteToday } from '#domain/sites.ts';
import type { TeamBookingView } from '#domain/team-bookings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type SiteLookup, slotTimesText } from '../sites/index.ts';
import { Badge, bookingBadgeKind } from './booking-badge.tsx';
import { BookingRow } from './booking-row.tsx';
import { CheckedInBadge } from './check-in-control.tsx';

/**
 * One page of Team Bookings: each booking with its badges (Permanent, Past, Today, Upcoming; Cancelled), Cancel
 * while it can still be cancelled, and Cancel all for its person. Each booking's today, times and check-in time are
 * its own site's (issue 28).
 */
export function TeamBookingsRows({
  items,
  siteOf,
  viewerZone,
  isBusy,
  isCancelling,
  onCancel,
  onCancelAll,
}: {
  items: readonly TeamBookingView[];
  /** Each booking's site and clock, by its siteId. */
  siteOf: SiteLookup;
  /** The browser's zone: times are also said in it where it differs from the site's. */
  viewerZone: string | null;
  /** A new page or filter is loading: the rows shown are the previous answer's. */
  isBusy: boolean;
  isCancelling: boolean;
  onCancel: (booking: TeamBookingView) => void;
  onCancelAll: (booking: TeamBookingView) => void;
}) {
  return (
    <ul aria-label="Bookings" aria-busy={isBusy} className="divide-y divide-slate-100">
      {items.map((booking) => {
        const { clock } = siteOf(booking.siteId);
        const kind = bookingBadgeKind(booking, siteToday(clock));
        const isActive = booking.status === 'active';
        const person = displayName(booking.user);
        return (
          <BookingRow
            key={booking.id}
            booking={booking}
            showPerson
            times={slotTimesText(clock, booking.bookingDate, booking.timeSlot, viewerZone)}
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge kind={kind} />
              {!isActive && <Badge kind={booking.endReason === 'no-show' ? 'Released' : 'Cancelled'} />}
              {booking.checkedInAt && <CheckedInBadge checkedInAt={booking.checkedInAt} timeZone={clock.timeZone} />}
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

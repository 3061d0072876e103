import { CircleCheck } from 'lucide-react';
import type { BookingView, SharedBookingView } from '#domain/bookings-responses.ts';
import {
  type CheckInSettings,
  checkInWindow,
  checkInWindowState,
  localClock,
  type SiteHours,
} from '#domain/check-in.ts';
import { formatClockTime } from '#domain/clock.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import { useCheckIn } from './check-in.ts';

/** "Checked in 8:41 AM", on the clock of the booking's site. */
export function CheckedInBadge({ checkedInAt, timeZone }: { checkedInAt: string; timeZone: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
      <CircleCheck className="size-3.5" aria-hidden="true" />
      Checked in {formatClockTime(localClock(new Date(checkedInAt), timeZone).time)}
    </span>
  );
}

/**
 * Whether the Check in button belongs on a booking now: required by the organization, and its window open on the clock
 * of the booking's site (its zone and hours, issue 28).
 */
export function canCheckInNow(
  booking: Pick<BookingView, 'status' | 'isPermanent' | 'checkedInAt' | 'bookingDate' | 'timeSlot'>,
  settings: Pick<CheckInSettings, 'checkInRequired' | 'checkInGraceMinutes'> | undefined,
  site: SiteHours,
  now: Date,
): boolean {
  if (!settings?.checkInRequired || booking.status !== 'active' || booking.isPermanent || booking.checkedInAt) {
    return false;
  }
  return checkInWindowState(checkInWindow(booking, site, settings.checkInGraceMinutes), now) === 'open';
}

/**
 * A booking's check-in, wherever one's own booking is shown (My Bookings, the desk dialog): "Checked in 8:41 AM" once
 * done, else Check in while the window is open in an organization that requires it, else nothing.
 */
export function CheckInControl({
  booking,
  settings,
  site,
}: {
  booking: SharedBookingView;
  settings: Pick<CheckInSettings, 'checkInRequired' | 'checkInGraceMinutes'> | undefined;
  /** The booking's site: its window and check-in time are on that site's clock. */
  site: SiteHours;
}) {
  const now = useMinuteClock();
  const checkIn = useCheckIn();
  if (booking.checkedInAt) return <CheckedInBadge checkedInAt={booking.checkedInAt} timeZone={site.timeZone} />;
  if (!canCheckInNow(booking, settings, site, now)) return null;
  return (
    <Button
      size="sm"
      disabled={checkIn.isPending}
      onClick={() =>
        checkIn.mutate(booking.id, {
          onSuccess: () =>
            toast({ title: 'Checked in', description: `You're checked in at ${booking.desk.name}. Have a good day.` }),
          onError: (error) => showErrorToast(error, 'Check-in failed'),
        })
      }
      aria-label={`Check in to ${booking.desk.name}`}
    >
      <CircleCheck className="size-4" aria-hidden="true" />
      {checkIn.isPending ? 'Checking in…' : 'Check in'}
    </Button>
  );
}

import { useState } from 'react';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { formatDay, formatDayRange, takeBackOn } from '#domain/releases.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useTakeBackRelease } from './release-days.ts';
import { ReleaseDialog } from './release-dialog.tsx';

/**
 * An assigned desk's released days (issue 29), for its owner (My Bookings) or an admin (the desk's dialog): each range
 * with "Take back", disabled with the reason once someone has booked one of its days; and "I'm out…" to release more.
 */
export function AssignedDeskReleases({
  booking,
  today,
  isOwner,
}: {
  booking: SharedBookingView;
  /** The desk's site's today. */
  today: string;
  isOwner: boolean;
}) {
  const [isReleasing, setIsReleasing] = useState(false);
  const takeBack = useTakeBackRelease();
  const current = (booking.releases ?? []).filter((release) => takeBackOn(release, today).kind !== 'over');
  const onTakeBack = (releaseId: string, range: string) =>
    takeBack.mutate(
      { bookingId: booking.id, releaseId },
      {
        onSuccess: () =>
          toast({ title: 'Days taken back', description: `${booking.desk.name} is yours again ${range}.` }),
        onError: (error) => showErrorToast(error, 'The days could not be taken back'),
      },
    );
  return (
    <section
      aria-label={`Days away from ${booking.desk.name}`}
      className="grid w-full gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      {current.length === 0 ? (
        <p className="text-sm text-slate-600">
          {isOwner ? 'Out some days? Release them and colleagues can book your desk.' : 'No days are released.'}
        </p>
      ) : (
        <ul className="grid gap-2">
          {current.map((release) => {
            const range = formatDayRange(release.startDate, release.endDate);
            const taken = release.takenDates.filter((date) => date >= today);
            const reasonId = `release-${release.id}-taken`;
            return (
              <li key={release.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <div>
                  <p className="font-medium text-slate-900">Released {range}</p>
                  {taken.length > 0 && (
                    <p id={reasonId} className="text-xs text-slate-600">
                      Someone has booked {taken.map((date) => formatDay(date)).join(', ')}: it can’t be taken back.
                    </p>
                  )}
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={taken.length > 0 || takeBack.isPending}
                  aria-describedby={taken.length > 0 ? reasonId : undefined}
                  aria-label={`Take back ${range}`}
                  onClick={() => onTakeBack(release.id, range)}
                >
                  Take back
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button size="sm" variant="secondary" onClick={() => setIsReleasing(true)}>
          {isOwner ? 'I’m out…' : 'Release days…'}
        </Button>
      </div>
      <ReleaseDialog
        booking={booking}
        today={today}
        isOwner={isOwner}
        open={isReleasing}
        onOpenChange={setIsReleasing}
      />
    </section>
  );
}

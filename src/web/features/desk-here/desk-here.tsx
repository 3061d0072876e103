import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TimeSlot } from '#domain/bookings.ts';
import { localClock, walkInSlotLabel } from '#domain/check-in.ts';
import { type DeskHereView, deskHereMessages } from '#domain/desk-here.ts';
import { moveHereMessages } from '#domain/desk-here-move.ts';
import { zonePlaceName } from '#domain/sites.ts';
import { errorMessage } from '#web/app/api.ts';
import { BrandMark } from '#web/components/layout/brand.tsx';
import { PageShell } from '#web/components/layout/page-shell.tsx';
import { useLiveUpdates } from '#web/features/realtime/index.ts';
import { useCheckInHere, useWalkIn } from './act-here.ts';
import { useBookThisAfternoon } from './book-this-afternoon.ts';
import { useMoveHere } from './move-here.ts';
import { OfferPanel } from './offer-panel.tsx';

/** Where the person is checked in after acting on this page (here, or at the nearest desk). */
interface Done {
  deskId: string;
  deskName: string;
  /** Null after moving a booking whose slot has not begun (a full day's afternoon, moved in the morning). */
  checkedInAt: string | null;
  /** "the rest of the day", "the morning", or null when checking in to a booking. */
  walkIn: string | null;
  /** After Move my booking here: where I am now, and what the old desk freed. */
  moved: { title: string; released: string } | null;
}

/**
 * "You're checked in at D04" and the time, or after a move "You're at D04 all day today" and what the old desk freed:
 * the status that screen readers hear when it changes.
 */
function CheckedInStatus({ done, timeZone }: { done: Done | null; timeZone: string }) {
  return (
    <div role="status" aria-live="polite">
      {done && (
        <div className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
          <CircleCheck className="mt-0.5 size-7 shrink-0 text-emerald-700" aria-hidden="true" />
          <div>
            <p className="text-xl font-semibold">{done.moved?.title ?? deskHereMessages.checkedIn(done.deskName)}</p>
            {done.checkedInAt && (
              <p className="mt-0.5 text-sm">
                {deskHereMessages.checkedInSince(localClock(new Date(done.checkedInAt), timeZone).time)}
                {done.walkIn && `, booked for ${done.walkIn}`}
              </p>
            )}
            {done.moved && <p className="mt-0.5 text-sm">{done.moved.released}</p>}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * "Times are Tokyo time": said under the desk's name when this browser's clock shows another time than the desk's
 * site's (someone opening a desk's address from another office); the page's times are the site's.
 */
function SiteClockNote({ timeZone }: { timeZone: string }) {
  const now = new Date();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (localClock(now, browserZone).time === localClock(now, timeZone).time) return null;
  return (
    <p className="mt-1 text-sm text-slate-600">
      Times are {zonePlaceName(timeZone)} time, where the desk is: {localClock(now, timeZone).time} there now.
    </p>
  );
}

/**
 * The desk's own page (issue 16), phone first: the organization and floor small, the desk's name big, then the one
 * thing that fits now. Live: a booking change anywhere in the organization reads it again.
 */
export function DeskHere({ view, userId }: { view: DeskHereView; userId: string }) {
  useLiveUpdates(view.organization.id, userId);
  const checkIn = useCheckInHere();
  const walkIn = useWalkIn();
  const move = useMoveHere();
  const bookAfternoon = useBookThisAfternoon();
  const [done, setDone] = useState<Done | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { desk, offer } = view;

  const onCheckIn = (bookingId: string) => {
    setProblem(null);
    checkIn.mutate(bookingId, {
      onSuccess: ({ checkedInAt }) =>
        setDone({ deskId: desk.id, deskName: desk.name, checkedInAt, walkIn: null, moved: null }),
      onError: (error) => setProblem(errorMessage(error, 'Check-in failed. Please try again.')),
    });
  };
  const onWalkIn: Parameters<typeof OfferPanel>[0]['actions']['onWalkIn'] = (deskId, timeSlot) => {
    setProblem(null);
    walkIn.mutate(
      { deskId, timeSlot },
      {
        onSuccess: (booking) =>
          setDone({
            deskId: booking.deskId,
            deskName: booking.desk.name,
            checkedInAt: booking.checkedInAt ?? new Date().toISOString(),
            walkIn: walkInSlotLabel(booking.timeSlot),
            moved: null,
          }),
        onError: (error) => setProblem(errorMessage(error, 'Sit here failed. Please try again.')),
      },
    );
  };
  const onMove = (bookingId: string, timeSlot: TimeSlot) => {
    setProblem(null);
    move.mutate(
      { deskId: desk.id, bookingId, timeSlot },
      {
        onSuccess: ({ booking, released }) =>
          setDone({
            deskId: booking.deskId,
            deskName: booking.desk.name,
            checkedInAt: booking.checkedInAt,
            walkIn: null,
            moved: {
              title: moveHereMessages.movedHere(booking.desk.name, booking.timeSlot),
              released: `${moveHereMessages.released(released.deskName, released.keeps)}.`,
            },
          }),
        onError: (error) => setProblem(errorMessage(error, 'Moving failed. Please try again.')),
      },
    );
  };
  const onBookAfternoon = () => {
    setProblem(null);
    bookAfternoon.mutate(
      { organizationId: view.organization.id, deskId: desk.id, bookingDate: view.today },
      { onError: (error) => setProblem(errorMessage(error, 'Booking failed. Please try again.')) },
    );
  };

  // The read says it once it comes back; until then (or for the nearest desk) what was just done says it.
  const doneHere = done?.deskId === desk.id ? done : null;
  const shown: Done | null =
    offer.kind === 'checked-in'
      ? {
          deskId: desk.id,
          deskName: desk.name,
          checkedInAt: offer.checkedInAt,
          walkIn: doneHere?.walkIn ?? null,
          moved: doneHere?.moved ?? null,
        }
      : done;
  const isElsewhere = shown !== null && shown.deskId !== desk.id;

  return (
    <PageShell>
      <div className="flex flex-1 flex-col bg-slate-50">
        <header className="mx-auto flex w-full max-w-md items-center justify-between px-5 pt-5">
          <Link href="/" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <BrandMark className="size-6" />
            <span>Perch</span>
          </Link>
          <Link href="/" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Dashboard
          </Link>
        </header>
        <main className="mx-auto grid w-full max-w-md flex-1 content-start gap-6 px-5 pt-8 pb-12">
          <div>
            <p className="text-sm font-medium text-slate-600">
              {view.organization.name} · {desk.floor.name}
            </p>
            <h1 className="mt-1 text-6xl font-bold tracking-tight text-slate-900">{desk.name}</h1>
            <SiteClockNote timeZone={view.site.timeZone} />
          </div>
          <CheckedInStatus done={shown} timeZone={view.site.timeZone} />
          {isElsewhere ? (
            <Link
              href={`/desk/${shown.deskId}`}
              className="text-base font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              Open the page of {shown.deskName}
            </Link>
          ) : (
            <OfferPanel
              view={view}
              isNearestShown
              actions={{
                isBusy: checkIn.isPending || walkIn.isPending || move.isPending || bookAfternoon.isPending,
                problem,
                onCheckIn,
                onWalkIn,
                onMove,
                onBookAfternoon,
              }}
            />
          )}
        </main>
      </div>
    </PageShell>
  );
}

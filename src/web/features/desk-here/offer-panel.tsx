import { AlertTriangle, ArrowRightLeft, CalendarClock, DoorClosed, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { slotLabel, type TimeSlot } from '#domain/bookings.ts';
import { formatClockRange } from '#domain/clock.ts';
import { type DeskHereView, deskHereMessages, sitHereLabel } from '#domain/desk-here.ts';
import { moveHereMessages } from '#domain/desk-here-move.ts';
import { type OfficeHours, slotHours } from '#domain/sites.ts';
import { Button } from '#web/components/ui/button.tsx';
import { NearestDesk } from './nearest-desk.tsx';

/** "full day, 9:00 AM – 6:00 PM" by the office hours of the desk's site, the hours kept on one line. */
function SlotWithTimes({ slot, hours }: { slot: TimeSlot; hours: OfficeHours }) {
  const { start, end } = slotHours(hours, slot);
  return (
    <>
      {slotLabel(slot)}, <span className="whitespace-nowrap">{formatClockRange(start, end)}</span>
    </>
  );
}

export interface OfferActions {
  isBusy: boolean;
  /** The refusal of the last attempt, said in an alert. */
  problem: string | null;
  onCheckIn: (bookingId: string) => void;
  onWalkIn: (deskId: string, timeSlot: TimeSlot) => void;
  /** Move my booking here (issue 27). */
  onMove: (bookingId: string, timeSlot: TimeSlot) => void;
  /** This afternoon, on a desk taken this morning. */
  onBookAfternoon: () => void;
}

function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

function Situation({ icon, title, children }: { icon: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-1 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
        {icon}
      </span>
      <div>
        <p className="text-xl font-semibold text-slate-900">{title}</p>
        {children}
      </div>
    </div>
  );
}

const bigButton = 'h-14 w-full text-lg';

/** The one thing the desk offers now (decideDeskHere), with what follows from it. */
export function OfferPanel({
  view,
  actions,
  isNearestShown,
}: {
  view: DeskHereView;
  actions: OfferActions;
  /** Off once the person sat at the nearest desk: the page then points there instead. */
  isNearestShown: boolean;
}) {
  const { offer, desk } = view;
  const nearest =
    isNearestShown &&
    (view.nearestFreeDesk ? (
      <NearestDesk desk={view.nearestFreeDesk} isBusy={actions.isBusy} onWalkIn={actions.onWalkIn} />
    ) : (
      <p className="text-slate-700">{deskHereMessages.noneFree}</p>
    ));
  switch (offer.kind) {
    case 'check-in':
      return (
        <div className="grid gap-4">
          <p className="text-lg text-slate-700">
            Your booking today: <SlotWithTimes slot={offer.timeSlot} hours={view.site} />
          </p>
          <Button
            size="lg"
            className={bigButton}
            disabled={actions.isBusy}
            onClick={() => actions.onCheckIn(offer.bookingId)}
          >
            {actions.isBusy ? 'Checking in…' : 'Check in'}
          </Button>
          <p className="text-sm text-slate-600">{deskHereMessages.checkInUntil(offer.closesAt)}</p>
          <Problem message={actions.problem} />
        </div>
      );
    case 'checked-in':
      // The status above says it; nothing more to do here.
      return (
        <p className="text-slate-700">
          Your booking today: <SlotWithTimes slot={offer.timeSlot} hours={view.site} />. Have a good day.
        </p>
      );
    case 'your-booking':
      return (
        <div className="grid gap-4">
          <Situation
            icon={<CalendarClock className="size-5" aria-hidden="true" />}
            title={
              <>
                Your booking today: <SlotWithTimes slot={offer.timeSlot} hours={view.site} />
              </>
            }
          >
            <p className="mt-1 text-slate-700">{offer.message}</p>
          </Situation>
          <Problem message={actions.problem} />
        </div>
      );
    case 'out-of-service':
      return (
        <div className="grid gap-5">
          <Situation
            icon={<AlertTriangle className="size-5" aria-hidden="true" />}
            title={deskHereMessages.outOfService(desk.name)}
          >
            {offer.reason && <p className="mt-1 text-slate-700">{offer.reason}</p>}
          </Situation>
          {nearest}
          <Problem message={actions.problem} />
        </div>
      );
    case 'move-here':
      return (
        <div className="grid gap-4">
          <Situation
            icon={<ArrowRightLeft className="size-5" aria-hidden="true" />}
            title={moveHereMessages.youHave(offer.from.deskName, offer.from.timeSlot)}
          >
            <p className="mt-1 text-slate-700">
              {offer.keeps ? `${desk.name} is free this ${offer.timeSlot}. ` : `${desk.name} is free. `}
              {moveHereMessages.whatMoves(offer.from.deskName, { keeps: offer.keeps, releases: offer.timeSlot })}
            </p>
          </Situation>
          <Button
            size="lg"
            className={bigButton}
            disabled={actions.isBusy}
            onClick={() => actions.onMove(offer.bookingId, offer.timeSlot)}
          >
            {moveHereMessages.button(offer)}
          </Button>
          {offer.isCheckedIn && <p className="text-sm text-slate-600">Moving checks you in here.</p>}
          <Problem message={actions.problem} />
        </div>
      );
    case 'afternoon-free':
      return (
        <div className="grid gap-5">
          <Situation
            icon={<UserRound className="size-5" aria-hidden="true" />}
            title={deskHereMessages.takenUntil(view.site.midday)}
          >
            {offer.holder && <p className="mt-1 text-slate-700">{deskHereMessages.takenBy(offer.holder)}</p>}
          </Situation>
          <div className="grid gap-2">
            <p className="text-slate-700">{deskHereMessages.freeThisAfternoon(view.site)}</p>
            <Button
              size="lg"
              variant="secondary"
              className="w-full"
              disabled={actions.isBusy}
              onClick={actions.onBookAfternoon}
            >
              This afternoon
            </Button>
          </div>
          <Problem message={actions.problem} />
          {nearest}
        </div>
      );
    case 'sit-here': {
      const [first, ...others] = offer.slots;
      return (
        <div className="grid gap-3">
          <p className="text-lg text-slate-700">Free now. Sitting here books the desk for you and checks you in.</p>
          {first && (
            <Button
              size="lg"
              className={bigButton}
              disabled={actions.isBusy}
              onClick={() => actions.onWalkIn(desk.id, first)}
            >
              {sitHereLabel(first, offer.slots)}
            </Button>
          )}
          {others.map((slot) => (
            <Button
              key={slot}
              size="lg"
              variant="secondary"
              className="w-full"
              disabled={actions.isBusy}
              onClick={() => actions.onWalkIn(desk.id, slot)}
            >
              {sitHereLabel(slot, offer.slots)}
            </Button>
          ))}
          <Problem message={actions.problem} />
        </div>
      );
    }
    case 'taken':
      return (
        <div className="grid gap-5">
          <Situation icon={<UserRound className="size-5" aria-hidden="true" />} title={deskHereMessages.takenForTheDay}>
            <p className="mt-1 text-slate-700">
              {/* An assigned desk (issue 29) says whose it is, as the map does. */}
              {offer.assigned ??
                (offer.isPermanent ? deskHereMessages.blocked : offer.holder && deskHereMessages.takenBy(offer.holder))}
            </p>
          </Situation>
          {nearest}
          <Problem message={actions.problem} />
        </div>
      );
    case 'day-over':
      return (
        <div className="grid gap-4">
          <Situation icon={<DoorClosed className="size-5" aria-hidden="true" />} title={deskHereMessages.dayOver}>
            <p className="mt-1 text-slate-700">{deskHereMessages.dayOverHint}</p>
          </Situation>
          <Button asChild size="lg" variant="secondary" className="w-full">
            <a href="/">Open the dashboard</a>
          </Button>
        </div>
      );
  }
}

import { ArrowRight, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import type { TimeSlot } from '#domain/bookings.ts';
import { type DeskHereView, deskHereMessages, sitThereLabel } from '#domain/desk-here.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The closest free desk of the floor, with its own Sit here. */
export function NearestDesk({
  desk,
  isBusy,
  onWalkIn,
}: {
  desk: NonNullable<DeskHereView['nearestFreeDesk']>;
  isBusy: boolean;
  onWalkIn: (deskId: string, timeSlot: TimeSlot) => void;
}) {
  return (
    <section aria-labelledby="nearest-free-desk" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
      <h2 id="nearest-free-desk" className="flex items-center gap-2 font-semibold text-emerald-950">
        <MapPin className="size-4" aria-hidden="true" />
        {deskHereMessages.nearestFree(desk.name)}
      </h2>
      <div className="mt-3 grid gap-2">
        {desk.walkInSlots.map((slot, index) => (
          <Button
            key={slot}
            size="lg"
            variant={index === 0 ? 'primary' : 'secondary'}
            className="w-full"
            disabled={isBusy}
            onClick={() => onWalkIn(desk.id, slot)}
          >
            {sitThereLabel(desk.name, slot, desk.walkInSlots)}
          </Button>
        ))}
      </div>
      <Link
        href={`/desk/${desk.id}`}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-emerald-900 underline-offset-4 hover:underline"
      >
        Open the page of {desk.name}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}

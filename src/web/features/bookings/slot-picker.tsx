import { type SlotAvailability, type TimeSlot, timeSlots } from '#domain/bookings.ts';
import { formatClockRange } from '#domain/clock.ts';
import { type SiteClock, slotHours, zonePlaceName } from '#domain/sites.ts';
import { cn } from '#web/lib/cn.ts';
import { slotInViewerTime } from '../sites/index.ts';

const slotNames: Record<TimeSlot, string> = { 'full-day': 'Full day', morning: 'Morning', afternoon: 'Afternoon' };

/**
 * Nothing is said of a slot whose availability is not being asked (no date, or one beyond the horizon); a slot that
 * is free but that a booking rule forbids says the rule's sentence instead of Available.
 */
function stateText(state: SlotAvailability | undefined, refusal: string | undefined, isLoading: boolean): string {
  if (isLoading) return 'Checking…';
  if (!state) return '';
  if (state === 'booked') return 'Booked';
  return refusal ?? 'Available';
}

/**
 * The time-slot cards of the Book Desk form, inside its Time slot group: each slot shows loading, available or booked,
 * or the sentence of the booking rule that forbids it; booked and forbidden ones are disabled. The sentence is part of
 * the card's text, so it is read with the slot. The times are the desk's site's office hours on the date (issue 28);
 * someone whose own clock reads otherwise sees their time under the site's, and which clock the site's is.
 */
export function SlotPicker({
  value,
  onChange,
  slots,
  refusals,
  isLoading,
  clock,
  date,
  viewerZone,
}: {
  value: TimeSlot | undefined;
  onChange: (slot: TimeSlot) => void;
  slots: Record<TimeSlot, SlotAvailability> | undefined;
  /** The sentence of the rule that forbids a slot, if one does (judged by the domain's judgeBookings). */
  refusals?: Partial<Record<TimeSlot, string | undefined>> | undefined;
  isLoading: boolean;
  /** The desk's site: its hours are the slots' times. */
  clock: SiteClock;
  /** The chosen date (the viewer's times of a slot depend on it across daylight saving); empty while none is. */
  date: string;
  /** The browser's zone. */
  viewerZone: string | null;
}) {
  const viewerTimes = timeSlots.map((slot) => (date ? slotInViewerTime(clock, date, slot, viewerZone) : null));
  const isElsewhere = viewerTimes.some((text) => text !== null);
  return (
    <div className="grid grid-cols-3 gap-2">
      {timeSlots.map((slot, index) => {
        const { start, end } = slotHours(clock, slot);
        const viewerTime = viewerTimes[index];
        const state = slots?.[slot];
        const refusal = state === 'available' && !isLoading ? refusals?.[slot] : undefined;
        const isBooked = state === 'booked';
        const isUnavailable = isBooked || refusal !== undefined;
        const isChecked = value === slot;
        return (
          <label
            key={slot}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border p-2.5 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-500',
              isChecked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:border-slate-400',
              isUnavailable && 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500',
            )}
          >
            <input
              type="radio"
              name="timeSlot"
              value={slot}
              checked={isChecked}
              disabled={isUnavailable}
              onChange={() => onChange(slot)}
              className="sr-only"
            />
            <span className="font-medium">{slotNames[slot]}</span>
            <span className="text-xs text-slate-600">
              {formatClockRange(start, end)}
              {isElsewhere && <span className="sr-only"> {zonePlaceName(clock.timeZone)} time</span>}
            </span>
            {viewerTime && <span className="text-xs text-slate-600">{viewerTime}</span>}
            <span
              className={cn(
                'mt-1 text-xs font-medium',
                isBooked
                  ? 'text-red-700'
                  : refusal
                    ? 'text-amber-800'
                    : state === 'available'
                      ? 'text-emerald-700'
                      : 'text-slate-500',
              )}
            >
              {stateText(state, refusal, isLoading)}
            </span>
          </label>
        );
      })}
      {isElsewhere && (
        <p className="col-span-3 text-xs text-slate-600">
          Times are {zonePlaceName(clock.timeZone)} time, where the desk is.
        </p>
      )}
    </div>
  );
}

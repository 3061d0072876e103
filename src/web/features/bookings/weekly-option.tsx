import { bookingMessages, takenDaysSentence } from '#domain/bookings.ts';
import type { WeeklyAvailabilityView } from '#domain/bookings-responses.ts';
import { formatLongDate } from '#domain/dates.ts';

/** The result of the weekly check: the desk is free all week, an alternative is offered, or nothing is. */
export function WeeklyResult({
  result,
  isChecking,
  chosenDeskId,
  onChooseDesk,
}: {
  result: WeeklyAvailabilityView | undefined;
  isChecking: boolean;
  chosenDeskId: string;
  onChooseDesk: (deskId: string) => void;
}) {
  if (isChecking) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Checking the rest of the week…
      </p>
    );
  }
  if (!result) return null;
  if (result.dates.length === 0) {
    return <p className="text-sm text-slate-600">The week has no weekdays left from this date.</p>;
  }
  const days = `${formatLongDate(result.dates[0]!)} to ${formatLongDate(result.dates.at(-1)!)}`;
  if (result.originalDesk.available) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        {result.originalDesk.name} is free every day from {days}.
      </p>
    );
  }
  // Which days the chosen desk is taken: 'D03 is taken on Tuesday and Thursday'.
  const taken = `${takenDaysSentence(result.originalDesk.name, result.originalDesk.takenDates)}.`;
  if (result.alternatives.length === 0) {
    return (
      <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <p>{taken}</p>
        <p className="font-medium">{bookingMessages.noAlternatives}</p>
        <p>{bookingMessages.tryIndividualDays}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-1.5 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p role="status">
        {taken} Book another desk that is free every day from {days}:
      </p>
      <label htmlFor="weekly-alternative" className="sr-only">
        Alternative desk
      </label>
      <select
        id="weekly-alternative"
        value={chosenDeskId}
        onChange={(event) => onChooseDesk(event.target.value)}
        className="h-9 rounded-lg border border-amber-300 bg-white px-2 text-slate-900"
      >
        {result.alternatives.map((alternative) => (
          <option key={alternative.id} value={alternative.id}>
            {alternative.name} ({alternative.floor.name})
          </option>
        ))}
      </select>
    </div>
  );
}

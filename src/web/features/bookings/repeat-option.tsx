import { useId } from 'react';
import { formatLongDate } from '#domain/dates.ts';
import type { SeriesInterval, SeriesPlan } from '#domain/recurring-bookings.ts';
import { weekdayNames } from '#domain/sites.ts';
import { errorMessage } from '#web/app/api.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

/** What Book Desk's Repeat option chooses; the form's date is the series' first date and its slot the series' slot. */
export interface RepeatChoice {
  weekdays: number[];
  interval: SeriesInterval;
  untilDate: string;
}

const shortNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The Repeat option's fields (weekday chips, every week or every other week, until) and, from the server's preview
 * (the same judgement the booking makes), the dates that will be booked and those that will not, each with why.
 */
export function RepeatOption({
  value,
  onChange,
  workingDays,
  startDate,
  latestDate,
  preview,
}: {
  value: RepeatChoice;
  onChange: (value: RepeatChoice) => void;
  /** The site's working days: the chips offered (a series keeps to them). */
  workingDays: readonly number[];
  startDate: string;
  /** The last date the person may book (the advance window or the two-year horizon). */
  latestDate: string;
  preview: {
    data: SeriesPlan | undefined;
    error: unknown;
    isChecking: boolean;
    /** Why nothing is asked yet (no slot chosen, no weekday), or undefined. */
    waitingFor: string | undefined;
  };
}) {
  const untilId = useId();
  const days = [...new Set([...workingDays])].sort((a, b) => a - b);
  const toggle = (day: number) =>
    onChange({
      ...value,
      weekdays: value.weekdays.includes(day)
        ? value.weekdays.filter((item) => item !== day)
        : [...value.weekdays, day].sort((a, b) => a - b),
    });
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Repeat on</legend>
        <div className="flex flex-wrap gap-1.5">
          {days.map((day) => {
            const isOn = value.weekdays.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={isOn}
                aria-label={weekdayNames[day - 1]}
                onClick={() => toggle(day)}
                className={cn(
                  'h-9 min-w-12 rounded-full border px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
                  isOn
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                {shortNames[day - 1]}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium text-slate-800">How often</legend>
          {([1, 2] as const).map((interval) => (
            <label key={interval} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="repeat-interval"
                checked={value.interval === interval}
                onChange={() => onChange({ ...value, interval })}
                className="size-4 accent-brand-600"
              />
              {interval === 1 ? 'Every week' : 'Every other week'}
            </label>
          ))}
        </fieldset>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={untilId}>Until</Label>
          <Input
            id={untilId}
            type="date"
            value={value.untilDate}
            min={startDate}
            max={latestDate}
            onChange={(event) => onChange({ ...value, untilDate: event.target.value })}
          />
        </div>
      </div>
      <RepeatPreview {...preview} />
    </div>
  );
}

function RepeatPreview({
  data,
  error,
  isChecking,
  waitingFor,
}: {
  data: SeriesPlan | undefined;
  error: unknown;
  isChecking: boolean;
  waitingFor: string | undefined;
}) {
  if (waitingFor) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {waitingFor}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
        {errorMessage(error, 'Could not check these dates')}
      </p>
    );
  }
  if (!data || isChecking) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Checking the dates…
      </p>
    );
  }
  const booked = data.occurrences.filter((occurrence) => occurrence.willBook);
  const notBooked = data.occurrences.filter((occurrence) => !occurrence.willBook);
  return (
    <div className="grid gap-2 text-sm">
      <p role="status" className={cn('font-medium', booked.length > 0 ? 'text-emerald-800' : 'text-red-800')}>
        {booked.length === 0
          ? 'None of these dates can be booked.'
          : `${booked.length === 1 ? '1 date' : `${booked.length} dates`} will be booked${notBooked.length > 0 ? `, ${notBooked.length} will not` : ''}.`}
      </p>
      {/* A long series scrolls: the region takes the focus so that a keyboard can scroll it. */}
      <section
        aria-label="Dates of the series"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="max-h-52 overflow-y-auto rounded-lg bg-slate-50 p-2"
      >
        {booked.length > 0 && (
          <>
            <h3 className="px-1 text-xs font-semibold tracking-wide text-emerald-800 uppercase">Will be booked</h3>
            <ul className="mb-2 grid gap-0.5 px-1">
              {booked.map((occurrence) => (
                <li key={occurrence.date} className="text-slate-800">
                  {formatLongDate(occurrence.date)}
                </li>
              ))}
            </ul>
          </>
        )}
        {notBooked.length > 0 && (
          <>
            <h3 className="px-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">Will not be booked</h3>
            <ul className="grid gap-1 px-1">
              {notBooked.map((occurrence) => (
                <li key={occurrence.date} className="text-slate-800">
                  <span className="font-medium">{formatLongDate(occurrence.date)}</span>
                  <span className="block text-xs text-amber-900">{occurrence.reason}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

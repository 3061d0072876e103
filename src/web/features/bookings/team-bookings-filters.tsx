import { Search } from 'lucide-react';
import { type ReactNode, type SelectHTMLAttributes, useEffect, useId, useState } from 'react';
import {
  maxSearchLength,
  type TeamBookingPermanentFilter,
  type TeamBookingSort,
  type TeamBookingStatusFilter,
  teamBookingPermanentFilters,
  teamBookingPermanentLabels,
  teamBookingSortLabels,
  teamBookingSorts,
  teamBookingStatusFilters,
  teamBookingStatusLabels,
} from '#domain/team-bookings.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { FloorFilterSelect } from '../floors/index.ts';

/** What Team Bookings is showing: everything but the page. */
export interface TeamBookingsFilterState {
  search: string;
  floorId: string;
  from: string;
  to: string;
  status: TeamBookingStatusFilter;
  permanent: TeamBookingPermanentFilter;
  sort: TeamBookingSort;
}

/** The value once it has stopped changing for `delayMs`: a search is sent when the typing pauses, not per key. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const fieldClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
    </div>
  );
}

function Select<T extends string>({
  value,
  options,
  labels,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <select value={value} onChange={(event) => onChange(event.target.value as T)} className={fieldClass} {...props}>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </select>
  );
}

/** One end of the date range; `problemId` names the line that says why the dates cannot be used, when they cannot. */
function DateField({
  id,
  label,
  value,
  problemId,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  problemId: string | undefined;
  onChange: (date: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type="date"
        className="min-w-0"
        value={value}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** Search, floor, dates, status, kind and order: native controls, so keyboards, screen readers and phones all work. */
export function TeamBookingsFilters({
  value,
  floors,
  dateProblem,
  onChange,
}: {
  value: TeamBookingsFilterState;
  floors: ReadonlyArray<{ id: string; name: string }>;
  /** Why the dates cannot be used as they are, shown under them. */
  dateProblem: string | undefined;
  onChange: (change: Partial<TeamBookingsFilterState>) => void;
}) {
  const id = useId();
  return (
    <search className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-search`} className="text-xs">
          Search by person or desk
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={value.search}
            maxLength={maxSearchLength}
            placeholder="Name, e-mail or desk"
            autoComplete="off"
            className="pl-9"
            onChange={(event) => onChange({ search: event.target.value })}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field id={`${id}-floor`} label="Floor">
          <FloorFilterSelect
            id={`${id}-floor`}
            value={value.floorId}
            floors={floors}
            onChange={(floorId) => onChange({ floorId })}
            className={fieldClass}
          />
        </Field>
        <Field id={`${id}-status`} label="Status">
          <Select
            id={`${id}-status`}
            value={value.status}
            options={teamBookingStatusFilters}
            labels={teamBookingStatusLabels}
            onChange={(status) => onChange({ status })}
          />
        </Field>
        <Field id={`${id}-permanent`} label="Kind">
          <Select
            id={`${id}-permanent`}
            value={value.permanent}
            options={teamBookingPermanentFilters}
            labels={teamBookingPermanentLabels}
            onChange={(permanent) => onChange({ permanent })}
          />
        </Field>
        <DateField
          id={`${id}-from`}
          label="From"
          value={value.from}
          problemId={dateProblem ? `${id}-dates` : undefined}
          onChange={(from) => onChange({ from })}
        />
        <DateField
          id={`${id}-to`}
          label="To"
          value={value.to}
          problemId={dateProblem ? `${id}-dates` : undefined}
          onChange={(to) => onChange({ to })}
        />
        <Field id={`${id}-sort`} label="Sort by">
          <Select
            id={`${id}-sort`}
            value={value.sort}
            options={teamBookingSorts}
            labels={teamBookingSortLabels}
            onChange={(sort) => onChange({ sort })}
          />
        </Field>
      </div>
      <p id={`${id}-dates`} className={cn('text-sm text-red-700', !dateProblem && 'hidden')}>
        {dateProblem}
      </p>
    </search>
  );
}

import { Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { analyticsPresetLabels, analyticsPresets } from '#domain/analytics-dates.ts';
import { presetOf, rangeProblem } from '#domain/analytics-view.ts';
import { readWindowAnywhere } from '#domain/horizon.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { type Floor, FloorFilterSelect } from '../floors/index.ts';
import type { AnalyticsFilters } from './use-analytics-filters.ts';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** This week, Last 4 weeks, Last 3 months: one pressed at a time, none when the dates are one's own. */
function PresetButtons({
  filters,
  today,
  onChange,
}: {
  filters: AnalyticsFilters;
  today: string;
  onChange: (change: Partial<AnalyticsFilters>) => void;
}) {
  // Dates typed by hand that are a preset's read as that preset.
  const pressed = filters.preset ?? presetOf(filters, today);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a segmented group of toggle buttons, not a form's fieldset
    <div role="group" aria-label="Range" className="inline-flex w-full rounded-lg bg-slate-100 p-1 sm:w-auto">
      {analyticsPresets.map((preset) => {
        const isPressed = pressed === preset;
        return (
          <button
            key={preset}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onChange({ preset })}
            className={cn(
              'h-8 flex-1 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
              isPressed
                ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200'
                : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {analyticsPresetLabels[preset]}
          </button>
        );
      })}
    </div>
  );
}

/**
 * From and To: each change that makes a usable range is shown at once; one that does not is explained under the
 * dates (the server's sentences), and the figures on screen stay those of the last usable range.
 */
function DateRange({
  filters,
  onChange,
}: {
  filters: AnalyticsFilters;
  onChange: (change: Partial<AnalyticsFilters>) => void;
}) {
  const id = useId();
  // The dates shown follow the filters (a preset, a link, Back); the parent also remounts this on each preset chosen,
  // so choosing the preset already shown still replaces dates being typed. Never remounted while typing: focus stays.
  const [draft, setDraft] = useState({ startDate: filters.startDate, endDate: filters.endDate });
  useEffect(
    () => setDraft({ startDate: filters.startDate, endDate: filters.endDate }),
    [filters.startDate, filters.endDate],
  );
  // The dates the server reads: two years either side of today.
  const readable = readWindowAnywhere();
  const problem = rangeProblem(draft, readable);
  const change = (next: typeof draft) => {
    setDraft(next);
    if (rangeProblem(next, readable) === undefined) onChange(next);
  };
  return (
    <div className="grid gap-1">
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`} className="text-xs">
            From
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={draft.startDate}
            min={readable.earliest}
            max={draft.endDate || readable.latest}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => change({ ...draft, startDate: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`} className="text-xs">
            To
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={draft.endDate}
            min={draft.startDate || readable.earliest}
            max={readable.latest}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => change({ ...draft, endDate: event.target.value })}
          />
        </div>
      </div>
      <p id={`${id}-problem`} role="alert" className="min-h-0 text-sm text-red-700 empty:hidden">
        {problem}
      </p>
    </div>
  );
}

/** The Site filter (issue 28): "All sites" or one, by name; choosing one shows all of its floors. */
function SiteSelect({
  id,
  value,
  sites,
  onChange,
}: {
  id: string;
  value: string;
  sites: readonly { id: string; name: string }[];
  onChange: (change: Partial<AnalyticsFilters>) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        Site
      </Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange({ siteId: event.target.value, floorId: '' })}
        className={selectClass}
      >
        <option value="">All sites</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AnalyticsControls({
  filters,
  today,
  sites,
  floors,
  csvUrl,
  onChange,
}: {
  filters: AnalyticsFilters;
  today: string;
  /** The sites to choose from: none when the organization has one, so no Site filter shows. */
  sites: readonly { id: string; name: string }[];
  floors: readonly Floor[];
  csvUrl: (by: 'day' | 'desk') => string;
  onChange: (change: Partial<AnalyticsFilters>) => void;
}) {
  const id = useId();
  const [presetChoices, setPresetChoices] = useState(0);
  const choosePreset = (change: Partial<AnalyticsFilters>) => {
    setPresetChoices((count) => count + 1);
    onChange(change);
  };
  return (
    <search className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[auto_minmax(0,1fr)] lg:items-end">
      <div className="grid gap-1">
        <span className="text-xs font-medium text-slate-800" aria-hidden="true">
          Range
        </span>
        <PresetButtons filters={filters} today={today} onChange={choosePreset} />
      </div>
      <div
        className={cn(
          'grid gap-3 lg:items-end',
          // Site and Floor side by side take more room than Floor alone.
          sites.length > 0
            ? 'sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto]'
            : 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]',
        )}
      >
        <DateRange key={presetChoices} filters={filters} onChange={onChange} />
        <div className={cn('grid gap-3 self-start', sites.length > 0 && 'grid-cols-2')}>
          {sites.length > 0 && (
            <SiteSelect
              id={`${id}-site`}
              value={sites.some((site) => site.id === filters.siteId) ? filters.siteId : ''}
              sites={sites}
              onChange={onChange}
            />
          )}
          <div className="grid gap-1">
            <Label htmlFor={`${id}-floor`} className="text-xs">
              Floor
            </Label>
            <FloorFilterSelect
              id={`${id}-floor`}
              value={filters.floorId}
              floors={floors}
              onChange={(floorId) => onChange({ floorId })}
              className={selectClass}
            />
          </div>
        </div>
        <label className="flex h-10 items-center gap-2 self-start text-sm font-medium whitespace-nowrap text-slate-800 sm:col-span-2 xl:col-span-1 xl:mt-5">
          <input
            type="checkbox"
            checked={filters.includeWeekends}
            onChange={(event) => onChange({ includeWeekends: event.target.checked })}
            className="size-4 rounded border-slate-400 accent-brand-600"
          />
          Include weekends
        </label>
      </div>
      <div className="flex flex-wrap gap-2 lg:col-span-2">
        <Button asChild variant="secondary" size="sm">
          <a href={csvUrl('day')} download>
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </a>
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a href={csvUrl('desk')} download>
            <Download className="size-4" aria-hidden="true" />
            Download desks CSV
          </a>
        </Button>
      </div>
    </search>
  );
}

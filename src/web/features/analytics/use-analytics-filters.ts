import { useSearchParams } from 'wouter';
import { analyticsSearchParams } from '#domain/analytics.ts';
import { type AnalyticsPreset, analyticsPresets, presetRange } from '#domain/analytics-dates.ts';
import { rangeProblem } from '#domain/analytics-view.ts';
import { readWindowAnywhere } from '#domain/horizon.ts';

/**
 * What the screen shows: a preset (dates that move with today) or dates of one's own, a site and a floor ('' for all).
 */
export interface AnalyticsFilters {
  preset: AnalyticsPreset | null;
  startDate: string;
  endDate: string;
  siteId: string;
  floorId: string;
  includeWeekends: boolean;
}

export const defaultPreset: AnalyticsPreset = 'last-4-weeks';

const isPreset = (value: string | null): value is AnalyticsPreset =>
  analyticsPresets.some((preset) => preset === value);

/**
 * The filters live in the address (?range=last-4-weeks or ?startDate=…&endDate=…, &siteId, &floorId,
 * &includeWeekends), so a link to the screen shows what its sender saw and Back returns to it; a preset stays relative
 * to today. Anything missing or unusable reads as the default: the last 4 weeks, all sites and floors, working days
 * only. `today` is that of the site chosen (of the organization's first site for all sites).
 */
export function useAnalyticsFilters(
  todayOf: (siteId: string) => string,
): [AnalyticsFilters, (change: Partial<AnalyticsFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const siteId = params.get('siteId') ?? '';
  const today = todayOf(siteId);
  const range = params.get('range');
  const custom = { startDate: params.get('startDate') ?? '', endDate: params.get('endDate') ?? '' };
  const preset = isPreset(range)
    ? range
    : rangeProblem(custom, readWindowAnywhere()) === undefined
      ? null
      : defaultPreset;
  const dates = preset === null ? custom : presetRange(preset, today);
  const filters: AnalyticsFilters = {
    preset,
    ...dates,
    siteId,
    floorId: params.get('floorId') ?? '',
    includeWeekends: params.get('includeWeekends') === 'true',
  };

  const update = (change: Partial<AnalyticsFilters>) => {
    const next = { ...filters, ...change };
    // Dates chosen by hand are a range of one's own; a preset chosen keeps its name, not its dates.
    if (change.preset === undefined && (change.startDate !== undefined || change.endDate !== undefined)) {
      next.preset = null;
    }
    const search = analyticsSearchParams({
      ...next,
      siteId: next.siteId || undefined,
      floorId: next.floorId || undefined,
    });
    if (next.preset !== null) {
      search.delete('startDate');
      search.delete('endDate');
      if (next.preset !== defaultPreset) search.set('range', next.preset);
    }
    setParams(search, { replace: true });
  };

  return [filters, update];
}

import { formatClockRange } from '#domain/clock.ts';
import { describeWorkingDays, zonePlaceName } from '#domain/sites.ts';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import type { Site } from './list-sites.ts';
import { siteTimeNow } from './site-clock.ts';

/**
 * The sidebar's site picker, above the floor picker (issue 28): each site with its local time, so the clock every
 * screen below follows is in sight, and under it the chosen site's zone, office hours and working days. Shown only to organizations with more than one site; a native select, which the
 * keyboard, screen readers and phones all know.
 */
export function SitePicker({
  sites,
  selectedSiteId,
  onChange,
}: {
  sites: readonly Site[];
  selectedSiteId: string | undefined;
  onChange: (siteId: string) => void;
}) {
  const now = useMinuteClock();
  if (sites.length < 2) return null;
  const selected = sites.find((site) => site.id === selectedSiteId);
  return (
    <div className="px-3 pb-2">
      <label htmlFor="site-picker" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Site
      </label>
      <select
        id="site-picker"
        value={selectedSiteId ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={selected ? 'site-picker-clock' : undefined}
        className="mt-1 h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name} · {siteTimeNow(site.timeZone, now)}
          </option>
        ))}
      </select>
      {selected && (
        <p id="site-picker-clock" className="mt-1 text-xs text-slate-600">
          {zonePlaceName(selected.timeZone)} time · {formatClockRange(selected.dayStart, selected.dayEnd)},{' '}
          {describeWorkingDays(selected.workingDays)}
        </p>
      )}
    </div>
  );
}

import type { AnalyticsDesk } from '#domain/analytics.ts';
import { formatShare, heatColour } from '#domain/analytics-view.ts';
import type { Desk } from '../desks/index.ts';
import type { Floor } from '../floors/index.ts';

const unusableStripes = 'repeating-linear-gradient(-45deg, #e2e8f0 0 6px, #f8fafc 6px 12px)';

/**
 * The heat map where the plan has no room (a phone): a row per desk in the plan's order of names, the name in full
 * (wrapping) over a bar in the plan's colour, the share written out for everyone, screen readers included.
 */
export function HeatList({
  floor,
  desks,
  useById,
}: {
  floor: Floor;
  desks: readonly Desk[];
  useById: ReadonlyMap<string, AnalyticsDesk>;
}) {
  const byName = [...desks].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  return (
    <ul aria-label={`Desks on ${floor.name} by use`} className="grid gap-3">
      {byName.map((desk) => {
        const use = useById.get(desk.id);
        const isUsable = use !== undefined && use.days > 0;
        const share = isUsable ? use.utilization : 0;
        return (
          <li key={desk.id} data-desk-id={desk.id} className="grid gap-1">
            <div className="flex items-start justify-between gap-3 text-sm">
              <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{desk.name}</span>
              <span className="shrink-0 text-right text-slate-800 tabular-nums">
                {isUsable ? (
                  <>
                    <span className="font-semibold">{formatShare(share)}</span> used
                  </>
                ) : (
                  'not in use in this range'
                )}
              </span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200" aria-hidden="true">
              <div
                className="h-full rounded-full"
                style={
                  isUsable
                    ? { width: `${Math.max(share * 100, 2)}%`, background: heatColour(share).background }
                    : { width: '100%', background: unusableStripes }
                }
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

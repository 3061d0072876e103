import { formatLongDate } from '#domain/dates.ts';
import type { DeskStatistics } from '../floor-plan/index.ts';

const items = [
  { key: 'available', label: 'Available', tone: 'bg-emerald-500' },
  { key: 'partial', label: 'Partial', tone: 'bg-orange-500' },
  { key: 'booked', label: 'Booked', tone: 'bg-red-500' },
  { key: 'utilization', label: 'Utilization', tone: 'bg-brand-600' },
] as const;

/**
 * Today's Statistics for the selected floor and date, computed by summariseAvailability: one compact
 * strip, so the map below it still fits the screen (issue 14). On another date it names that date, in
 * the same words as the date beside the picker.
 */
export function TodayStatistics({
  statistics,
  date,
  today,
}: {
  statistics: DeskStatistics | null;
  date: string;
  today: string;
}) {
  const heading = date === today ? "Today's Statistics" : `Statistics for ${formatLongDate(date)}`;
  return (
    <section
      aria-labelledby="statistics-heading"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white px-3 py-1.5 shadow-sm sm:gap-x-5 sm:gap-y-2 sm:px-4 sm:py-2.5"
    >
      <h2 id="statistics-heading" className="text-sm font-semibold text-slate-900">
        {heading}
      </h2>
      <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:gap-x-5">
        {items.map((item) => (
          <div key={item.key} className="flex items-baseline gap-1.5">
            <dt className="flex items-center gap-1.5 text-xs text-slate-600">
              <span className={`size-2 self-center rounded-full ${item.tone}`} aria-hidden="true" />
              {item.label}
            </dt>
            <dd className="text-sm font-semibold text-slate-900 tabular-nums sm:text-base">
              {statistics === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">not loaded yet</span>
                </>
              ) : item.key === 'utilization' ? (
                `${statistics.utilization}%`
              ) : (
                statistics[item.key]
              )}
            </dd>
          </div>
        ))}
      </dl>
      {statistics?.total === 0 && <p className="text-xs text-slate-600">This floor has no desks yet.</p>}
    </section>
  );
}

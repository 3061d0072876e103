import type { DeskStatistics } from '../floor-plan/availability.ts';

const items = [
  { key: 'available', label: 'Available', tone: 'bg-emerald-500' },
  { key: 'partial', label: 'Partial', tone: 'bg-orange-500' },
  { key: 'booked', label: 'Booked', tone: 'bg-red-500' },
  { key: 'utilization', label: 'Utilization', tone: 'bg-brand-600' },
] as const;

/** Today's Statistics for the selected floor and date, computed by summariseAvailability. */
export function TodayStatistics({ statistics }: { statistics: DeskStatistics | null }) {
  return (
    <section
      aria-labelledby="statistics-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="statistics-heading" className="text-sm font-semibold text-slate-900">
        Today's Statistics
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="flex items-center gap-2 text-xs text-slate-600">
              <span className={`size-2 rounded-full ${item.tone}`} aria-hidden="true" />
              {item.label}
            </dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">
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
      {statistics?.total === 0 && <p className="mt-3 text-xs text-slate-600">This floor has no desks yet.</p>}
    </section>
  );
}

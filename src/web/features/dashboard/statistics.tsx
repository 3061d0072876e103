const items = [
  { label: 'Available', tone: 'bg-emerald-500' },
  { label: 'Partial', tone: 'bg-amber-500' },
  { label: 'Booked', tone: 'bg-red-500' },
  { label: 'Utilization', tone: 'bg-brand-600' },
] as const;

/** Today's Statistics for the selected date; empty until the floor has desks. */
export function TodayStatistics({ deskCount }: { deskCount: number }) {
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
          <div key={item.label} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="flex items-center gap-2 text-xs text-slate-600">
              <span className={`size-2 rounded-full ${item.tone}`} aria-hidden="true" />
              {item.label}
            </dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900">
              {deskCount === 0 ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">no data yet</span>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {deskCount === 0 && (
        <p className="mt-3 text-xs text-slate-600">Statistics appear once desks are placed on a floor.</p>
      )}
    </section>
  );
}

const stats = [
  { value: '50%', label: 'better space utilization' },
  { value: '90%', label: 'booking satisfaction' },
  { value: '5 min', label: 'average setup time' },
  { value: '24/7', label: 'real-time updates' },
] as const;

/** The marketing claims of spec section 1, on a dark band. */
export function StatsStrip() {
  return (
    <section aria-labelledby="stats-title" className="relative isolate overflow-hidden bg-slate-950 py-16 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50%_80%_at_50%_0%,rgba(79,70,229,0.45)_0%,transparent_100%)]"
      />
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="stats-title"
          className="text-center text-2xl font-semibold tracking-tight text-balance text-white sm:text-3xl"
        >
          Fewer empty desks, lower office costs
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-pretty text-slate-300">
          Teams that book with Perch use the space they already pay for, and spend less on the space they don't need.
        </p>
        <dl className="mt-12 grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/10 lg:grid-cols-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse justify-end gap-1 bg-slate-950/80 px-4 py-8 text-center sm:px-6"
            >
              <dt className="text-sm text-slate-300 sm:text-base">{stat.label}</dt>
              <dd className="text-4xl font-semibold tracking-tight text-white sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

// Settings every benchmark shares. BENCH_QUICK=1 shortens each load to a few seconds and skips the fresh-clone
// start-up, for checking the harness on a machine that others share; its figures are indicative only.
export const isQuick = process.env.BENCH_QUICK === '1';
/** Seconds of load per measured figure, and of warm-up before it. */
export const loadSeconds = isQuick ? 3 : 10;
export const warmUpSeconds = isQuick ? 1 : 2;
export const connections = 50;

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

const round = (value: number) => Number(value.toFixed(2));

/** Sorted latencies in milliseconds as p50, p95 and p99 (to 0.01 ms), and their count per second over `seconds`. */
export function latencyFigures(sorted: number[], seconds: number): LatencyFigures {
  return {
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    rps: Math.round(sorted.length / seconds),
  };
}

/** The same query run by `concurrency` clients for `seconds`: the database's own ceiling for one call. */
export async function measureQueryLoop(
  runQuery: (index: number) => Promise<unknown>,
  options: { concurrency: number; seconds: number },
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  const end = performance.now() + options.seconds * 1000;
  let index = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) {
        const at = performance.now();
        await runQuery(index++);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return latencyFigures(
    latencies.sort((a, b) => a - b),
    elapsed,
  );
}

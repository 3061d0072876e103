import { type AnalyticsQuery, analyticsSearchParams } from '#domain/analytics.ts';
import { buildAnalytics, mergeAnalyticsCounts } from '#domain/analytics-build.ts';
import { analyticsDates } from '#domain/analytics-dates.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import {
  type AnalyticsSelection,
  countAnalytics,
  findAnalyticsState,
  listAnalyticsPlaces,
} from '#server/modules/analytics/repo.ts';
import { type AutocannonRequest, loadWithAutocannon } from './autocannon.ts';
import { bigOrganization, type SeededData, seedBigOrganization } from './bookings-seed.ts';
import { measureStatements, withFreshDatabase } from './database.ts';
import { callTableHead, latencyCells, logLoadAverage, mark } from './format.ts';
import { type LatencyFigures, loadSeconds, warmUpSeconds } from './settings.ts';
import { runLoadBenchmarkModule, withPerchWorker } from './worker-perch.ts';

/** The load: 10 concurrent clients; 90 days under 100 ms at p95, 366 days under 300 ms. */
export const analyticsConnections = 10;
const poolSize = 10;
const sessionDays = 30;
/**
 * Ranges ending yesterday or before and starting within the two-year read horizon (a margin of 5 days), first
 * working days only, then the same with weekends: distinct ranges the clients cycle through.
 */
const windowsFor = (days: number) => 725 - days;

export interface AnalyticsCallFigures {
  label: string;
  days: number;
  targetP95Ms: number;
  /** Every request a range not asked before: counted afresh each time. */
  fresh: LatencyFigures & { failures: number; requests: number };
  /** The same range again and again: the answer kept for the organization's state (service.ts). */
  repeated: LatencyFigures & { failures: number };
  /** The statements of the whole range counted afresh, alone through pg with the app's pool, then buildAnalytics. */
  sql: LatencyFigures;
  /** What one answer counted, as a check that the range held bookings. */
  bookedSlots: number;
}

export interface AnalyticsLoadFigures {
  seeding: { seconds: number; bookings: number; desks: number };
  calls: AnalyticsCallFigures[];
}

/** The index-th range `days` long: ending one day further back each time, then again with weekends. */
function rangeAt(today: string, days: number, index: number): AnalyticsQuery {
  const windows = windowsFor(days);
  const endDate = addDays(today, -1 - (index % windows));
  const includeWeekends = Math.floor(index / windows) % 2 === 1;
  return { startDate: addDays(endDate, 1 - days), endDate, ...(includeWeekends ? { includeWeekends } : {}) };
}

async function measureSqlCeiling(
  databaseUrl: string,
  seeded: SeededData,
  adminId: string,
  days: number,
  today: string,
): Promise<LatencyFigures> {
  return measureStatements(databaseUrl, { poolSize, concurrency: analyticsConnections }, async (db, index) => {
    const state = await findAnalyticsState(db, seeded.organizationId, adminId);
    if (!state) throw new Error('the admin is not a member');
    const site = state.sites[0];
    if (!site) throw new Error('the organization has no site');
    const asked = rangeAt(today, days, index);
    const range = { ...asked, includeWeekends: asked.includeWeekends ?? false };
    // One site: the server reads the places once per state of the organization (cached), here every time.
    const places = await listAnalyticsPlaces(db, seeded.organizationId);
    const selection: AnalyticsSelection = {
      organizationId: seeded.organizationId,
      timeZone: site.timeZone,
      desks: places.desks,
    };
    const counts = await countAnalytics(
      db,
      selection,
      analyticsDates(range.startDate, range.endDate, range.includeWeekends, site.workingDays),
    );
    buildAnalytics({
      ...range,
      siteId: null,
      floorId: null,
      sites: state.sites,
      checkInRequired: state.checkInRequired,
      floors: places.floors,
      desks: places.desks,
      ...mergeAnalyticsCounts([...counts.values()]),
    });
  });
}

export async function measureAnalyticsLoad(options: { databaseUrl: string }): Promise<AnalyticsLoadFigures> {
  const { databaseUrl } = options;
  return withFreshDatabase(databaseUrl, async () => {
    const { seeded, adminId, seconds } = await seedBigOrganization(databaseUrl, sessionDays);
    const today = todayIn(bigOrganization.timeZone);
    const calls = [
      { label: '90 days, all floors, working days', days: 90, targetP95Ms: 100 },
      { label: '366 days, all floors, working days', days: 366, targetP95Ms: 300 },
    ];
    // The ceilings first, with nothing else running; then the server.
    const ceilings: LatencyFigures[] = [];
    for (const call of calls) ceilings.push(await measureSqlCeiling(databaseUrl, seeded, adminId, call.days, today));

    logLoadAverage();
    const headers = { cookie: seeded.cookies[0] ?? '', 'accept-encoding': 'gzip, deflate, br' };
    const pathAt = (days: number, index: number) =>
      `/api/organizations/${seeded.organizationId}/analytics?${analyticsSearchParams(rangeAt(today, days, index))}`;
    const results = await withPerchWorker(
      import.meta.url,
      { perchAnalyticsLoad: true, databaseUrl },
      async ({ base }) => {
        const measured: AnalyticsCallFigures[] = [];
        for (const [callIndex, call] of calls.entries()) {
          const sample = await fetch(`${base}${pathAt(call.days, 0)}`, { headers: { cookie: headers.cookie } });
          const body = (await sample.json()) as { summary?: { bookedSlots: number; utilization: number } };
          if (sample.status !== 200) throw new Error(`analytics answered ${sample.status}: ${JSON.stringify(body)}`);
          console.log(
            `${call.label}: ${body.summary?.bookedSlots} half days booked, ${Math.round((body.summary?.utilization ?? 0) * 100)}% used.`,
          );
          // Fresh: every request of the warm-up and the run names a range of its own, so the run is as many requests as
          // there are ranges left rather than a number of seconds.
          let next = 1;
          const fresh: AutocannonRequest = {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: pathAt(call.days, next++) }),
          };
          const distinct = 2 * windowsFor(call.days);
          const warmUp = Math.min(200, Math.floor(distinct / 5));
          const freshOptions = { url: base, headers, connections: analyticsConnections, requests: [fresh] };
          await loadWithAutocannon({ ...freshOptions, amount: warmUp }, warmUpSeconds);
          const freshFigures = await loadWithAutocannon({ ...freshOptions, amount: distinct - next }, loadSeconds);
          if (next > distinct) console.log(`(${next} requests: ranges after the ${distinct}th were asked before)`);
          const url = `${base}${pathAt(call.days, 0)}`;
          const { requests: _r, ...repeated } = await loadWithAutocannon(
            { url, headers, connections: analyticsConnections },
            loadSeconds,
          );
          measured.push({
            label: call.label,
            days: call.days,
            targetP95Ms: call.targetP95Ms,
            fresh: freshFigures,
            repeated,
            sql: ceilings[callIndex] as LatencyFigures,
            bookedSlots: body.summary?.bookedSlots ?? 0,
          });
        }
        return measured;
      },
    );
    return {
      seeding: {
        seconds: Number(seconds.toFixed(1)),
        bookings: seeded.counts.bookings,
        desks: bigOrganization.floors * bigOrganization.desksPerFloor,
      },
      calls: results,
    };
  });
}

/** The section bench/run.ts writes into docs/benchmarks.md. */
export function analyticsSection(figures: AnalyticsLoadFigures): string {
  const rows = figures.calls.flatMap((call) => [
    `| ${call.label}, a range not asked before (${call.fresh.requests.toLocaleString('en')} requests, ${call.fresh.failures} failures) | ${latencyCells(call.fresh)} | ${(call.fresh.p95 / call.sql.p95).toFixed(2)}× | p95 < ${call.targetP95Ms} ms: ${mark(call.fresh.p95 < call.targetP95Ms && call.fresh.failures === 0)} |`,
    `| ↳ the whole range counted afresh, its SQL alone through pg (state, places and counts, then buildAnalytics; ${poolSize} connections) | ${latencyCells(call.sql)} | | |`,
    `| ↳ the same range again (answered from memory while nothing changed; ${call.repeated.failures} failures) | ${latencyCells(call.repeated)} | | |`,
  ]);
  return `## Workplace analytics (bench/analytics-load.ts, PostgreSQL, ${analyticsConnections} concurrent clients)

The organization of the booking load: ${figures.seeding.desks} desks on 5 floors, ${figures.seeding.bookings.toLocaleString('en')} bookings over four years
of weekdays. Its admin's GET /api/organizations/{id}/analytics for ranges ending yesterday or earlier. In the first
row of each pair every request names a range no request before it named (each ending a day before the last, then
the same with weekends), so no whole answer is reused; the closed weeks the ranges share are counted once and kept
(decision 020), and each request counts its other dates. The SQL ceiling counts the whole range afresh, alone through
\`pg\` in the same run: what the first request for a range costs on a fresh instance or after a past booking changed.
The last row asks one range again and again. The ratio is the first row's p95 over its SQL's p95.

${callTableHead}
${rows.join('\n')}
`;
}

await runLoadBenchmarkModule(import.meta.url, {
  workerFlag: 'perchAnalyticsLoad',
  server: { poolSize, name: 'analytics', sessionDays },
  label: 'analytics',
  minutes: 5,
  defaultDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/perch_bench_analytics',
  measure: measureAnalyticsLoad,
  section: analyticsSection,
});

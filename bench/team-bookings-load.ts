import { addDays, todayIn } from '#domain/dates.ts';
import {
  searchWords,
  type TeamBookingsQueryInput,
  teamBookingsQuerySchema,
  teamBookingsSearchParams,
} from '#domain/team-bookings.ts';
import { findBookingsRevision } from '#server/modules/bookings/repo.ts';
import { countTeamBookings, listTeamBookings, type TeamBookingsSelection } from '#server/modules/team-bookings/repo.ts';
import { type AutocannonOptions, loadWithAutocannon } from './autocannon.ts';
import { bigOrganization, seedBigOrganization } from './bookings-seed.ts';
import { measureStatements, withFreshDatabase } from './database.ts';
import { callTableHead, latencyCells, logLoadAverage, mark } from './format.ts';
import { type LatencyFigures, loadSeconds, warmUpSeconds } from './settings.ts';
import { runLoadBenchmarkModule, withPerchWorker } from './worker-perch.ts';

/** The load: 10 concurrent clients, each with p95 under 50 ms. */
export const teamBookingsConnections = 10;
export const teamBookingsTargetP95Ms = 50;
const poolSize = 10;
const sessionDays = 30;

export interface TeamBookingsCallFigures {
  label: string;
  path: string;
  total: number;
  http: LatencyFigures & { failures: number };
  /**
   * The call's SQL alone through pg, 10 connections: the admin check with the bookings revision, then the page and the
   * count at once. What an answer costs when the revision has changed since the page was last answered.
   */
  sql: LatencyFigures;
}

export interface TeamBookingsLoadFigures {
  seeding: { seconds: number; bookings: number; members: number };
  calls: TeamBookingsCallFigures[];
}

/** What Team Bookings asks first (the spec's window: 30 days back to 60 ahead) and a search for one person. */
function callsToMeasure(today: string): Array<{ label: string; query: TeamBookingsQueryInput }> {
  return [
    {
      label: 'first page: active bookings, 30 days back to 60 ahead, by date',
      query: { from: addDays(today, -30), to: addDays(today, 60) },
    },
    {
      label: 'search "last1899" (one person), active and cancelled, without permanent, latest first',
      query: { q: 'last1899', status: 'all', permanent: 'exclude', sort: 'date-desc' },
    },
  ];
}

/** One autocannon run at the 10 clients. */
async function load(options: AutocannonOptions, seconds: number): Promise<LatencyFigures & { failures: number }> {
  const { requests: _requests, ...figures } = await loadWithAutocannon(
    { connections: teamBookingsConnections, ...options },
    seconds,
  );
  return figures;
}

/** The very statements the service runs for a call, through pg with the app's pool size and nothing else. */
async function measureSqlCeiling(
  databaseUrl: string,
  adminId: string,
  selection: TeamBookingsSelection,
  pageSize: number,
) {
  return measureStatements(databaseUrl, { poolSize, concurrency: teamBookingsConnections }, async (db) => {
    await findBookingsRevision(db, selection.organizationId, adminId);
    await Promise.all([
      listTeamBookings(db, selection, { limit: pageSize, offset: 0 }),
      countTeamBookings(db, selection),
    ]);
  });
}

export async function measureTeamBookingsLoad(options: { databaseUrl: string }): Promise<TeamBookingsLoadFigures> {
  const { databaseUrl } = options;
  return withFreshDatabase(databaseUrl, async () => {
    const { seeded, adminId, seconds } = await seedBigOrganization(databaseUrl, sessionDays);
    const calls = callsToMeasure(todayIn(bigOrganization.timeZone));
    // The ceilings first, with nothing else running; then the server.
    const ceilings: LatencyFigures[] = [];
    for (const call of calls) {
      const query = teamBookingsQuerySchema.parse(call.query);
      const selection: TeamBookingsSelection = {
        organizationId: seeded.organizationId,
        words: searchWords(query.q),
        floorId: query.floorId,
        from: query.from,
        to: query.to,
        status: query.status,
        permanent: query.permanent,
        sort: query.sort,
      };
      ceilings.push(await measureSqlCeiling(databaseUrl, adminId, selection, query.pageSize));
    }

    logLoadAverage();
    const results = await withPerchWorker(
      import.meta.url,
      { perchTeamBookingsLoad: true, databaseUrl },
      async ({ base }) => {
        // Team Bookings is for admins: the seeded admin's session (the first cookie).
        const headers = { cookie: seeded.cookies[0] ?? '', 'accept-encoding': 'gzip, deflate, br' };
        const measured: TeamBookingsCallFigures[] = [];
        for (const [index, call] of calls.entries()) {
          const requestPath = `/api/organizations/${seeded.organizationId}/team-bookings?${teamBookingsSearchParams(teamBookingsQuerySchema.parse(call.query))}`;
          const url = `${base}${requestPath}`;
          const sample = await fetch(url, { headers: { cookie: headers.cookie } });
          const body = (await sample.json()) as { total?: number; items?: unknown[] };
          if (sample.status !== 200)
            throw new Error(`${requestPath} answered ${sample.status}: ${JSON.stringify(body)}`);
          console.log(`${call.label}: ${body.items?.length} of ${body.total} bookings.`);
          await load({ url, headers }, warmUpSeconds);
          const http = await load({ url, headers }, loadSeconds);
          measured.push({ label: call.label, path: requestPath, total: body.total ?? 0, http, sql: ceilings[index]! });
        }
        return measured;
      },
    );
    return {
      seeding: {
        seconds: Number(seconds.toFixed(1)),
        bookings: seeded.counts.bookings,
        members: bigOrganization.members,
      },
      calls: results,
    };
  });
}

/** The section bench/run.ts writes into docs/benchmarks.md. */
export function teamBookingsSection(figures: TeamBookingsLoadFigures): string {
  const rows = figures.calls.flatMap((call) => [
    `| ${call.label} (${call.total.toLocaleString('en')} match; ${call.http.failures} failures) | ${latencyCells(call.http)} | ${(call.http.p95 / call.sql.p95).toFixed(2)}× | p95 < ${teamBookingsTargetP95Ms} ms: ${mark(call.http.p95 < teamBookingsTargetP95Ms && call.http.failures === 0)} |`,
    `| ↳ its SQL alone through pg (admin check and revision, then page and count at once; ${poolSize} connections) | ${latencyCells(call.sql)} | | |`,
  ]);
  return `## Team Bookings at scale (bench/team-bookings-load.ts, PostgreSQL, ${teamBookingsConnections} concurrent clients)

The organization of the booking load: ${figures.seeding.members.toLocaleString('en')} members, ${figures.seeding.bookings.toLocaleString('en')} bookings seeded in all. Its admin's GET /api/organizations/{id}/team-bookings
(page size 50). The server answers a page again from its memory while the organization's bookings revision is
unchanged (decision 009), as it is during these runs; the ceiling is the call's own statements run alone through
\`pg\` with the app's pool size, in the same run: the admin check with the revision, then the page and the count at
once, which is what every answer costs once a booking has changed. The ratio is the call's p95 over its SQL's p95.

${callTableHead}
${rows.join('\n')}
`;
}

await runLoadBenchmarkModule(import.meta.url, {
  workerFlag: 'perchTeamBookingsLoad',
  server: { poolSize, name: 'team', sessionDays },
  label: 'Team Bookings',
  minutes: 5,
  defaultDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/perch_bench_team_bookings',
  measure: measureTeamBookingsLoad,
  section: teamBookingsSection,
});

// The 9 o'clock rush (issue 13, decision 013): 400 people book one desk, date and slot at the same moment, on one
// Perch instance over PostgreSQL (pool of 10, as deployed), while two members of another organization keep reloading
// their day's bookings and a load balancer keeps checking /api/health. Several rounds, each on a fresh date.
// Figures: answers by status, the rush's p50/p99, and the bystanders' day-read p95 during the rush as a ratio to its
// p95 with nothing else running.
// Run directly: npx node bench/rush.ts [postgres://...]   (default perch_bench_rush; it stops itself in 3 minutes): it
// replaces only its own section of docs/benchmarks.md (BENCH_QUICK=1: prints it only). `npm run bench` runs it too.
// The server runs in a worker thread, so that it does not share an event loop with the 400 clients.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '#domain/dates.ts';
import { openDatabase, type SqlRunner } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { digestToken } from '#server/tokens.ts';
import { withFreshDatabase } from './database.ts';
import { mark, ms } from './format.ts';
import { describeMachine, replaceReportSection } from './machine.ts';
import { isQuick, percentile } from './settings.ts';
import { runLoadBenchmarkModule, withPerchWorker } from './worker-perch.ts';

const rushSize = 400;
const rounds = isQuick ? 2 : 6;
const poolSize = 10;
const bystanders = 2;
/** How long the bystanders read alone, for the figure without the rush. */
const quietSeconds = isQuick ? 2 : 5;
const timeZone = 'Europe/London';

export interface RushFigures {
  rounds: number;
  requestsPerRound: number;
  /** Answers of every round together, by HTTP status ("socket error" when none came). */
  statuses: Record<string, number>;
  /** 201s in each round: one desk, one slot, so exactly one each. */
  winnersPerRound: number[];
  /** Milliseconds from sending a booking to its whole answer, over every round. */
  latency: { p50: number; p99: number; max: number };
  /** The same crowd sending a body the schema refuses (its session is read, then 400): the cost of the crowd itself. */
  ceiling: { p50: number; p99: number; max: number; statuses: Record<string, number> };
  health: { checks: number; failures: number };
  bystander: {
    quiet: { p50: number; p95: number; samples: number };
    duringRush: { p50: number; p95: number; samples: number; failures: number };
    /** p95 during the rush over p95 alone. */
    ratio: number;
  };
  loadAverage: number;
  /** Where it ran: cores, memory, Node and PostgreSQL versions. */
  machine: string;
}

interface Seeded {
  rushOrganizationId: string;
  deskId: string;
  rushCookies: string[];
  bystanderOrganizationId: string;
  bystanderCookies: string[];
  readDate: string;
  firstRushDate: string;
}

async function insertMembers(sql: SqlRunner, organizationId: string, prefix: string, count: number) {
  const rows = await sql.query<{ id: string }>(
    `WITH u AS (
       INSERT INTO users (email, first_name, last_name)
       SELECT $2 || '-' || n || '@example.com', 'Rush', 'Person ' || n FROM generate_series(1, $3::int) AS n
       RETURNING id
     )
     INSERT INTO memberships (organization_id, user_id, role) SELECT $1, id, 'member' FROM u RETURNING user_id AS id`,
    [organizationId, prefix, count],
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await sql.query(
    `INSERT INTO sessions (id, user_id, expires_at)
     SELECT digest, user_id, now() + interval '30 days' FROM unnest($1::text[], $2::uuid[]) AS s(digest, user_id)`,
    [tokens.map(digestToken), rows.map((row) => row.id)],
  );
  return tokens.map((token) => `perch_session=${token}`);
}

/** Two organizations: one with a single desk and 400 members, and a bystander with 100 desks booked on its read date. */
async function seed(sql: SqlRunner): Promise<Seeded> {
  const today = todayIn(timeZone);
  const [rush, bystander] = await sql.query<{ id: string }>(
    `INSERT INTO organizations (name, slug, time_zone) VALUES ('Rush Ltd', 'rush', $1), ('Bystander plc', 'bystander', $1)
     RETURNING id`,
    [timeZone],
  );
  if (!rush || !bystander) throw new Error('organizations not seeded');
  await sql.query(
    `INSERT INTO subscriptions (organization_id, plan_id, plan_name, max_users, status)
     SELECT id, 'tier-4', 'Tier 4', 5000, 'active' FROM organizations`,
  );
  await sql.query(`INSERT INTO floors (organization_id, name) VALUES ($1, 'Floor 1'), ($2, 'Floor 1')`, [
    rush.id,
    bystander.id,
  ]);
  // Their offices work every day (issue 28): a round's date may fall on a weekend, and the crowd is members.
  await sql.query(`UPDATE sites SET working_days = '{1,2,3,4,5,6,7}'::smallint[] WHERE organization_id IN ($1, $2)`, [
    rush.id,
    bystander.id,
  ]);
  await sql.query(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
     SELECT f.organization_id, f.id, 'D' || lpad(n::text, 3, '0'), (n % 10) * 150, (n / 10) * 90, 120, 80
     FROM floors f, generate_series(1, CASE WHEN f.organization_id = $1 THEN 1 ELSE 100 END) AS n`,
    [rush.id],
  );
  const rushCookies = await insertMembers(sql, rush.id, 'rush', rushSize);
  const bystanderCookies = await insertMembers(sql, bystander.id, 'bystander', 20);
  const readDate = addDays(today, 1);
  await sql.query(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
     SELECT d.organization_id, d.id, m.user_id, $2::date, 'full-day'
     FROM (SELECT id, organization_id, row_number() OVER (ORDER BY name) AS i FROM desks WHERE organization_id = $1) AS d
       JOIN LATERAL (SELECT user_id FROM memberships WHERE organization_id = $1 ORDER BY user_id OFFSET d.i % 20 LIMIT 1) AS m
         ON true
     WHERE d.i <= 80`,
    [bystander.id, readDate],
  );
  await sql.exec('VACUUM ANALYZE');
  const [desk] = await sql.query<{ id: string }>('SELECT id FROM desks WHERE organization_id = $1', [rush.id]);
  return {
    rushOrganizationId: rush.id,
    deskId: desk?.id ?? '',
    rushCookies,
    bystanderOrganizationId: bystander.id,
    bystanderCookies,
    readDate,
    firstRushDate: addDays(today, 2),
  };
}

interface Answer {
  status: number | 'socket error';
  ms: number;
  startedAt: number;
}

// Every booking on a socket of its own, as 400 browsers would open.
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
// The bystanders and the health check reuse theirs, as a browser and a load balancer do.
const keptAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function send(
  url: string,
  options: { method?: string; cookie?: string; body?: unknown; agent?: http.Agent } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? keptAgent,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : { 'accept-encoding': 'gzip, deflate, br' }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - startedAt, startedAt }),
        );
      },
    );
    request.on('error', () => resolve({ status: 'socket error', ms: performance.now() - startedAt, startedAt }));
    request.end(payload);
  });
}

function countStatuses(answers: Answer[]): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  return statuses;
}

const round2 = (value: number) => Number(value.toFixed(1));
const summary = (answers: Answer[]) => {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    p50: round2(percentile(sorted, 0.5)),
    p95: round2(percentile(sorted, 0.95)),
    p99: round2(percentile(sorted, 0.99)),
    max: round2(sorted.at(-1) ?? Number.NaN),
    samples: sorted.length,
  };
};

/** Bystanders reload their day's bookings back to back until `isOver` says stop. */
async function readWhile(base: string, seeded: Seeded, isOver: () => boolean): Promise<Answer[]> {
  const url = `${base}/api/organizations/${seeded.bystanderOrganizationId}/bookings?startDate=${seeded.readDate}&endDate=${seeded.readDate}`;
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: bystanders }, async (_, index) => {
      while (!isOver()) answers.push(await send(url, { cookie: seeded.bystanderCookies[index] }));
    }),
  );
  return answers;
}

async function checkHealthWhile(base: string, isOver: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (!isOver()) answers.push(await send(`${base}/api/health`));
  return answers;
}

/** The crowd alone: 400 simultaneous signed-in POSTs that the schema refuses, so no booking work is done. */
async function crowdRound(base: string, seeded: Seeded) {
  return Promise.all(
    seeded.rushCookies.map((cookie) =>
      send(`${base}/api/bookings`, {
        method: 'POST',
        cookie,
        agent,
        body: { organizationId: seeded.rushOrganizationId },
      }),
    ),
  );
}

async function rushRound(base: string, seeded: Seeded, date: string) {
  let isOver = false;
  const startedAt = performance.now();
  const reads = readWhile(base, seeded, () => isOver);
  const checks = checkHealthWhile(base, () => isOver);
  const bookings = await Promise.all(
    seeded.rushCookies.map((cookie) =>
      send(`${base}/api/bookings`, {
        method: 'POST',
        cookie,
        agent,
        body: {
          organizationId: seeded.rushOrganizationId,
          deskId: seeded.deskId,
          bookingDate: date,
          timeSlot: 'morning',
        },
      }),
    ),
  );
  isOver = true;
  // Reads sent once the rush was over are left out: they measure the quiet after it.
  const endedAt = Math.max(...bookings.map((answer) => answer.startedAt + answer.ms));
  const during = (await reads).filter((answer) => answer.startedAt >= startedAt && answer.startedAt < endedAt);
  return { bookings, reads: during, checks: await checks };
}

export async function measureRush(options: { databaseUrl: string }): Promise<RushFigures> {
  const { databaseUrl } = options;
  return withFreshDatabase(databaseUrl, async () => {
    const seeder = await openDatabase({ databaseUrl, poolSize: 2 });
    await migrate(seeder.sql);
    const seeded = await seed(seeder.sql);
    await seeder.close();
    const { quiet, bookings, reads, checks, winnersPerRound, crowd, loadAverage, machine } = await withPerchWorker(
      import.meta.url,
      { perchRush: true, databaseUrl },
      async ({ base }) => {
        // Warm-up (connections, prepared statements, the day read's cache), then the bystanders alone.
        let quietUntil = performance.now() + 1000;
        await readWhile(base, seeded, () => performance.now() > quietUntil);
        quietUntil = performance.now() + quietSeconds * 1000;
        const quiet = await readWhile(base, seeded, () => performance.now() > quietUntil);

        const bookings: Answer[] = [];
        const reads: Answer[] = [];
        const checks: Answer[] = [];
        const winnersPerRound: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const result = await rushRound(base, seeded, addDays(seeded.firstRushDate, round));
          bookings.push(...result.bookings);
          reads.push(...result.reads);
          checks.push(...result.checks);
          winnersPerRound.push(result.bookings.filter((answer) => answer.status === 201).length);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const crowd: Answer[] = [];
        for (let round = 0; round < rounds; round++) {
          crowd.push(...(await crowdRound(base, seeded)));
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const loadAverage = os.loadavg()[0] ?? 0;
        const machine = describeMachine(databaseUrl);
        return { quiet, bookings, reads, checks, winnersPerRound, crowd, loadAverage, machine };
      },
    );

    const rush = summary(bookings);
    const crowdFigures = summary(crowd);
    const quietFigures = summary(quiet);
    const duringFigures = summary(reads);
    return {
      rounds,
      requestsPerRound: rushSize,
      statuses: countStatuses(bookings),
      winnersPerRound,
      latency: { p50: rush.p50, p99: rush.p99, max: rush.max },
      ceiling: { p50: crowdFigures.p50, p99: crowdFigures.p99, max: crowdFigures.max, statuses: countStatuses(crowd) },
      health: { checks: checks.length, failures: checks.filter((answer) => answer.status !== 200).length },
      bystander: {
        quiet: { p50: quietFigures.p50, p95: quietFigures.p95, samples: quietFigures.samples },
        duringRush: {
          p50: duringFigures.p50,
          p95: duringFigures.p95,
          samples: duringFigures.samples,
          failures: reads.filter((answer) => answer.status !== 200).length,
        },
        ratio: Number((duringFigures.p95 / quietFigures.p95).toFixed(2)),
      },
      loadAverage: Number(loadAverage.toFixed(2)),
      machine,
    };
  });
}

const heading = "## The 9 o'clock rush";

/** The section of docs/benchmarks.md. */
export function rushSection(figures: RushFigures, measuredOn = new Date()): string {
  const listed = (statuses: Record<string, number>) =>
    Object.entries(statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  const answers = listed(figures.statuses);
  const fiveHundreds = Object.entries(figures.statuses)
    .filter(([status]) => !['201', '409', '429'].includes(status))
    .reduce((sum, [, count]) => sum + count, 0);
  const { quiet, duringRush } = figures.bystander;
  return `${heading} (bench/rush.ts, PostgreSQL, one instance, pool of ${poolSize})

Measured ${measuredOn.toISOString().slice(0, 10)} on ${figures.machine}.
${figures.requestsPerRound} members book one desk, date and slot at the same moment, each on a socket of its own;
${figures.rounds} rounds, each on a new date. Meanwhile ${bystanders} members of another organization reload their day's bookings
(80 bookings) back to back, and /api/health is checked back to back. Load average at the end: ${figures.loadAverage}
(decision 013).

| Figure | Value | Target |
|---|---|---|
| Answers, all rounds | ${answers} | only 201, 409, 429: ${mark(fiveHundreds === 0)} |
| 201s per round | ${figures.winnersPerRound.join(', ')} | exactly 1: ${mark(figures.winnersPerRound.every((count) => count === 1))} |
| Booking latency p50 / p99 / max | ${ms(figures.latency.p50)} / ${ms(figures.latency.p99)} / ${ms(figures.latency.max)} | |
| Ceiling: the same crowd, body refused by the schema (${listed(figures.ceiling.statuses)}), p50 / p99 / max | ${ms(figures.ceiling.p50)} / ${ms(figures.ceiling.p99)} / ${ms(figures.ceiling.max)} | |
| /api/health during the rush | ${figures.health.checks} checks, ${figures.health.failures} not 200 | all 200: ${mark(figures.health.failures === 0 && figures.health.checks > 0)} |
| Bystander day read alone, p50 / p95 | ${ms(quiet.p50)} / ${ms(quiet.p95)} (${quiet.samples} reads) | |
| Bystander day read during the rush, p50 / p95 | ${ms(duringRush.p50)} / ${ms(duringRush.p95)} (${duringRush.samples} reads, ${duringRush.failures} not 200) | p95 < 100 ms: ${mark(duringRush.p95 < 100 && duringRush.failures === 0)} |
| Ratio of the bystander's p95, rush / alone | ${figures.bystander.ratio.toFixed(2)}× | |
`;
}

/** The report with its section replaced by `section` (appended when it has none). */
export function replaceRushSection(report: string, section: string): string {
  return replaceReportSection(report, heading, section);
}

await runLoadBenchmarkModule(import.meta.url, {
  workerFlag: 'perchRush',
  server: { poolSize, name: 'rush' },
  label: 'rush',
  minutes: 3,
  defaultDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/perch_bench_rush',
  measure: measureRush,
  section: rushSection,
  afterPrint: (section) => {
    if (isQuick) return;
    const report = path.resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');
    writeFileSync(report, replaceRushSection(readFileSync(report, 'utf8'), section));
    console.log(`The rush section of ${path.relative(process.cwd(), report)} is rewritten.`);
  },
});

// Check-in at the start of an office day (issue 16): POST /api/bookings/{id}/check-in by 50 concurrent clients, each
// request a different person checking in to their own booking, with the call's SQL alone as its ceiling; and passes
// of the release job over the 250,000-booking dataset. PostgreSQL only.

import { randomBytes } from 'node:crypto';
import { todayIn } from '#domain/dates.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { checkInOwnBooking } from '#server/modules/check-in/repo.ts';
import { releaseNoShows } from '#server/modules/check-in/service.ts';
import { digestToken } from '#server/tokens.ts';
import { zoneWhereHourIs } from '#test-support/time-zones.ts';
import { type AutocannonOptions, loadWithAutocannon } from './autocannon.ts';
import { bigOrganization, seedBookings } from './bookings-seed.ts';
import { measureStatements, withFreshDatabase } from './database.ts';
import { latencyCells, logLoadAverage, mark, ms } from './format.ts';
import { connections, type LatencyFigures, loadSeconds, warmUpSeconds } from './settings.ts';
import { openPerch, runLoadBenchmarkModule, withPerchWorker } from './worker-perch.ts';

/** The targets. */
export const checkInTargetP95Ms = 30;
export const releasePassTargetMs = 1000;
const poolSize = 10;
const sessionDays = 30;
/** People of the check-in organization, each with a desk and a full-day booking today: one check-in each. */
const people = 30_000;
const checkInOrganizationId = '00000000-0000-4000-8000-00000000c0de';

export interface CheckInLoadFigures {
  seeding: { seconds: number; bookings: number };
  http: LatencyFigures & { failures: number; requests: number; firstCheckIns: number };
  sql: LatencyFigures;
  release: {
    /** The first pass after check-in became required a week ago: every due booking of the week released. */
    backlog: { ms: number; released: number };
    /** Passes with nothing due, as nearly every minute's is: median and worst of 10. */
    steady: { medianMs: number; maxMs: number };
    /** A minute's pass releasing one morning's no-shows of the big organization. */
    morning: { ms: number; released: number };
  };
}

const round = (value: number) => Number(value.toFixed(2));

/**
 * The big organization of the booking load (250,000 bookings), and an organization that requires check-in whose
 * clock shows 10 or 11 in the morning now: its people each hold a full-day booking of today, inside the window
 * (08:30 to 13:00 with 240 minutes of grace).
 */
async function seed(databaseUrl: string) {
  const started = performance.now();
  const seeder = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await migrate(seeder.sql);
    const seeded = await seedBookings(seeder.sql, sessionDays);
    const timeZone = zoneWhereHourIs([10, 11]);
    const today = todayIn(timeZone);
    await seeder.sql.query(
      `INSERT INTO organizations (id, name, slug, time_zone, one_desk_per_person, check_in_required,
         check_in_grace_minutes, check_in_required_since)
       VALUES ($1, 'Check-in Corp', 'check-in-corp', $2, true, true, 240, now() - interval '30 days')`,
      [checkInOrganizationId, timeZone],
    );
    await seeder.sql.query(
      `INSERT INTO subscriptions (organization_id, plan_id, plan_name, max_users, status)
       VALUES ($1, 'tier-4', 'Tier 4', 50000, 'active')`,
      [checkInOrganizationId],
    );
    await seeder.sql.query(
      `INSERT INTO users (email, first_name, last_name)
       SELECT 'check-in-' || lpad(n::text, 5, '0') || '@example.com', 'Check' || n, 'In' || n
       FROM generate_series(1, $1::int) AS n`,
      [people],
    );
    await seeder.sql.query(
      `INSERT INTO memberships (organization_id, user_id, role)
       SELECT $1, id, 'member' FROM users WHERE email LIKE 'check-in-%'`,
      [checkInOrganizationId],
    );
    await seeder.sql.query(
      `INSERT INTO floors (organization_id, name) SELECT $1, 'Floor ' || n FROM generate_series(1, $2::int) AS n`,
      [checkInOrganizationId, people / 500],
    );
    await seeder.sql.query(
      `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
       SELECT $1, f.id, 'D' || lpad(n::text, 3, '0'), (n % 25) * 75, (n / 25) * 50, 60, 40
       FROM (SELECT id FROM floors WHERE organization_id = $1) AS f, generate_series(1, 500) AS n`,
      [checkInOrganizationId],
    );
    await seeder.sql.query(
      `WITH d AS (SELECT id, row_number() OVER (ORDER BY id) AS i FROM desks WHERE organization_id = $1),
         u AS (SELECT id, row_number() OVER (ORDER BY email) AS i FROM users WHERE email LIKE 'check-in-%')
       INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
       SELECT $1, d.id, u.id, $2::date, 'full-day' FROM d JOIN u USING (i)`,
      [checkInOrganizationId, today],
    );
    const bookings = await seeder.sql.query<{ id: string; user_id: string }>(
      `SELECT b.id, b.user_id FROM bookings b JOIN users u ON u.id = b.user_id
       WHERE b.organization_id = $1 ORDER BY u.email`,
      [checkInOrganizationId],
    );
    const tokens = bookings.map(() => randomBytes(32).toString('base64url'));
    await seeder.sql.query(
      `INSERT INTO sessions (id, user_id, expires_at)
       SELECT digest, user_id, now() + make_interval(days => $3::int) FROM unnest($1::text[], $2::uuid[]) AS s(digest, user_id)`,
      [tokens.map(digestToken), bookings.map((booking) => booking.user_id), sessionDays],
    );
    await seeder.sql.exec('VACUUM ANALYZE');
    const [count] = await seeder.sql.query<{ count: string }>('SELECT count(*) FROM bookings');
    return {
      seconds: (performance.now() - started) / 1000,
      bookings: Number(count?.count),
      checkIns: bookings.map((booking, index) => ({
        bookingId: booking.id,
        userId: booking.user_id,
        token: tokens[index]!,
      })),
      bigOrganizationId: seeded.organizationId,
    };
  } finally {
    await seeder.close();
  }
}

async function forgetCheckIns(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await database.sql.query('UPDATE bookings SET checked_in_at = NULL WHERE organization_id = $1', [
      checkInOrganizationId,
    ]);
    await database.sql.exec('VACUUM ANALYZE bookings');
  } finally {
    await database.close();
  }
}

/** The call's own statement (the booking with its organization and the caller's role, and the update) through pg. */
async function measureSqlCeiling(databaseUrl: string, checkIns: Array<{ bookingId: string; userId: string }>) {
  // One count through the warm-up and the measured run, so the run goes on to bookings the warm-up left alone.
  let next = 0;
  return measureStatements(databaseUrl, { poolSize, concurrency: connections }, async (db) => {
    const { bookingId, userId } = checkIns[next++ % checkIns.length]!;
    const booking = await checkInOwnBooking(db, bookingId, userId, new Date());
    if (!booking) throw new Error('a seeded booking is missing');
  });
}

/** Passes of the release job in this process, on Perch's own context (mail dropped). */
async function measureRelease(databaseUrl: string, bigOrganizationId: string): Promise<CheckInLoadFigures['release']> {
  const perch = await openPerch(databaseUrl, { poolSize, name: 'check-in-release' });
  const { app, database } = perch;
  try {
    // Everyone of the check-in organization came in; the big organization starts requiring check-in as of a week
    // ago, with release: its week's bookings are due.
    await database.sql.query(
      'UPDATE bookings SET checked_in_at = now() WHERE organization_id = $1 AND checked_in_at IS NULL',
      [checkInOrganizationId],
    );
    await database.sql.query(
      `UPDATE organizations SET check_in_required = true, check_in_grace_minutes = 30, auto_release = true,
         check_in_required_since = now() - interval '8 days' WHERE id = $1`,
      [bigOrganizationId],
    );
    const timed = async (now: Date) => {
      const started = performance.now();
      const released = await releaseNoShows(app.perch, now);
      return { ms: round(performance.now() - started), released };
    };
    const backlog = await timed(new Date());
    const steadyTimes: number[] = [];
    for (let pass = 0; pass < 10; pass += 1) steadyTimes.push((await timed(new Date())).ms);
    steadyTimes.sort((a, b) => a - b);
    // Tomorrow's 09:30 in the big organization's zone: that morning's bookings fall due in one pass.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const [row] = await database.sql.query<{ at: string }>(
      `SELECT ((($1::date) + time '09:30') AT TIME ZONE $2)::text AS at`,
      [todayIn(bigOrganization.timeZone, tomorrow), bigOrganization.timeZone],
    );
    const morning = await timed(new Date(row?.at ?? Date.now()));
    return {
      backlog,
      steady: { medianMs: steadyTimes[Math.floor(steadyTimes.length / 2)] ?? 0, maxMs: steadyTimes.at(-1) ?? 0 },
      morning,
    };
  } finally {
    await perch.close();
  }
}

export async function measureCheckInLoad(options: { databaseUrl: string }): Promise<CheckInLoadFigures> {
  const { databaseUrl } = options;
  return withFreshDatabase(databaseUrl, async () => {
    const seeded = await seed(databaseUrl);
    console.log(`Seeded ${seeded.bookings.toLocaleString('en')} bookings in ${seeded.seconds.toFixed(1)} s.`);
    const sql = await measureSqlCeiling(databaseUrl, seeded.checkIns);
    console.log(`Check-in SQL alone: p95 ${sql.p95} ms, ${sql.rps}/s.`);
    await forgetCheckIns(databaseUrl);

    logLoadAverage();
    const { http, firstCheckIns } = await withPerchWorker(
      import.meta.url,
      { perchCheckInLoad: true, databaseUrl },
      async ({ base }) => {
        let next = 0;
        const options: AutocannonOptions = {
          url: base,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                const checkIn = seeded.checkIns[next++ % seeded.checkIns.length]!;
                return {
                  ...request,
                  path: `/api/bookings/${checkIn.bookingId}/check-in`,
                  headers: { cookie: `perch_session=${checkIn.token}`, 'content-type': 'application/json' },
                  body: '{}',
                };
              },
            },
          ],
        };
        const first = seeded.checkIns[0]!;
        const sample = await fetch(`${options.url}/api/bookings/${first.bookingId}/check-in`, {
          method: 'POST',
          headers: { cookie: `perch_session=${first.token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        if (sample.status !== 200) throw new Error(`check-in answered ${sample.status}: ${await sample.text()}`);
        await loadWithAutocannon(options, warmUpSeconds);
        // Every check-in of the measured run is someone's first, as long as there are people left.
        const before = next;
        const http = await loadWithAutocannon(options, loadSeconds);
        console.log(`Check-in over HTTP: p95 ${http.p95} ms, ${http.rps}/s, ${http.failures} failures.`);
        return { http, firstCheckIns: Math.min(http.requests, Math.max(0, seeded.checkIns.length - before)) };
      },
    );

    const release = await measureRelease(databaseUrl, seeded.bigOrganizationId);
    return {
      seeding: { seconds: round(seeded.seconds), bookings: seeded.bookings },
      http: { ...http, firstCheckIns },
      sql,
      release,
    };
  });
}

/** The section bench/run.ts writes into docs/benchmarks.md. */
export function checkInSection(figures: CheckInLoadFigures): string {
  const { http, sql, release } = figures;
  return `## Check-in and the release of no-shows (bench/check-in-load.ts, PostgreSQL)

${figures.seeding.bookings.toLocaleString('en')} bookings in the database: the booking load's big organization and an
organization that requires check-in, whose ${people.toLocaleString('en')} people each hold a full-day booking of
today inside its window. ${connections} concurrent clients each POST /api/bookings/{id}/check-in for a different
person's own booking (${http.firstCheckIns.toLocaleString('en')} of the measured ${http.requests.toLocaleString('en')} requests were first check-ins, which write;
the rest answer a check-in already made). The ceiling is the call's own statement (read, judge and write in one) through \`pg\` with the app's
pool size (${poolSize}), in the same run. The release passes run the job's own function over the whole database.

| What | p50 | p95 | p99 | requests/s | target |
|---|---|---|---|---|---|
| Check-in, ${connections} clients (${http.failures} failures) | ${latencyCells(http)} | p95 < ${checkInTargetP95Ms} ms: ${mark(http.p95 < checkInTargetP95Ms && http.failures === 0)} |
| ↳ its SQL alone through pg (${connections} clients, pool of ${poolSize}) | ${latencyCells(sql)} | |

| Release pass | time | released | target |
|---|---|---|---|
| First pass after check-in became required a week before (the week's no-shows of the big organization) | ${ms(release.backlog.ms)} | ${release.backlog.released.toLocaleString('en')} | < ${releasePassTargetMs} ms: ${mark(release.backlog.ms < releasePassTargetMs)} |
| A morning's pass at 09:30 (that morning's no-shows) | ${ms(release.morning.ms)} | ${release.morning.released.toLocaleString('en')} | < ${releasePassTargetMs} ms: ${mark(release.morning.ms < releasePassTargetMs)} |
| A pass with nothing due, median and worst of 10 | ${ms(release.steady.medianMs)}, ${ms(release.steady.maxMs)} | 0 | < ${releasePassTargetMs} ms: ${mark(release.steady.maxMs < releasePassTargetMs)} |
`;
}

await runLoadBenchmarkModule(import.meta.url, {
  workerFlag: 'perchCheckInLoad',
  server: { poolSize, name: 'check-in', sessionDays },
  label: 'check-in',
  minutes: 5,
  defaultDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/perch_bench_check_in',
  measure: measureCheckInLoad,
  section: checkInSection,
});

// Booking load: the day's bookings of a 500-desk organization and booking creation, each for ~10 s at
// 50 connections, beside a bare Fastify route measured the same way (the machine's ceiling) and the
// cheapest signed-in call, GET /api/user (what the shared session lookup alone allows).
// Run directly: npx node bench/bookings-load.ts [postgres://...]   (default perch_bench_bookings).
// The server runs in a worker thread, so that it does not share an event loop with the load generator.
import { parentPort, type Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';
import { addDays } from '#domain/dates.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { type AutocannonOptions, autocannon } from './autocannon.ts';
import { seedBookings } from './bookings-seed.ts';
import { withClient, withFreshDatabase } from './database.ts';
import { logLoadAverage } from './format.ts';
import {
  connections,
  loadSeconds as durationSeconds,
  type LatencyFigures,
  latencyFigures,
  measureQueryLoop,
  warmUpSeconds,
} from './settings.ts';
import { openPerch, portOf, runLoadBenchmarkModule, startPerchWorker, stopPerchWorker } from './worker-perch.ts';

export interface BookingsLoadFigures {
  dayRead: LatencyFigures;
  /** Booking creation under every booking rule (one desk per person, a 730-day window, a 7-day weekly quota, admins
   * not exempt), the requests made to pass them: what judging costs. */
  create: LatencyFigures & { non409Errors: number };
  /** The same with every rule off, measured just before. */
  createWithoutRules: LatencyFigures & { non409Errors: number };
  /** A bare Fastify route answering a tiny JSON body (the creation's ceiling). */
  ceiling: { p95: number; rps: number };
  /** A bare Fastify route answering the day read's very bytes (brotli, as a browser asks). */
  dayCeiling: { p95: number; rps: number };
  /** The raw SQL through pg, 10 connections as the app's pool: the day's bookings query, and the locked insert. */
  dayReadSql: LatencyFigures;
  createSql: LatencyFigures;
  seeding: { seconds: number; bookings: number; users: number; organizations: number; onReadDate: number };
  /** GET /api/user on the same server: what any signed-in call costs (the session lookup) before its own work. */
  signedInCeiling: { p50: number; p95: number; p99: number; rps: number };
}

const poolSize = 10;
const sessionDays = 30;

/** The worker: Perch on its own database pool and a bare Fastify route, both on loopback. */
async function serve(databaseUrl: string): Promise<void> {
  let mails = 0;
  // Confirmation mails are sent after the answer; here they are counted, not delivered.
  const perch = await openPerch(databaseUrl, {
    poolSize,
    name: 'bookings',
    sessionDays,
    mailer: {
      send: async () => {
        mails += 1;
      },
      close: () => {},
    },
  });
  await perch.app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify();
  bare.get('/ceiling', async () => ({ ok: true }));
  let day: { bytes: Buffer; encoding: string } | undefined;
  // The day read's own bytes, as the real route sends them to a browser asking for brotli.
  bare.get('/day', (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (day) reply.header('content-encoding', day.encoding);
    reply.send(day?.bytes ?? Buffer.from('[]'));
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  parentPort?.postMessage({ port: portOf(perch.app), barePort: portOf(bare) });
  parentPort?.on('message', (message: unknown) => {
    if (message && typeof message === 'object' && 'dayBytes' in message) {
      const { dayBytes, encoding } = message as { dayBytes: Uint8Array; encoding: string };
      day = { bytes: Buffer.from(dayBytes), encoding };
      parentPort?.postMessage({ dayBytesSet: true });
    }
  });
  parentPort?.on('message', async (message: unknown) => {
    if (message !== 'stop') return;
    await bare.close();
    await perch.close();
    parentPort?.postMessage({ mails });
  });
}

interface LoadResult extends LatencyFigures {
  statuses: Map<number, number>;
  socketErrors: number;
  /** Every response's latency, in order. */
  latencies: number[];
  seconds: number;
}

/** One autocannon run; latencies come from every response, so p95 is exact rather than interpolated. */
async function load(options: AutocannonOptions, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({ connections, duration: seconds, ...options });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const startedAt = performance.now();
  const result = await instance;
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ...latencyFigures(latencies, elapsedSeconds),
    statuses,
    socketErrors: result.errors + result.timeouts,
    latencies,
    seconds: elapsedSeconds,
  };
}

/** Runs measured one after the other as one: their latencies together, their requests over their time together. */
function mergeLoads(runs: LoadResult[]): LoadResult {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses = new Map<number, number>();
  for (const run of runs) for (const [status, n] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
  return {
    ...latencyFigures(latencies, seconds),
    statuses,
    socketErrors: runs.reduce((sum, run) => sum + run.socketErrors, 0),
    latencies,
    seconds,
  };
}

// The repo's day read (listActiveBookingsInRange) and one-off insert (placeBooking's insert, under the desk's lock)
// written out as plain SQL, run through pg with the app's pool size: what the database alone allows.
const dayReadSql = `SELECT m.role, r.* FROM memberships m
  LEFT JOIN LATERAL (
    SELECT b.id, b.organization_id AS "organizationId", b.desk_id AS "deskId", d.name AS "deskName",
      f.name AS "floorName", b.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
      b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.notes, b.is_permanent AS "isPermanent"
    FROM (
      SELECT * FROM bookings WHERE organization_id = $1 AND status = 'active' AND booking_date BETWEEN $3 AND $3
      UNION ALL
      SELECT * FROM bookings WHERE organization_id = $1 AND status = 'active' AND is_permanent AND booking_date < $3
    ) AS b
    CROSS JOIN LATERAL (SELECT name, floor_id FROM desks WHERE id = b.desk_id OFFSET 0) AS d
    CROSS JOIN LATERAL (SELECT name FROM floors WHERE id = d.floor_id OFFSET 0) AS f
    CROSS JOIN LATERAL (SELECT first_name, last_name, email FROM users WHERE id = b.user_id OFFSET 0) AS u
  ) AS r ON true
  WHERE m.organization_id = $1 AND m.user_id = $2
  ORDER BY r."bookingDate", r."deskName", r."timeSlot", r.id`;
const insertSql = `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
  SELECT $1::uuid, $2::uuid, $3::uuid, $4::date, 'full-day' FROM (SELECT pg_advisory_xact_lock(hashtextextended($2::uuid::text, 7471))) AS l
  RETURNING id`;

async function measureSqlCeilings(databaseUrl: string, seeded: Awaited<ReturnType<typeof seedBookings>>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  try {
    const members = (
      await pool.query<{ user_id: string }>('SELECT user_id FROM memberships WHERE organization_id = $1 ORDER BY 1', [
        seeded.organizationId,
      ])
    ).rows.map((row) => row.user_id);
    const read = (index: number) =>
      pool.query(dayReadSql, [seeded.organizationId, members[index % members.length], seeded.readDate]);
    await measureQueryLoop(read, { concurrency: poolSize, seconds: warmUpSeconds });
    const dayReadSqlFigures = await measureQueryLoop(read, { concurrency: poolSize, seconds: durationSeconds });
    // Dates far past those the app's creation load uses, one desk and date each, so that every insert succeeds.
    const desks = seeded.bookableDeskIds;
    const insert = (index: number) =>
      pool.query(insertSql, [
        seeded.organizationId,
        desks[index % desks.length],
        members[index % members.length],
        addDays(seeded.firstFreeDate, 400 + Math.floor(index / desks.length)),
      ]);
    const createSqlFigures = await measureQueryLoop(insert, { concurrency: poolSize, seconds: durationSeconds });
    await pool.query('DELETE FROM bookings WHERE booking_date >= $1', [addDays(seeded.firstFreeDate, 400)]);
    await pool.query('VACUUM ANALYZE bookings');
    return { dayReadSql: dayReadSqlFigures, createSql: createSqlFigures };
  } finally {
    await pool.end();
  }
}

export async function measureBookingsLoad(options: { databaseUrl: string }): Promise<BookingsLoadFigures> {
  const { databaseUrl } = options;
  return withFreshDatabase(databaseUrl, async () => {
    let worker: Worker | undefined;
    try {
      const seedingStarted = performance.now();
      const seeder = await openDatabase({ databaseUrl, poolSize: 2 });
      await migrate(seeder.sql);
      const seeded = await seedBookings(seeder.sql, sessionDays);
      await seeder.close();
      const seedingSeconds = (performance.now() - seedingStarted) / 1000;
      const sqlCeilings = await measureSqlCeilings(databaseUrl, seeded);
      console.log(
        `Seeded ${seeded.counts.bookings} bookings (${seeded.counts.bookingsOnReadDate} active on the day read), ` +
          `${seeded.counts.users} users, ${seeded.counts.organizations} organizations in ${seedingSeconds.toFixed(1)} s.`,
      );

      logLoadAverage();
      const server = await startPerchWorker<{ port: number; barePort: number }>(import.meta.url, {
        perchBookingsLoad: true,
        databaseUrl,
      });
      worker = server.worker;
      const app = `http://127.0.0.1:${server.port}`;
      const cookieAt = (index: number) => seeded.cookies[index % seeded.cookies.length]!;

      let readIndex = 0;
      const dayRead: AutocannonOptions = {
        url: app,
        requests: [
          {
            method: 'GET',
            path: `/api/organizations/${seeded.organizationId}/bookings?startDate=${seeded.readDate}&endDate=${seeded.readDate}`,
            // As a browser asks: the answer is ~100 KB of JSON.
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: cookieAt(readIndex++), 'accept-encoding': 'gzip, deflate, br' },
            }),
          },
        ],
      };
      const sample = await fetch(`${app}${dayRead.requests?.[0]?.path}`, { headers: { cookie: cookieAt(0) } });
      const sampleText = await sample.text();
      console.log(
        `Day read answer: ${sample.status}, ${(JSON.parse(sampleText) as unknown[]).length} bookings, ${sampleText.length} bytes.`,
      );
      await load(dayRead, warmUpSeconds);
      const read = await load(dayRead, durationSeconds);
      const dayBytes = zlib.brotliCompressSync(Buffer.from(sampleText), {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      });
      await new Promise((resolve) => {
        server.worker.once('message', resolve);
        server.worker.postMessage({ dayBytes, encoding: 'br' });
      });
      const dayBare: AutocannonOptions = {
        url: `http://127.0.0.1:${server.barePort}/day`,
        requests: [{ method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' } }],
      };
      await load(dayBare, warmUpSeconds);
      const dayCeiling = await load(dayBare, durationSeconds);

      // Every request a different desk and date and a rotating member, so that nearly every one succeeds.
      let createIndex = 0;
      const desks = seeded.bookableDeskIds;
      const creation: AutocannonOptions = {
        url: app,
        requests: [
          {
            method: 'POST',
            path: '/api/bookings',
            setupRequest: (request) => {
              const index = createIndex++;
              return {
                ...request,
                headers: { ...request.headers, cookie: cookieAt(index), 'content-type': 'application/json' },
                body: JSON.stringify({
                  organizationId: seeded.organizationId,
                  deskId: desks[index % desks.length],
                  bookingDate: addDays(seeded.firstFreeDate, Math.floor(index / desks.length)),
                  timeSlot: 'full-day',
                }),
              };
            },
          },
        ],
      };
      // Each date's requests go to different members (more members than desks), so that every rule passes: the figures
      // are the cost of judging, not of refusing. Every rule off, then all on, twice over on the same server (half the
      // time each), so that neither comes after the other only.
      const setRules = (rules: string) =>
        withClient(databaseUrl, (client) =>
          client.query(`UPDATE organizations SET ${rules} WHERE id = $1`, [seeded.organizationId]),
        );
      const rulesOff =
        'one_desk_per_person = false, max_days_ahead = 730, max_bookings_per_week = NULL, admins_exempt_from_limits = true';
      const rulesOn =
        'one_desk_per_person = true, max_days_ahead = 730, max_bookings_per_week = 7, admins_exempt_from_limits = false';
      const withoutRules: LoadResult[] = [];
      const withRules: LoadResult[] = [];
      await load(creation, warmUpSeconds);
      for (let round = 0; round < 2; round++) {
        await setRules(rulesOff);
        withoutRules.push(await load(creation, durationSeconds / 2));
        await setRules(rulesOn);
        withRules.push(await load(creation, durationSeconds / 2));
      }
      const createWithoutRules = mergeLoads(withoutRules);
      const create = mergeLoads(withRules);

      let userIndex = 0;
      const signedIn: AutocannonOptions = {
        url: app,
        requests: [
          {
            method: 'GET',
            path: '/api/user',
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookieAt(userIndex++) } }),
          },
        ],
      };
      await load(signedIn, warmUpSeconds);
      const user = await load(signedIn, durationSeconds);

      const bare: AutocannonOptions = { url: `http://127.0.0.1:${server.barePort}/ceiling` };
      await load(bare, warmUpSeconds);
      const ceiling = await load(bare, durationSeconds);

      const readFailures = [...read.statuses].filter(([status]) => status !== 200);
      if (readFailures.length > 0 || read.socketErrors > 0) {
        console.warn(
          `Day read answered other than 200: ${JSON.stringify(readFailures)}, socket errors ${read.socketErrors}`,
        );
      }
      const conflicts = create.statuses.get(409) ?? 0;
      const errorsOtherThan409 = (run: typeof create) =>
        [...run.statuses].filter(([status]) => status !== 201 && status !== 409).reduce((sum, [, n]) => sum + n, 0) +
        run.socketErrors;
      const non409Errors = errorsOtherThan409(create);
      const { mails } = await stopPerchWorker<{ mails: number }>(worker);
      worker = undefined;
      console.log(
        `Creation: ${create.statuses.get(201) ?? 0} created, ${conflicts} answered 409, ${mails} mails queued.`,
      );
      return {
        dayRead: { p50: read.p50, p95: read.p95, p99: read.p99, rps: read.rps },
        create: { p50: create.p50, p95: create.p95, p99: create.p99, rps: create.rps, non409Errors },
        createWithoutRules: {
          p50: createWithoutRules.p50,
          p95: createWithoutRules.p95,
          p99: createWithoutRules.p99,
          rps: createWithoutRules.rps,
          non409Errors: errorsOtherThan409(createWithoutRules),
        },
        ceiling: { p95: ceiling.p95, rps: ceiling.rps },
        dayCeiling: { p95: dayCeiling.p95, rps: dayCeiling.rps },
        ...sqlCeilings,
        seeding: {
          seconds: Number(seedingSeconds.toFixed(1)),
          bookings: seeded.counts.bookings,
          users: seeded.counts.users,
          organizations: seeded.counts.organizations,
          onReadDate: seeded.counts.bookingsOnReadDate,
        },
        signedInCeiling: { p50: user.p50, p95: user.p95, p99: user.p99, rps: user.rps },
      };
    } finally {
      if (worker) await worker.terminate();
    }
  });
}

/** The figures in one paragraph, for a run of this file alone. */
function bookingsSummary(figures: BookingsLoadFigures): string {
  const ratio = (rps: number) => `${((rps / figures.ceiling.rps) * 100).toFixed(1)} % of the ceiling`;
  return (
    `Day read: p95 ${figures.dayRead.p95} ms, ${figures.dayRead.rps}/s (${ratio(figures.dayRead.rps)}). ` +
    `Creation without rules: p95 ${figures.createWithoutRules.p95} ms, ${figures.createWithoutRules.rps}/s. ` +
    `Creation under all rules: p95 ${figures.create.p95} ms, ${figures.create.rps}/s (${ratio(figures.create.rps)}), ` +
    `${figures.create.non409Errors} errors other than 409. Ceiling: p95 ${figures.ceiling.p95} ms, ${figures.ceiling.rps}/s. ` +
    `Signed-in GET /api/user: p95 ${figures.signedInCeiling.p95} ms, ${figures.signedInCeiling.rps}/s.`
  );
}

await runLoadBenchmarkModule(import.meta.url, {
  workerFlag: 'perchBookingsLoad',
  server: serve,
  label: 'bookings',
  minutes: 5,
  defaultDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/perch_bench_bookings',
  measure: measureBookingsLoad,
  section: bookingsSummary,
});

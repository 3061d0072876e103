// `npm run bench:scale` (BENCH_SCALE=seatsurfing): the seatsurfing scale tier of issue 34 on one PostgreSQL.
// Seeds 100 organizations × 1,000 people × 500 desks × 200,000 bookings each (20 million bookings; bench/scale-seed.ts),
// then, on one Perch instance (pool of 10) at 50 clients (autocannon): the day read of one organization, booking
// creation, Team Bookings' first page and a search, analytics over 90 and 366 days; the release job's pass; the
// sizes of the tables and indexes; EXPLAIN (ANALYZE, BUFFERS) of every statement of each call; how long a migration
// holds its lock on the 20-million-row table. Writes docs/benchmarks-scale.md in full and its summary section into
// docs/benchmarks.md (BENCH_QUICK=1: $TMPDIR/perch-benchmarks-scale.quick.md only).
// Database: BENCH_SCALE_DATABASE_URL (default perch_scale on BENCH_DATABASE_URL's server), recreated and dropped at
// the end. BENCH_SCALE_REUSE=1 keeps a complete seed already there (or finishes an interrupted one); BENCH_SCALE_KEEP=1
// does not drop it at the end. The whole run stops itself after BENCH_SCALE_MINUTES (default 120) minutes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, type Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import pg from 'pg';
import { analyticsSearchParams } from '#domain/analytics.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import { teamBookingsQuerySchema, teamBookingsSearchParams } from '#domain/team-bookings.ts';
import { releaseNoShows } from '#server/modules/check-in/service.ts';
import { type AutocannonOptions, loadWithAutocannon } from './autocannon.ts';
import { recreateDatabase } from './database.ts';
import { latencyCells, logLoadAverage, mark, ms } from './format.ts';
import { describeMachine, replaceReportSection } from './machine.ts';
import { type CapturedPlan, capturePlans } from './scale-plans.ts';
import { measuredOrganization, type ScaleSeed, scale, seedScale } from './scale-seed.ts';
import {
  connections,
  loadSeconds as defaultLoadSeconds,
  isQuick,
  type LatencyFigures,
  warmUpSeconds,
} from './settings.ts';

/** Seconds of load a figure (BENCH_SCALE_LOAD_SECONDS, else the other benchmarks' 10). */
const loadSeconds = Number(process.env.BENCH_SCALE_LOAD_SECONDS ?? defaultLoadSeconds);

import { openPerch, portOf, startPerchWorker, stopPerchWorker } from './worker-perch.ts';

const root = path.resolve(import.meta.dirname, '..');
const poolSize = 10;
const sessionDays = 30;
export const scaleTargets = {
  dayReadP95: 20,
  creationP95: 30,
  teamBookingsP95: 50,
  analytics90P95: 150,
  releasePassMs: 1000,
} as const;
export const scaleHeading = '## Seatsurfing scale: 20 million bookings on one PostgreSQL';

/** The worker: Perch on its own pool and a bare Fastify route (the machine's ceiling), both on loopback. */
async function serve(databaseUrl: string): Promise<void> {
  const perch = await openPerch(databaseUrl, { poolSize, name: 'scale', sessionDays });
  await perch.app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify();
  bare.get('/ceiling', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  parentPort?.postMessage({ port: portOf(perch.app), barePort: portOf(bare) });
  parentPort?.on('message', async (message: unknown) => {
    if (message !== 'stop') return;
    await bare.close();
    await perch.close();
    parentPort?.postMessage('stopped');
  });
}

type Load = LatencyFigures & { failures: number; requests: number; statuses?: string };

interface Call {
  key: string;
  label: string;
  http: Load;
  target?: { p95: number; text: string };
  note?: string;
}

export interface ScaleFigures {
  seed: ScaleSeed;
  ceiling: Load;
  calls: Call[];
  release: { label: string; ms: number; released: number }[];
  sizes: { name: string; kind: string; bytes: number; rows?: number }[];
  databaseBytes: number;
  plans: { call: string; plans: CapturedPlan[] }[];
  migrations: { label: string; statementMs: number; writerWorstMs: number; writerInserts: number; note: string }[];
  loadAverage: number;
  machine: string;
}

/** A weekday range `days` long ending `index` days before yesterday (then again with weekends): one not asked before. */
function analyticsRange(today: string, days: number, index: number) {
  const windows = 725 - days;
  const endDate = addDays(today, -1 - (index % windows));
  const includeWeekends = Math.floor(index / windows) % 2 === 1;
  return { startDate: addDays(endDate, 1 - days), endDate, ...(includeWeekends ? { includeWeekends } : {}) };
}

/** The paths of each measured call for the `index`-th request. */
function paths(seed: ScaleSeed, today: string) {
  const organization = `/api/organizations/${seed.organizationId}`;
  const team = (query: Record<string, unknown>) =>
    `${organization}/team-bookings?${teamBookingsSearchParams(teamBookingsQuerySchema.parse(query))}`;
  return {
    dayRead: `${organization}/bookings?startDate=${seed.readDate}&endDate=${seed.readDate}`,
    teamFirstPage: team({ from: addDays(today, -30), to: addDays(today, 60) }),
    /** Each request a window one day earlier: nothing answered from memory. */
    teamFirstPageFresh: (index: number) =>
      team({ from: addDays(today, -30 - (index % 700)), to: addDays(today, 60 - (index % 700)) }),
    teamSearch: team({ q: seed.searchedName.toLowerCase(), status: 'all', permanent: 'exclude', sort: 'date-desc' }),
    /** Each request another person of the organization: nothing answered from memory. */
    teamSearchFresh: (index: number, lastNames: string[]) =>
      team({
        q: lastNames[index % lastNames.length]?.toLowerCase(),
        status: 'all',
        permanent: 'exclude',
        sort: 'date-desc',
      }),
    analytics: (days: number, index: number) =>
      `${organization}/analytics?${analyticsSearchParams(analyticsRange(today, days, index))}`,
  };
}

async function load(options: AutocannonOptions, seconds = loadSeconds): Promise<Load> {
  await loadWithAutocannon({ ...options }, warmUpSeconds);
  return loadWithAutocannon(options, seconds);
}

/** Creation at 50 clients: each request another desk, date and person, under the organization's own rules. */
async function loadCreation(base: string, seed: ScaleSeed): Promise<Load> {
  let index = 0;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const options: AutocannonOptions = {
    url: base,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        setupRequest: (request) => {
          const at = index++;
          return {
            ...request,
            headers: {
              ...request.headers,
              // People 2… (the admin is exempt from limits); a date's 500 desks go to 500 different people.
              cookie: seed.cookies[1 + (at % (seed.cookies.length - 1))] ?? '',
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              organizationId: seed.organizationId,
              deskId: seed.deskIds[at % seed.deskIds.length],
              bookingDate: addDays(seed.firstFreeDate, Math.floor(at / seed.deskIds.length)),
              timeSlot: 'full-day',
            }),
          };
        },
      },
    ],
  };
  const { autocannon } = await import('./autocannon.ts');
  const run = async (seconds: number) => {
    const instance = autocannon({ ...options, duration: seconds });
    const mine: number[] = [];
    instance.on('response', (_client, status, _bytes, latency) => {
      mine.push(latency);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    const started = performance.now();
    const result = await instance;
    return { latencies: mine, seconds: (performance.now() - started) / 1000, errors: result.errors + result.timeouts };
  };
  await run(warmUpSeconds);
  statuses.clear();
  const measured = await run(loadSeconds);
  latencies.push(...measured.latencies);
  latencies.sort((a, b) => a - b);
  const { latencyFigures } = await import('./settings.ts');
  const created = statuses.get(201) ?? 0;
  return {
    ...latencyFigures(latencies, measured.seconds),
    failures: [...statuses].filter(([status]) => status !== 201).reduce((sum, [, n]) => sum + n, 0) + measured.errors,
    requests: latencies.length,
    statuses: `${created} created${[...statuses]
      .filter(([status]) => status !== 201)
      .map(([status, n]) => `, ${n} answered ${status}`)
      .join('')}`,
  };
}

async function measureLoads(
  databaseUrl: string,
  seed: ScaleSeed,
  today: string,
): Promise<{ ceiling: Load; calls: Call[] }> {
  const server = await startPerchWorker<{ port: number; barePort: number }>(import.meta.url, {
    perchScale: true,
    databaseUrl,
  });
  const worker: Worker = server.worker;
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const at = paths(seed, today);
    const admin = { cookie: seed.cookies[0] ?? '', 'accept-encoding': 'gzip, deflate, br' };
    let reader = 0;
    const calls: Call[] = [];
    const sample = async (requestPath: string) => {
      const response = await fetch(`${base}${requestPath}`, { headers: { cookie: admin.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${requestPath} answered ${response.status}: ${body.slice(0, 300)}`);
      return JSON.parse(body) as unknown;
    };

    logLoadAverage();
    console.log('▶ scale: bare route');
    const ceiling = await load({ url: `http://127.0.0.1:${server.barePort}/ceiling`, connections });

    console.log('▶ scale: day read');
    const day = (await sample(at.dayRead)) as unknown[];
    calls.push({
      key: 'day-read',
      label: `A day's bookings of a 500-desk organization, brotli (${day.length} bookings; GET /api/organizations/{id}/bookings)`,
      http: await load({
        url: base,
        connections,
        requests: [
          {
            method: 'GET',
            path: at.dayRead,
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                cookie: seed.cookies[reader++ % seed.cookies.length] ?? '',
                'accept-encoding': 'gzip, deflate, br',
              },
            }),
          },
        ],
      }),
      target: { p95: scaleTargets.dayReadP95, text: `p95 < ${scaleTargets.dayReadP95} ms` },
    });

    console.log('▶ scale: booking creation');
    const creation = await loadCreation(base, seed);
    calls.push({
      key: 'creation',
      label: `Booking creation under the organization's rules (one desk a person, 90 days ahead; POST /api/bookings; ${creation.statuses})`,
      http: creation,
      target: { p95: scaleTargets.creationP95, text: `p95 < ${scaleTargets.creationP95} ms` },
    });

    console.log('▶ scale: Team Bookings');
    const lastNames = (
      await withPool(databaseUrl, (pool) =>
        pool.query<{ last_name: string }>(
          `SELECT u.last_name FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1
           ORDER BY u.email`,
          [seed.organizationId],
        ),
      )
    ).rows.map((row) => row.last_name);
    const firstPage = (await sample(at.teamFirstPage)) as { total: number };
    const search = (await sample(at.teamSearch)) as { total: number };
    let teamIndex = 0;
    const fresh = (pathOf: (index: number) => string): AutocannonOptions => ({
      url: base,
      connections,
      headers: admin,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(teamIndex++) }) }],
    });
    const teamTarget = { p95: scaleTargets.teamBookingsP95, text: `p95 < ${scaleTargets.teamBookingsP95} ms` };
    calls.push({
      key: 'team-first-page',
      label: `Team Bookings' first page: 30 days back to 60 ahead, by date (${firstPage.total.toLocaleString('en')} match), asked again`,
      http: await load({ url: `${base}${at.teamFirstPage}`, connections, headers: admin }),
      target: teamTarget,
      note: 'answered from memory while the bookings revision is unchanged (decision 009)',
    });
    calls.push({
      key: 'team-first-page-fresh',
      label:
        '↳ the same page, each request a window a day earlier (counted afresh: what an answer costs after a booking changed)',
      http: await load(fresh((index) => at.teamFirstPageFresh(index))),
      target: teamTarget,
    });
    calls.push({
      key: 'team-search',
      label: `Team Bookings search for one person, active and cancelled, latest first (${search.total.toLocaleString('en')} match), asked again`,
      http: await load({ url: `${base}${at.teamSearch}`, connections, headers: admin }),
      target: teamTarget,
    });
    calls.push({
      key: 'team-search-fresh',
      label: '↳ each request another person of the 1,000 (counted afresh)',
      http: await load(fresh((index) => at.teamSearchFresh(index, lastNames))),
      target: teamTarget,
    });

    console.log('▶ scale: analytics');
    for (const days of [90, 366]) {
      let next = 1;
      const windows = 2 * (725 - days);
      await sample(at.analytics(days, 0));
      const options: AutocannonOptions = {
        url: base,
        connections,
        headers: admin,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: at.analytics(days, next++) }) }],
      };
      await loadWithAutocannon({ ...options, amount: Math.min(100, Math.floor(windows / 5)) }, warmUpSeconds);
      const http = await loadWithAutocannon({ ...options, amount: Math.min(300, windows - next) }, loadSeconds);
      calls.push({
        key: `analytics-${days}`,
        label: `Analytics, ${days} days of all floors, each request a range not asked before (${http.requests} requests${next > windows ? ', some ranges asked twice' : ''})`,
        http,
        ...(days === 90
          ? { target: { p95: scaleTargets.analytics90P95, text: `p95 < ${scaleTargets.analytics90P95} ms` } }
          : {}),
      });
    }
    for (const call of calls)
      console.log(`${call.label}: p95 ${call.http.p95} ms, ${call.http.rps}/s, ${call.http.failures} failures`);
    return { ceiling, calls };
  } finally {
    await stopPerchWorker(worker).catch(() => worker.terminate());
  }
}

async function withPool<T>(databaseUrl: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

async function measureSizes(databaseUrl: string) {
  return withPool(databaseUrl, async (pool) => {
    const tables = (
      await pool.query<{ name: string; kind: string; bytes: string; rows: string | null }>(
        `SELECT c.relname AS name, 'table (with its indexes and TOAST)' AS kind, pg_total_relation_size(c.oid) AS bytes,
           c.reltuples::bigint AS rows
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 8`,
      )
    ).rows;
    const bookings = (
      await pool.query<{ name: string; kind: string; bytes: string }>(
        `SELECT 'bookings' AS name, 'heap alone' AS kind, pg_relation_size('bookings') AS bytes
         UNION ALL
         SELECT i.indexrelid::regclass::text, 'index on bookings', pg_relation_size(i.indexrelid)
         FROM pg_index i WHERE i.indrelid = 'bookings'::regclass`,
      )
    ).rows;
    const [database] = (await pool.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes'))
      .rows;
    return {
      sizes: [
        ...tables.map((row) => ({ name: row.name, kind: row.kind, bytes: Number(row.bytes), rows: Number(row.rows) })),
        ...bookings
          .map((row) => ({ name: row.name, kind: row.kind, bytes: Number(row.bytes) }))
          .sort((a, b) => b.bytes - a.bytes),
      ],
      databaseBytes: Number(database?.bytes),
    };
  });
}

/** Each call once, in this process, every statement explained as it ran (bench/scale-plans.ts). */
export async function explainCalls(databaseUrl: string, seed: ScaleSeed, today: string) {
  const perch = await openPerch(databaseUrl, { poolSize: 2, name: 'scale-plans' });
  try {
    const at = paths(seed, today);
    const ask = (method: 'GET' | 'POST', url: string, cookie: string, body?: unknown) => async () => {
      const response = await perch.app.inject({
        method,
        url,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      if (response.statusCode >= 400) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    };
    const admin = seed.cookies[0] ?? '';
    const member = seed.cookies[7] ?? '';
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['Day read (a member)', ask('GET', at.dayRead, member)],
      [
        'Booking creation (a member, a free desk 60 days ahead)',
        ask('POST', '/api/bookings', member, {
          organizationId: seed.organizationId,
          deskId: seed.deskIds[42],
          bookingDate: addDays(today, 60),
          timeSlot: 'full-day',
        }),
      ],
      ["Team Bookings' first page (the admin)", ask('GET', at.teamFirstPage, admin)],
      ['Team Bookings search for one person (the admin)', ask('GET', at.teamSearch, admin)],
      ['Analytics over 90 days (the admin)', ask('GET', at.analytics(90, 3), admin)],
      ['Analytics over 366 days (the admin)', ask('GET', at.analytics(366, 3), admin)],
    ];
    const plans: { call: string; plans: CapturedPlan[] }[] = [];
    for (const [call, run] of calls) {
      const captured = await capturePlans(run);
      // The session lookup every request starts with is shown once, with the first call.
      const seen = new Set<string>();
      plans.push({
        call,
        plans: captured.filter((plan) => {
          if (seen.has(plan.statement)) return false;
          seen.add(plan.statement);
          return plans.length === 0 || !/from "?sessions"?\s/i.test(plan.statement);
        }),
      });
    }
    return plans;
  } finally {
    await perch.close();
  }
}

/**
 * The release job's passes: every organization requires check-in with release; the measured one since a week ago (its
 * week's no-shows are due at once), the 99 others since an hour ago (nothing of theirs is due yet, but every pass reads
 * their bookings of the last week to know it).
 */
export async function measureRelease(
  databaseUrl: string,
): Promise<{ passes: ScaleFigures['release']; plans: ScaleFigures['plans'][number] }> {
  const perch = await openPerch(databaseUrl, { poolSize, name: 'scale-release' });
  const { app, database } = perch;
  try {
    await database.sql.query(
      `UPDATE organizations SET check_in_required = true, check_in_grace_minutes = 30, auto_release = true,
         check_in_required_since = now() - CASE WHEN id = $1 THEN interval '8 days' ELSE interval '1 hour' END`,
      [measuredOrganization.id],
    );
    const timed = async (label: string, now: Date) => {
      const started = performance.now();
      const released = await releaseNoShows(app.perch, now);
      return { label, ms: Math.round((performance.now() - started) * 10) / 10, released };
    };
    const backlog = await timed(
      "First pass after the measured organization began requiring check-in a week before (its week's no-shows)",
      new Date(),
    );
    const steady: number[] = [];
    for (let pass = 0; pass < 10; pass += 1) steady.push((await timed('', new Date())).ms);
    steady.sort((a, b) => a - b);
    const plans = await capturePlans(() => releaseNoShows(app.perch, new Date()));
    return {
      plans: { call: "The release job's pass with nothing due (100 organizations requiring check-in)", plans },
      passes: [
        backlog,
        {
          label: 'A pass with nothing due (100 organizations requiring check-in), median of 10',
          ms: steady[5] ?? 0,
          released: 0,
        },
        { label: 'The same, worst of 10', ms: steady.at(-1) ?? 0, released: 0 },
      ],
    };
  } finally {
    await perch.close();
  }
}

/**
 * How long a migration holds its lock on bookings, and what a writer meanwhile sees: while each statement runs (in a
 * transaction, as src/server/db/migrate.ts runs a migration file), another connection inserts and deletes a booking
 * back to back; its worst wait is the time writers were locked out.
 */
async function measureMigrationLocks(databaseUrl: string, seed: ScaleSeed): Promise<ScaleFigures['migrations']> {
  const cases: Array<{ label: string; statements: string[]; inTransaction: boolean; undo: string; note: string }> = [
    {
      label: 'ALTER TABLE bookings ADD COLUMN … boolean NOT NULL DEFAULT false (in a migration transaction)',
      statements: ['ALTER TABLE bookings ADD COLUMN bench_probe boolean NOT NULL DEFAULT false'],
      inTransaction: true,
      undo: 'ALTER TABLE bookings DROP COLUMN bench_probe',
      note: 'a constant default is kept in the catalogue (PostgreSQL 11+): no rewrite, the ACCESS EXCLUSIVE lock is held for milliseconds',
    },
    {
      label: 'CREATE INDEX on bookings (organization_id, created_at) (in a migration transaction)',
      statements: ['CREATE INDEX bench_probe_idx ON bookings (organization_id, created_at)'],
      inTransaction: true,
      undo: 'DROP INDEX bench_probe_idx',
      note: 'its SHARE lock blocks every insert, update and delete of bookings for the whole build',
    },
    {
      label: 'CREATE INDEX CONCURRENTLY, the same index (outside a transaction)',
      statements: ['CREATE INDEX CONCURRENTLY bench_probe_idx ON bookings (organization_id, created_at)'],
      inTransaction: false,
      undo: 'DROP INDEX bench_probe_idx',
      note: 'writers go on; the build takes longer (two passes over the table)',
    },
  ];
  const results: ScaleFigures['migrations'] = [];
  const migrator = new pg.Client({ connectionString: databaseUrl });
  const writer = new pg.Client({ connectionString: databaseUrl });
  await migrator.connect();
  await writer.connect();
  try {
    await migrator.query("SET maintenance_work_mem = '256MB'");
    for (const probe of cases) {
      let writing = true;
      let worst = 0;
      let inserts = 0;
      let day = 0;
      const writes = (async () => {
        while (writing) {
          const started = performance.now();
          // A date far past anything else, a new one each time; deleted at once so that the table stays as seeded.
          const { rows } = await writer.query<{ id: string }>(
            `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
             VALUES ($1, $2, $3, $4, 'full-day') RETURNING id`,
            [seed.organizationId, seed.deskIds[0], seed.adminId, addDays(seed.firstFreeDate, 600 + (day++ % 300))],
          );
          await writer.query('DELETE FROM bookings WHERE id = $1', [rows[0]?.id]);
          worst = Math.max(worst, performance.now() - started);
          inserts += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      if (probe.inTransaction) await migrator.query('BEGIN');
      for (const statement of probe.statements) await migrator.query(statement);
      if (probe.inTransaction) await migrator.query('COMMIT');
      const statementMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 300));
      writing = false;
      await writes;
      await migrator.query(probe.undo);
      results.push({
        label: probe.label,
        statementMs: Math.round(statementMs),
        writerWorstMs: Math.round(worst),
        writerInserts: inserts,
        note: probe.note,
      });
      console.log(`${probe.label}: ${Math.round(statementMs)} ms, a writer waited at worst ${Math.round(worst)} ms.`);
    }
  } finally {
    await migrator.end();
    await writer.end();
  }
  return results;
}

export async function measureScale(options: { databaseUrl: string; reuse: boolean }): Promise<ScaleFigures> {
  const { databaseUrl, reuse } = options;
  if (!reuse) await recreateDatabase(databaseUrl);
  else {
    const url = new URL(databaseUrl);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const exists = await withPool(url.toString(), (pool) =>
      pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
    );
    if (exists.rowCount === 0) await recreateDatabase(databaseUrl);
  }
  console.log(
    `▶ scale: seeding ${scale.organizations} organizations × ${scale.bookingsPerOrganization.toLocaleString('en')} bookings`,
  );
  const seed = await seedScale(databaseUrl, { reuse, sessionDays });
  console.log(
    `Seed: ${seed.counts.bookings.toLocaleString('en')} bookings, ${seed.counts.users.toLocaleString('en')} people in ${seed.seconds.toFixed(0)} s${seed.fresh ? '' : ' (reused)'}.`,
  );
  const today = todayIn(measuredOrganization.timeZone);
  // What is measured so far, kept in $TMPDIR after each step (a run that fails late still leaves its figures).
  const progress = path.join(os.tmpdir(), 'perch-scale-figures.json');
  const keep = (figures: Record<string, unknown>) => {
    const before = fs.existsSync(progress) ? JSON.parse(fs.readFileSync(progress, 'utf8')) : {};
    fs.writeFileSync(progress, JSON.stringify({ ...before, ...figures }, null, 1));
  };
  fs.rmSync(progress, { force: true });
  keep({ seed: { ...seed, cookies: [] } });
  const { sizes, databaseBytes } = await measureSizes(databaseUrl);
  keep({ sizes, databaseBytes });
  console.log('▶ scale: plans');
  const plans = await explainCalls(databaseUrl, seed, today);
  keep({ plans });
  const { ceiling, calls } = await measureLoads(databaseUrl, seed, today);
  keep({ ceiling, calls });
  console.log('▶ scale: the release job');
  const { passes: release, plans: releasePlans } = await measureRelease(databaseUrl);
  plans.push(releasePlans);
  keep({ release, plans });
  console.log(JSON.stringify(release));
  console.log('▶ scale: migration locks');
  const migrations = await measureMigrationLocks(databaseUrl, seed);
  keep({ migrations });
  const machine = describeMachine(databaseUrl);
  return {
    seed,
    ceiling,
    calls,
    release,
    sizes,
    databaseBytes,
    plans,
    migrations,
    loadAverage: os.loadavg()[0] ?? 0,
    machine,
  };
}

const mib = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

function callRows(figures: ScaleFigures): string {
  const { ceiling } = figures;
  return figures.calls
    .map(
      (call) =>
        `| ${call.label}${call.http.failures > 0 && call.key !== 'creation' ? ` (${call.http.failures} failures)` : ''} | ${latencyCells(call.http)} | ${(call.http.p95 / ceiling.p95).toFixed(1)}× | ${
          call.target ? `${call.target.text}: ${mark(call.http.p95 < call.target.p95)}` : ''
        } |`,
    )
    .join('\n');
}

function releaseRows(figures: ScaleFigures): string {
  return figures.release
    .map(
      (pass) =>
        `| ${pass.label} | ${ms(pass.ms)} | ${pass.released.toLocaleString('en')} | < ${scaleTargets.releasePassMs} ms: ${mark(pass.ms < scaleTargets.releasePassMs)} |`,
    )
    .join('\n');
}

function migrationRows(figures: ScaleFigures): string {
  return figures.migrations
    .map(
      (row) =>
        `| ${row.label} | ${ms(row.statementMs)} | ${ms(row.writerWorstMs)} (${row.writerInserts} writes meanwhile) | ${row.note} |`,
    )
    .join('\n');
}

function seedLine(figures: ScaleFigures): string {
  const { seed } = figures;
  return (
    `${seed.counts.bookings.toLocaleString('en')} bookings of ${seed.counts.organizations} organizations, ` +
    `${seed.counts.users.toLocaleString('en')} people, ${(scale.organizations * scale.floorsPerOrganization * scale.desksPerFloor).toLocaleString('en')} desks, ` +
    `seeded in ${(seed.seconds / 60).toFixed(1)} min (the bookings ${(seed.bookingSeconds / 60).toFixed(1)} min; ${seed.fresh ? 'in this run' : `on ${seed.seededAt.slice(0, 16).replace('T', ' ')} UTC, reused`}${seed.how ? `; ${seed.how}` : ''})`
  );
}

/** The summary docs/benchmarks.md carries. */
export function scaleSection(figures: ScaleFigures): string {
  const bookingsRow = figures.sizes.find((size) => size.name === 'bookings' && size.kind.startsWith('table'));
  return `${scaleHeading}

\`npm run bench:scale\` (bench/scale.ts; the plans, every index's size and the migration figures in
[benchmarks-scale.md](benchmarks-scale.md)). Measured ${new Date().toISOString().slice(0, 10)} on ${figures.machine}, shared with
other engineers' work (load average at the end ${figures.loadAverage.toFixed(2)}). ${seedLine(figures)}. One Perch instance (pool of ${poolSize}),
${connections} clients, ${loadSeconds} s a figure after ${warmUpSeconds} s of warm-up. Bare-route ceiling measured in this section:
p95 ${ms(figures.ceiling.p95)}, ${figures.ceiling.rps.toLocaleString('en')} requests/s; the ratio is a call's p95 over it.

| Call | p50 | p95 | p99 | requests/s | ratio | target |
|---|---|---|---|---|---|---|
${callRows(figures)}

| Release pass | time | released | target |
|---|---|---|---|
${releaseRows(figures)}

- Sizes: bookings ${mib(bookingsRow?.bytes ?? 0)} with its indexes; the whole database ${mib(figures.databaseBytes)}.
- A migration on the 20-million-row table: ${figures.migrations.map((row) => `${row.label.split(' (')[0]} ${ms(row.statementMs)} (writers waited at worst ${ms(row.writerWorstMs)})`).join('; ')}.
`;
}

/** docs/benchmarks-scale.md: the summary, then sizes, plans and migration locks in full. */
export function scaleDocument(figures: ScaleFigures): string {
  const sizeRows = figures.sizes
    .map(
      (size) =>
        `| ${size.name} | ${size.kind} | ${mib(size.bytes)} | ${size.rows === undefined ? '' : size.rows.toLocaleString('en')} |`,
    )
    .join('\n');
  const planText = figures.plans
    .map(
      ({ call, plans }) =>
        `### ${call}\n\n${plans
          .map(
            (plan, index) =>
              `${index + 1}. ${ms(plan.executionMs)}: \`${plan.statement.length > 220 ? `${plan.statement.slice(0, 220)}…` : plan.statement}\`\n\n\`\`\`\n${plan.plan}\n\`\`\``,
          )
          .join('\n\n')}`,
    )
    .join('\n\n');
  return `# Benchmarks at seatsurfing's scale

Written by \`npm run bench:scale\` (bench/scale.ts); do not edit by hand. ${isQuick ? '**Quick mode: indicative only.**' : ''}

${scaleSection(figures).replace(`${scaleHeading}\n`, '## Figures\n')}
## How long a migration holds its lock on bookings

Each statement is run as src/server/db/migrate.ts runs a migration file (in a transaction), unless it says otherwise,
while another connection inserts and deletes a booking back to back (a pause of 5 ms between writes); the worst wait
of that writer is the time writers were shut out.

| Migration | statement to commit | a writer's worst wait | why |
|---|---|---|---|
${migrationRows(figures)}

## Sizes

| Relation | what | size | rows (estimate) |
|---|---|---|---|
${sizeRows}

## Plans

Every statement of each call, run once in the benchmark's own process on the seeded database, under
\`EXPLAIN (ANALYZE, BUFFERS)\` just before it ran for real (bench/scale-plans.ts; writes rolled back). The session
lookup every request starts with is shown with the first call only. Prepared statements are explained with their
values (a custom plan); the server runs them on a generic plan after five executions.

${planText}
`;
}

if (process.argv[1] === import.meta.filename || (await import('node:worker_threads')).isMainThread === false) {
  const { isMainThread, workerData } = await import('node:worker_threads');
  if (!isMainThread && workerData?.perchScale === true) {
    await serve(workerData.databaseUrl as string);
  } else if (isMainThread) {
    if (process.env.BENCH_SCALE && process.env.BENCH_SCALE !== 'seatsurfing') {
      console.error(`BENCH_SCALE=${process.env.BENCH_SCALE}: the one scale tier is "seatsurfing".`);
      process.exit(2);
    }
    const minutes = Number(process.env.BENCH_SCALE_MINUTES ?? 120);
    const timer = setTimeout(() => {
      console.error(`The scale benchmark passed its ${minutes}-minute limit and stops.`);
      process.exit(1);
    }, minutes * 60_000);
    timer.unref();
    const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/perch_bench');
    const databaseUrl =
      process.env.BENCH_SCALE_DATABASE_URL ?? Object.assign(base, { pathname: '/perch_scale' }).toString();
    const keep = process.env.BENCH_SCALE_KEEP === '1';
    let figures: ScaleFigures;
    try {
      figures = await measureScale({ databaseUrl, reuse: process.env.BENCH_SCALE_REUSE === '1' });
    } finally {
      if (!keep) await recreateDatabase(databaseUrl, true);
    }
    const document = scaleDocument(figures);
    if (isQuick || scale.organizations !== 100) {
      const file = path.join(os.tmpdir(), 'perch-benchmarks-scale.quick.md');
      fs.writeFileSync(file, document);
      console.log(`Written to ${file} (not the tier's figures: quick or fewer organizations).`);
    } else {
      fs.writeFileSync(path.join(root, 'docs', 'benchmarks-scale.md'), document);
      const reportFile = path.join(root, 'docs', 'benchmarks.md');
      const report = fs.readFileSync(reportFile, 'utf8');
      fs.writeFileSync(reportFile, replaceReportSection(report, scaleHeading, scaleSection(figures)));
      console.log('Written to docs/benchmarks-scale.md and docs/benchmarks.md.');
    }
    console.log(scaleSection(figures));
    process.exit(0);
  }
}

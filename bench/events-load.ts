// Live updates under load (issue 7): 1,000 open event streams on one Perch instance on PostgreSQL, the time from
// a change (a member books a desk through the API) to its event arriving on every stream, and the server's memory
// per stream; then the same 1,000 streams split over two instances, changes made through the first.
// Run directly: npx node bench/events-load.ts [postgres://...]   (default perch_bench_events; stops within 2 min).
// The servers are separate processes (src/server/main.ts), so their memory is measured on its own (VmRSS).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '#domain/dates.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { digestToken } from '#server/tokens.ts';
import { freePort, spawnPerch, stopProcess } from '#test-support/perch-server.ts';
import { withFreshDatabase } from './database.ts';
import { residentMiB } from './machine.ts';
import { percentile } from './settings.ts';

const streamsPerUser = 10; // the per-user cap
const changes = 20;
const changeSpacingMs = 300;
const timeZone = 'Europe/London';
/** Every server started here, so that a run stopped by its time limit leaves none behind. */
const running = new Set<ChildProcess>();

export interface DeliveryFigures {
  /** Change-to-delivery latency over every (change, stream) pair, in ms. */
  p50: number;
  p99: number;
  max: number;
  samples: number;
  /** Deliveries expected but not seen (should be 0). */
  missing: number;
}

export interface EventsLoadFigures {
  streams: number;
  oneInstance: DeliveryFigures & { openSeconds: number; rssBeforeMb: number; rssAfterMb: number; kbPerStream: number };
  twoInstances: { sameInstance: DeliveryFigures; otherInstance: DeliveryFigures };
  /** The booking request itself (send to answer), for comparison. */
  changeRequest: { p50: number; p99: number };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

interface Seeded {
  organizationId: string;
  deskIds: string[];
  /** perch_session=... of each member; the first also makes the changes. */
  cookies: string[];
}

/** One organization, 40 desks on one floor, `users` members each with a session. */
async function seed(databaseUrl: string, users: number): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await migrate(database.sql);
    const [organization] = await database.sql.query<{ id: string }>(
      // One person books a desk every 300 ms, a day further each time: the booking rules stand aside.
      `INSERT INTO organizations (name, slug, time_zone, one_desk_per_person, max_days_ahead)
       VALUES ('Live Corp', 'live-corp', $1, false, 730) RETURNING id`,
      [timeZone],
    );
    const organizationId = organization!.id;
    // Members book working days only (issue 28): every day is one here, so a run on a Saturday books too.
    await database.sql.query(
      `UPDATE sites SET working_days = '{1,2,3,4,5,6,7}'::smallint[] WHERE organization_id = $1`,
      [organizationId],
    );
    await database.sql.query(
      `INSERT INTO subscriptions (organization_id, plan_id, plan_name, max_users, status, ends_at)
       VALUES ($1, 'trial', 'Trial', 1000, 'trial', now() + interval '30 days')`,
      [organizationId],
    );
    const [floor] = await database.sql.query<{ id: string }>(
      `INSERT INTO floors (organization_id, name) VALUES ($1, 'Floor 1') RETURNING id`,
      [organizationId],
    );
    const desks = await database.sql.query<{ id: string }>(
      `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
       SELECT $1, $2, 'D' || lpad(n::text, greatest(2, length(n::text)), '0'), 130 * (n % 12), 100 * (n / 12), 120, 80
       FROM generate_series(1, 40) AS n ORDER BY n RETURNING id`,
      [organizationId, floor!.id],
    );
    const userRows = await database.sql.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, email_verified_at)
       SELECT 'live' || n || '@example.com', 'Live', 'Member ' || n, now() FROM generate_series(1, $1::int) AS n
       ORDER BY n RETURNING id`,
      [users],
    );
    await database.sql.query(
      `INSERT INTO memberships (organization_id, user_id, role)
       SELECT $1, id, CASE WHEN row_number() OVER (ORDER BY id) = 1 THEN 'admin' ELSE 'member' END
       FROM unnest($2::uuid[]) AS id`,
      [organizationId, userRows.map((row) => row.id)],
    );
    const tokens = userRows.map(() => randomBytes(32).toString('base64url'));
    await database.sql.query(
      `INSERT INTO sessions (id, user_id, expires_at)
       SELECT digest, user_id, now() + interval '30 days' FROM unnest($1::text[], $2::uuid[]) AS s(digest, user_id)`,
      [tokens.map(digestToken), userRows.map((row) => row.id)],
    );
    return {
      organizationId,
      deskIds: desks.map((row) => row.id),
      cookies: tokens.map((token) => `perch_session=${token}`),
    };
  } finally {
    await database.close();
  }
}

interface Server {
  port: number;
  process: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-events-'));
  const child = await spawnPerch({
    baseURL: `http://127.0.0.1:${port}`,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    timeoutMs: 30_000,
    onSpawn: (spawned) => {
      running.add(spawned);
      spawned.once('exit', () => running.delete(spawned));
    },
  });
  return {
    port,
    process: child,
    rssMb: () => residentMiB(child.pid),
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One open stream: records when each booking date's event arrived. */
interface Stream {
  arrivals: Map<string, number>;
  close(): void;
}

/** Opens a stream; a 429 (the server has not yet seen an earlier stream of the user close) is tried again. */
async function openStream(port: number, organizationId: string, cookie: string): Promise<Stream> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tryOpenStream(port, organizationId, cookie);
    } catch (error) {
      if (!(error instanceof Error && error.message.endsWith('429')) || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function tryOpenStream(port: number, organizationId: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/organizations/${organizationId}/events`,
        headers: { cookie, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let isReady = false;
        response.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (!isReady && frame.includes('event: ready')) {
              isReady = true;
              resolve({ arrivals, close: () => request.destroy() });
            }
            const date = /event: bookings\n.*"fromDate":"(\d{4}-\d{2}-\d{2})"/.exec(frame)?.[1];
            if (date && !arrivals.has(date)) arrivals.set(date, now);
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function openStreams(port: number, seeded: Seeded, count: number, firstUser = 0): Promise<Stream[]> {
  const streams: Stream[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
        const index = start + offset;
        const user = firstUser + Math.floor(index / streamsPerUser);
        return openStream(port, seeded.organizationId, seeded.cookies[user]!);
      }),
    );
    streams.push(...opened);
  }
  return streams;
}

/** Books `count` desks through the API, one after another with a pause; answers when each request was sent. */
async function makeChanges(port: number, seeded: Seeded, firstDay: number, count: number) {
  const sentAt = new Map<string, number>();
  const requestMs: number[] = [];
  const today = todayIn(timeZone);
  for (let index = 0; index < count; index++) {
    const date = addDays(today, firstDay + index);
    const started = performance.now();
    sentAt.set(date, started);
    const response = await fetch(`http://127.0.0.1:${port}/api/bookings`, {
      method: 'POST',
      headers: { cookie: seeded.cookies[0]!, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: seeded.organizationId,
        deskId: seeded.deskIds[index % seeded.deskIds.length],
        bookingDate: date,
        timeSlot: 'full-day',
      }),
    });
    await response.text();
    requestMs.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`booking answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, changeSpacingMs));
  }
  // Let the last deliveries land.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { sentAt, requestMs };
}

function deliveries(streams: Stream[], sentAt: Map<string, number>): DeliveryFigures {
  const latencies: number[] = [];
  let missing = 0;
  for (const stream of streams) {
    for (const [date, sent] of sentAt) {
      const arrived = stream.arrivals.get(date);
      if (arrived === undefined) missing += 1;
      else latencies.push(arrived - sent);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    samples: latencies.length,
    missing,
  };
}

export async function measureEventsLoad(options: {
  databaseUrl: string;
  streams?: number;
}): Promise<EventsLoadFigures> {
  const { databaseUrl } = options;
  const streamCount = options.streams ?? 1000;
  return withFreshDatabase(databaseUrl, async () => {
    const seeded = await seed(databaseUrl, Math.ceil(streamCount / streamsPerUser) + 1);
    const servers: Server[] = [];
    let streams: Stream[] = [];
    try {
      const first = await startServer(databaseUrl);
      servers.push(first);
      // Warm up: a few reads and one booking, so that start-up allocations are not counted per stream.
      const warm = await openStreams(first.port, seeded, 10, Math.ceil(streamCount / streamsPerUser));
      await makeChanges(first.port, seeded, 200, 3);
      for (const stream of warm) stream.close();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rssBeforeMb = first.rssMb();

      const openStarted = performance.now();
      streams = await openStreams(first.port, seeded, streamCount);
      const openSeconds = (performance.now() - openStarted) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rssAfterMb = first.rssMb();
      console.log(
        `${streamCount} streams open on one instance in ${openSeconds.toFixed(1)} s; server RSS ` +
          `${rssBeforeMb.toFixed(0)} → ${rssAfterMb.toFixed(0)} MB.`,
      );

      const single = await makeChanges(first.port, seeded, 1, changes);
      const oneInstance = deliveries(streams, single.sentAt);
      console.log(
        `One instance: p50 ${oneInstance.p50} ms, p99 ${oneInstance.p99} ms, missing ${oneInstance.missing}.`,
      );

      for (const stream of streams) stream.close();
      const second = await startServer(databaseUrl);
      servers.push(second);
      const half = Math.floor(streamCount / 2);
      const onFirst = await openStreams(first.port, seeded, half);
      const onSecond = await openStreams(second.port, seeded, streamCount - half, half / streamsPerUser);
      streams = [...onFirst, ...onSecond];
      const across = await makeChanges(first.port, seeded, 100, changes);
      const sameInstance = deliveries(onFirst, across.sentAt);
      const otherInstance = deliveries(onSecond, across.sentAt);
      console.log(
        `Two instances: same p50 ${sameInstance.p50} / p99 ${sameInstance.p99} ms; ` +
          `other p50 ${otherInstance.p50} / p99 ${otherInstance.p99} ms.`,
      );
      const requestMs = [...single.requestMs, ...across.requestMs].sort((a, b) => a - b);
      return {
        streams: streamCount,
        oneInstance: {
          ...oneInstance,
          openSeconds: round(openSeconds),
          rssBeforeMb: round(rssBeforeMb),
          rssAfterMb: round(rssAfterMb),
          kbPerStream: round(((rssAfterMb - rssBeforeMb) * 1024) / streamCount),
        },
        twoInstances: { sameInstance, otherInstance },
        changeRequest: { p50: round(percentile(requestMs, 0.5)), p99: round(percentile(requestMs, 0.99)) },
      };
    } finally {
      for (const stream of streams) stream.close();
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('events-load.ts')) {
  const limit = setTimeout(() => {
    console.error('The events benchmark passed its 2-minute limit and stops.');
    for (const child of running) child.kill('SIGKILL');
    process.exit(1);
  }, 115_000);
  limit.unref();
  const databaseUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/perch_bench_events';
  measureEventsLoad({ databaseUrl }).then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

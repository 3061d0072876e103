// `npm run bench:cluster`: Perch instances on one PostgreSQL behind the deployed front door: Debian's nginx with
// deploy/nginx's configuration (bench/cluster/nginx.ts), started without root on a loopback port and stopped at
// the end. Reports the day read's throughput at 1, 2 and 3 instances with the scaling factor and where the CPU
// went, then, at the largest size, races bookings across instances and counts overlapping active rows (must be 0),
// checks that a booking made through one instance reaches a live stream (GET /api/organizations/{id}/events) held
// by another, and that a stream opened through nginx receives a booking made through nginx. Each instance runs the
// same command as deploy/: `node src/server/main.ts` with the settings below. Run alone, it rewrites the cluster
// section of docs/benchmarks.md (BENCH_QUICK=1: prints it only).
// Database: BENCH_DATABASE_URL's server, database perch_bench_cluster (recreated, dropped at the end).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error autocannon ships no type declarations; the parts used are typed below.
import autocannonUntyped from 'autocannon';
import pg from 'pg';
import { addDays } from '#domain/dates.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { repositoryRoot as root, spawnPerch, stopProcess, waitUntilAnswering } from '#test-support/perch-server.ts';
import { seedBookings } from '../bookings-seed.ts';
import { connections, isQuick, loadSeconds, percentile, warmUpSeconds } from '../settings.ts';
import { type Nginx, startNginx } from './nginx.ts';
import { renderClusterSection, replaceClusterSection } from './report.ts';

const proxyPort = 4390;
const instancePort = (index: number) => 4401 + index;
const sizes = isQuick ? [1, 2] : [1, 2, 3];
// Whatever happens (an error, the time limit), no instance or nginx outlives the benchmark.
const running = new Set<ChildProcess>();
let frontDoor: Nginx | undefined;
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  frontDoor?.signalStop();
});

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; path: string; setupRequest?: (request: Record<string, unknown>) => unknown }[];
}) => PromiseLike<{ errors: number; timeouts: number }> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
const autocannon = autocannonUntyped as Autocannon;

export interface ClusterFigures {
  sizes: { instances: number; rps: number; p95: number; scaling: number; cpu: CpuShare }[];
  race: { requests: number; created: number; refused: number; otherErrors: number; overlappingRows: number };
  liveUpdate: { crossed: boolean; latencyMs: number | null; checked: boolean };
  /** A stream opened through nginx, a booking made through nginx: the event passed the front door unbuffered. */
  liveThroughFrontDoor: { arrived: boolean; latencyMs: number | null };
}

interface CpuShare {
  /** Percent of the machine's CPU time over the run spent by each part. */
  instances: number;
  /** nginx: its master and worker processes. */
  proxy: number;
  loadGenerator: number;
  postgres: number;
}

function databaseUrlFor(name: string): string {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/perch_bench');
  url.pathname = `/${name}`;
  return url.toString();
}

async function recreate(url: string, drop: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (!drop) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** CPU seconds (user + system) of a process, from /proc; 0 when it is gone. */
function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every postgres process (the server and its backends). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The instance settings of deploy/ (see docs/deploying.md), on loopback. */
function startInstance(index: number, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  return spawnPerch({
    baseURL: `http://127.0.0.1:${proxyPort}`,
    port: instancePort(index),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '10',
      DATA_DIR: path.join(dataDir, `instance-${index}`),
      // Only nginx, on this machine, is trusted to say who the client is (deploy/systemd/perch.env).
      TRUST_PROXY: '127.0.0.1',
      SESSION_DAYS: '30',
      LOG_LEVEL: 'warn',
    },
    onSpawn: track,
  });
}

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function startFrontDoor(count: number): Promise<Nginx> {
  return startNginx({
    port: proxyPort,
    upstreams: Array.from({ length: count }, (_, index) => `127.0.0.1:${instancePort(index)}`),
  });
}

async function load(
  requests: Parameters<Autocannon>[0]['requests'],
  seconds: number,
): Promise<{ latencies: number[]; statuses: Map<number, number>; errors: number; elapsed: number }> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const instance = autocannon({ url: `http://127.0.0.1:${proxyPort}`, connections, duration: seconds, requests });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  return {
    latencies: latencies.sort((a, b) => a - b),
    statuses,
    errors: result.errors + result.timeouts,
    elapsed: (performance.now() - started) / 1000,
  };
}

/** Waits for the first event named `kind` on an open event stream; answers when it came. */
async function firstEvent(response: Response, kind: string, timeoutMs: number): Promise<number | null> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
      ]);
      if (!chunk || chunk.done) return null;
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes(`event: ${kind}`)) return performance.now();
    }
    return null;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** A stream and a booking both through `baseUrl`: whether the booking's event arrived, and how long it took. */
async function liveUpdateThrough(
  baseUrl: string,
  cookie: string,
  organizationId: string,
  booking: { deskId: string; bookingDate: string },
): Promise<ClusterFigures['liveThroughFrontDoor']> {
  const stream = await fetch(`${baseUrl}/api/organizations/${organizationId}/events`, {
    headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
  });
  if (!stream.ok) {
    console.warn(`The events route answered ${stream.status} through nginx.`);
    return { arrived: false, latencyMs: null };
  }
  const arrival = firstEvent(stream, 'bookings', 10_000);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sent = performance.now();
  const made = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId, timeSlot: 'full-day', ...booking }),
  });
  const arrivedAt = await arrival;
  return {
    arrived: made.status === 201 && arrivedAt !== null,
    latencyMs: arrivedAt === null ? null : Number((arrivedAt - sent).toFixed(1)),
  };
}

export async function measureCluster(): Promise<ClusterFigures> {
  const databaseUrl = databaseUrlFor('perch_bench_cluster');
  await recreate(databaseUrl, false);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-cluster-'));
  const instances: ChildProcess[] = [];
  try {
    const seeder = await openDatabase({ databaseUrl, poolSize: 2 });
    await migrate(seeder.sql);
    const seeded = await seedBookings(seeder.sql, 30);
    await seeder.close();
    console.log(`Seeded ${seeded.counts.bookings} bookings for the cluster.`);

    let readIndex = 0;
    const dayRead = [
      {
        method: 'GET',
        path: `/api/organizations/${seeded.organizationId}/bookings?startDate=${seeded.readDate}&endDate=${seeded.readDate}`,
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          headers: {
            cookie: seeded.cookies[readIndex++ % seeded.cookies.length],
            'accept-encoding': 'gzip, deflate, br',
          },
        }),
      },
    ];
    const sizesMeasured: ClusterFigures['sizes'] = [];
    for (const size of sizes) {
      while (instances.length < size) {
        instances.push(await startInstance(instances.length, databaseUrl, dataDir));
      }
      await frontDoor?.stop();
      frontDoor = await startFrontDoor(size);
      const proxy = frontDoor;
      await waitUntilAnswering(`${proxy.baseUrl}/api/health`, 30_000);
      await load(dayRead, warmUpSeconds);
      const before = {
        instances: instances.reduce((sum, child) => sum + cpuSecondsOf(child.pid), 0),
        proxy: proxy.cpuSeconds(),
        self: process.cpuUsage(),
        postgres: postgresCpuSeconds(),
      };
      const result = await load(dayRead, loadSeconds);
      const self = process.cpuUsage(before.self);
      const machineSeconds = result.elapsed * os.cpus().length;
      const share = (seconds: number) => Math.round((seconds / machineSeconds) * 100);
      const ok = result.statuses.get(200) ?? 0;
      if (ok !== result.latencies.length || result.errors > 0) {
        console.warn(
          `Day read through ${size} instances: ${JSON.stringify([...result.statuses])}, ${result.errors} errors`,
        );
      }
      const rps = Math.round(ok / result.elapsed);
      sizesMeasured.push({
        instances: size,
        rps,
        p95: Number(percentile(result.latencies, 0.95).toFixed(1)),
        scaling: Number((rps / (sizesMeasured[0]?.rps ?? rps)).toFixed(2)),
        cpu: {
          instances: share(instances.reduce((sum, child) => sum + cpuSecondsOf(child.pid), 0) - before.instances),
          proxy: share(proxy.cpuSeconds() - before.proxy),
          loadGenerator: share((self.user + self.system) / 1e6),
          // Backends that ended during the run take their CPU time with them: never below zero.
          postgres: Math.max(0, share(postgresCpuSeconds() - before.postgres)),
        },
      });
      console.log(`${size} instance(s): ${JSON.stringify(sizesMeasured.at(-1))}`);
    }

    // Bookings raced across every instance: 20 desks, 5 dates, the three slots, far more requests than places.
    let raceIndex = 0;
    const raceDesks = seeded.bookableDeskIds.slice(0, 20);
    const slots = ['full-day', 'morning', 'afternoon'];
    // Past every seeded booking, within the booking horizon (two years ahead).
    const raceDates = Array.from({ length: 5 }, (_, day) => addDays(seeded.firstFreeDate, 500 + day));
    const race = await load(
      [
        {
          method: 'POST',
          path: '/api/bookings',
          setupRequest: (request: Record<string, unknown>) => {
            const index = raceIndex++;
            return {
              ...request,
              headers: { cookie: seeded.cookies[index % seeded.cookies.length], 'content-type': 'application/json' },
              body: JSON.stringify({
                organizationId: seeded.organizationId,
                deskId: raceDesks[index % raceDesks.length],
                bookingDate: raceDates[Math.floor(index / 7) % raceDates.length],
                timeSlot: slots[Math.floor(index / 3) % slots.length],
              }),
            };
          },
        },
      ],
      isQuick ? 2 : 5,
    );
    const checker = new pg.Client({ connectionString: databaseUrl });
    await checker.connect();
    const [overlaps] = (
      await checker.query<{ count: string }>(
        `SELECT count(*) FROM bookings a JOIN bookings b
           ON a.desk_id = b.desk_id AND a.id < b.id AND a.occupied && b.occupied
         WHERE a.status = 'active' AND b.status = 'active'`,
      )
    ).rows;
    await checker.end();
    const created = race.statuses.get(201) ?? 0;
    const refused = race.statuses.get(409) ?? 0;
    const raceFigures = {
      requests: race.latencies.length,
      created,
      refused,
      otherErrors: race.latencies.length - created - refused + race.errors,
      overlappingRows: Number(overlaps?.count ?? -1),
    };
    console.log(`Race across ${instances.length} instances: ${JSON.stringify(raceFigures)}`);
    if (raceFigures.otherErrors > 0) console.warn(`Race answers by status: ${JSON.stringify([...race.statuses])}`);

    // A live stream held by instance 1, a booking made through instance 2.
    let liveUpdate: ClusterFigures['liveUpdate'] = { crossed: false, latencyMs: null, checked: false };
    if (instances.length >= 2) {
      const cookie = seeded.cookies[1]!;
      const stream = await fetch(
        `http://127.0.0.1:${instancePort(0)}/api/organizations/${seeded.organizationId}/events`,
        {
          headers: { cookie, accept: 'text/event-stream' },
        },
      );
      if (stream.ok) {
        const arrival = firstEvent(stream, 'bookings', 10_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const sent = performance.now();
        const made = await fetch(`http://127.0.0.1:${instancePort(1)}/api/bookings`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            organizationId: seeded.organizationId,
            deskId: seeded.bookableDeskIds.at(-1),
            bookingDate: addDays(seeded.firstFreeDate, 550),
            timeSlot: 'full-day',
          }),
        });
        const arrivedAt = await arrival;
        liveUpdate = {
          checked: true,
          crossed: made.status === 201 && arrivedAt !== null,
          latencyMs: arrivedAt === null ? null : Number((arrivedAt - sent).toFixed(1)),
        };
      } else {
        console.warn(`The events route answered ${stream.status}: live updates not checked.`);
      }
      console.log(`Live update across instances: ${JSON.stringify(liveUpdate)}`);
    }
    const liveThroughFrontDoor = await liveUpdateThrough(
      `http://127.0.0.1:${proxyPort}`,
      seeded.cookies[2]!,
      seeded.organizationId,
      {
        deskId: seeded.bookableDeskIds.at(-2)!,
        bookingDate: addDays(seeded.firstFreeDate, 551),
      },
    );
    console.log(`Live update through nginx: ${JSON.stringify(liveThroughFrontDoor)}`);
    return { sizes: sizesMeasured, race: raceFigures, liveUpdate, liveThroughFrontDoor };
  } finally {
    await frontDoor?.stop();
    frontDoor = undefined;
    await Promise.all(instances.map((child) => stopProcess(child, { graceMs: 5000 })));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await recreate(databaseUrl, true);
  }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const timer = setTimeout(() => {
    console.error('The cluster benchmark passed its 5-minute limit and stops.');
    process.exit(1);
  }, 5 * 60_000);
  timer.unref();
  const figures = await measureCluster();
  console.log(JSON.stringify(figures, null, 2));
  const section = renderClusterSection(figures);
  if (isQuick) {
    console.log(section);
  } else {
    const report = path.join(root, 'docs', 'benchmarks.md');
    fs.writeFileSync(report, replaceClusterSection(fs.readFileSync(report, 'utf8'), section));
    console.log(`The cluster section of ${path.relative(root, report)} is rewritten.`);
  }
  process.exit(figures.race.overlappingRows === 0 ? 0 : 1);
}

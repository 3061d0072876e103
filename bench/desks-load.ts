// Load on the floor plan's hot read: GET /api/floors/{id}/desks for a 2,000-desk floor, 50 connections, ~10 s,
// on PostgreSQL, next to a "ceiling": a bare Fastify route on the same machine answering the same JSON bytes.
// Run alone with `npx node bench/desks-load.ts` (database postgres://postgres@127.0.0.1:5432/perch_bench_desks,
// created and dropped here). The load generator runs in a worker thread so that it does not share the server's
// event loop; every server started here listens on loopback and is closed before the function returns.
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '#server/db/client.ts';
import { sessionCookie } from '#server/plugins/session.ts';
import { autocannon } from './autocannon.ts';
import { withFreshDatabase } from './database.ts';
import {
  connections,
  loadSeconds as durationSeconds,
  measureQueryLoop,
  percentile,
  warmUpSeconds,
} from './settings.ts';
import { type BenchPerch, openPerch } from './worker-perch.ts';

export interface DesksLoadFigures {
  /** The same load asking for brotli, as a browser does, beside a bare route sending the same compressed bytes. */
  compressed: {
    p50: number;
    p95: number;
    requestsPerSecond: number;
    ceilingP95: number;
    ceilingRps: number;
    bytes: number;
  };
  /** The raw SQL of the desk list through pg (10 connections): the database's share. */
  sql: { p50: number; p95: number; rps: number };
  /** Latency percentiles in milliseconds, and completed requests per second, of the real route. */
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /** The same load against a bare route that only writes the same bytes: what this machine allows at best. */
  ceilingP95: number;
  ceilingRps: number;
}

const deskCount = 2000;

const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/perch_bench_desks';

interface LoadRequest {
  perchDesksLoad: true;
  url: string;
  headers: Record<string, string>;
  duration: number;
}

interface LoadResult {
  latencies: number[];
  durationSeconds: number;
  failures: number;
}

/** Worker side: one autocannon run; every response time is kept, so p95 is exact (autocannon reports no p95). */
async function runLoadInWorker(request: LoadRequest): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon({ url: request.url, connections, duration: request.duration, headers: request.headers });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
    else failures += 1;
  });
  const result = await instance;
  return { latencies, durationSeconds: result.duration, failures: failures + result.errors + result.timeouts };
}

async function runLoad(url: string, headers: Record<string, string>, duration: number): Promise<LoadResult> {
  const request: LoadRequest = { perchDesksLoad: true, url, headers, duration };
  const worker = new Worker(new URL(import.meta.url), { workerData: request });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker stopped with code ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string>) {
  await runLoad(url, headers, warmUpSeconds);
  const result = await runLoad(url, headers, durationSeconds);
  if (result.failures > 0) throw new Error(`${result.failures} requests to ${url} failed under load`);
  const sorted = result.latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    requestsPerSecond: sorted.length / result.durationSeconds,
  };
}

/** One organization, its admin signed in, one floor with 2,000 desks. Answers the session cookie and the floor. */
async function seed(app: FastifyInstance, database: DatabaseHandle) {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email: 'bench@example.com', password: 'correct horse battery', firstName: 'Bench', lastName: 'Mark' },
  });
  const session = registered.cookies.find((cookie) => cookie.name === sessionCookie);
  if (registered.statusCode !== 201 || !session) throw new Error(`sign-up failed: ${registered.body}`);
  const cookie = `${session.name}=${session.value}`;
  const organization = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { cookie },
    payload: { name: 'Bench Corp', slug: 'bench-corp' },
  });
  const floors = await app.inject({ url: `/api/organizations/${organization.json().id}/floors`, headers: { cookie } });
  const floor = floors.json()[0] as { id: string; organizationId: string };
  await database.sql.query(
    `INSERT INTO desks (organization_id, floor_id, name, description, position_x, position_y, width, height, rotation, created_at)
     SELECT $1, $2, 'D' || lpad(i::text, greatest(2, length(i::text)), '0'), 'New desk', (i % 40) * 45 + 0.5, ((i / 40) % 25) * 40, 40, 30,
            (i * 15) % 360, now() + i * interval '1 millisecond'
     FROM generate_series(1, ${deskCount}) AS i`,
    [floor.organizationId, floor.id],
  );
  await database.sql.exec('ANALYZE');
  return { cookie, floorId: floor.id };
}

async function startCeiling(bytes: Buffer, brotli: Buffer): Promise<{ server: FastifyInstance; url: string }> {
  const server = Fastify({ logger: false });
  server.get('/desks', (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(bytes);
  });
  server.get('/desks.br', (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(brotli);
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url: `${address}/desks` };
}

export async function measureDesksLoad(options: { databaseUrl: string }): Promise<DesksLoadFigures> {
  return withFreshDatabase(options.databaseUrl, async () => {
    // Perch with the configuration's pool size, on a migrated database.
    let perch: BenchPerch | undefined = await openPerch(options.databaseUrl, { name: 'desks', migrate: true });
    let ceiling: FastifyInstance | undefined;
    try {
      const { app, database } = perch;
      const { cookie, floorId } = await seed(app, database);
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const url = `${address}/api/floors/${floorId}/desks`;

      const probe = await fetch(url, { headers: { cookie } });
      const bytes = Buffer.from(await probe.arrayBuffer());
      const desks = JSON.parse(bytes.toString('utf8')) as unknown[];
      if (probe.status !== 200 || desks.length !== deskCount)
        throw new Error(`the desks route answered ${probe.status}`);

      const real = await measure(url, { cookie });
      const acceptBrotli = { 'accept-encoding': 'gzip, deflate, br' };
      const compressedProbe = await fetch(url, { headers: { cookie, ...acceptBrotli } });
      if (compressedProbe.headers.get('content-encoding') !== 'br')
        throw new Error('the desk list was not sent as brotli');
      const brotli = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
      const realCompressed = await measure(url, { cookie, ...acceptBrotli });
      await perch.close();
      perch = undefined;

      const sqlPool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
      const [floorRow] = (
        await sqlPool.query<{ organization_id: string }>('SELECT organization_id FROM floors WHERE id = $1', [floorId])
      ).rows;
      const runSql = () =>
        sqlPool.query(
          `SELECT id, name, description, position_x, position_y, width, height, rotation FROM desks
         WHERE floor_id = $1 AND organization_id = $2 ORDER BY created_at, id`,
          [floorId, floorRow?.organization_id],
        );
      await measureQueryLoop(runSql, { concurrency: 10, seconds: warmUpSeconds });
      const sql = await measureQueryLoop(runSql, { concurrency: 10, seconds: durationSeconds });
      await sqlPool.end();

      const started = await startCeiling(bytes, brotli);
      ceiling = started.server;
      const best = await measure(started.url, {});
      const bestCompressed = await measure(`${started.url}.br`, acceptBrotli);
      return {
        ...real,
        ceilingP95: best.p95,
        ceilingRps: best.requestsPerSecond,
        compressed: {
          p50: realCompressed.p50,
          p95: realCompressed.p95,
          requestsPerSecond: realCompressed.requestsPerSecond,
          ceilingP95: bestCompressed.p95,
          ceilingRps: bestCompressed.requestsPerSecond,
          bytes: brotli.length,
        },
        sql: { p50: sql.p50, p95: sql.p95, rps: sql.rps },
      };
    } finally {
      await ceiling?.close();
      await perch?.close();
    }
  });
}

if (!isMainThread && (workerData as LoadRequest | undefined)?.perchDesksLoad) {
  parentPort!.postMessage(await runLoadInWorker(workerData as LoadRequest));
} else if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const timer = setTimeout(() => {
    console.error('The desks load benchmark passed its 3-minute limit and stops.');
    process.exit(1);
  }, 3 * 60_000);
  timer.unref();
  const figures = await measureDesksLoad({ databaseUrl: defaultDatabaseUrl });
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    [
      `GET /api/floors/{id}/desks, ${deskCount} desks, ${connections} connections, ${durationSeconds} s on PostgreSQL:`,
      `  p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, p99 ${ms(figures.p99)}, ${Math.round(figures.requestsPerSecond)} requests/s`,
      `  ceiling (bare route, same bytes): p95 ${ms(figures.ceilingP95)}, ${Math.round(figures.ceilingRps)} requests/s`,
    ].join('\n'),
  );
  process.exit(0);
}

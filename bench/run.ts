// `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures and the machine.
// PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/perch_bench; each benchmark makes
// and drops databases of its own next to it). BENCH_SKIP_CLONE=1 skips the fresh-clone start-up (it runs npm ci).
// Every server started here listens on loopback, and the whole run stops itself after 10 minutes.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBookingsLoad } from './bookings-load.ts';
import { measureDesksLoad } from './desks-load.ts';
import { measureFloorRender } from './floor-render.ts';
import { describeMachine } from './machine.ts';
import { measureStartup } from './startup.ts';

const root = path.resolve(import.meta.dirname, '..');
const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/perch_bench');
const databaseUrl = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();

const timer = setTimeout(() => {
  console.error('The benchmark run passed its 10-minute limit and stops.');
  process.exit(1);
}, 10 * 60_000);
timer.unref();

function recreateDatabase(url: string): boolean {
  const name = new URL(url).pathname.slice(1);
  try {
    execSync(
      `psql "${databaseUrl('postgres')}" -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)" -c "CREATE DATABASE ${name}"`,
      { stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number, ceiling: number) => (ceiling > 0 ? `${(value / ceiling).toFixed(2)}×` : 'n/a');
const mark = (isMet: boolean) => (isMet ? 'met' : '**not met**');

async function floorRenderFigures() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-render-'));
  const port = 4311;
  const server = spawn(path.join(root, 'node_modules', '.bin', 'node'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the server for the render benchmark did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await measureFloorRender({ baseUrl: `http://localhost:${port}` });
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
const startupUrl = databaseUrl(`${baseUrl.pathname.slice(1)}_startup`);
const hasPostgres = recreateDatabase(startupUrl);
if (!hasPostgres) console.warn(`PostgreSQL at ${baseUrl.host} is not reachable: only PGlite figures are measured.`);

console.log('▶ start-up');
const startup = await measureStartup({
  databaseUrl: hasPostgres ? startupUrl : undefined,
  freshClone: process.env.BENCH_SKIP_CLONE !== '1',
});
console.log('▶ floor render in Chromium');
const render = await floorRenderFigures();
console.log('▶ desks of a 2,000-desk floor under load');
const desks = hasPostgres ? await measureDesksLoad({ databaseUrl: databaseUrl('perch_bench_desks') }) : undefined;
console.log('▶ bookings: 250,000 seeded, day read and creation under load');
const bookings = hasPostgres
  ? await measureBookingsLoad({ databaseUrl: databaseUrl('perch_bench_bookings') })
  : undefined;

const startupRows = startup
  .map(
    (row) =>
      `| ${row.database} | ${row.freshCloneSeconds === null ? 'not measured' : `${row.freshCloneSeconds.toFixed(1)} s`} | ${Math.round(row.warmStartMs)} ms | ${row.idleRssMiB} MiB |`,
  )
  .join('\n');

const loadRows = [
  desks &&
    `| Desks of a 2,000-desk floor (GET /api/floors/{id}/desks) | ${ms(desks.p50)} | ${ms(desks.p95)} | ${ms(desks.p99)} | ${Math.round(desks.requestsPerSecond)} | ${ms(desks.ceilingP95)} / ${Math.round(desks.ceilingRps)} | ${ratio(desks.p95, desks.ceilingP95)} | p95 < 20 ms: ${mark(desks.p95 < 20)} |`,
  bookings &&
    `| A day's bookings, 500-desk organization (GET /api/organizations/{id}/bookings) | ${ms(bookings.dayRead.p50)} | ${ms(bookings.dayRead.p95)} | ${ms(bookings.dayRead.p99)} | ${Math.round(bookings.dayRead.rps)} | ${ms(bookings.ceiling.p95)} / ${Math.round(bookings.ceiling.rps)} | ${ratio(bookings.dayRead.p95, bookings.ceiling.p95)} | p95 < 20 ms: ${mark(bookings.dayRead.p95 < 20)} |`,
  bookings &&
    `| Booking creation (POST /api/bookings; ${bookings.create.non409Errors} errors other than 409) | ${ms(bookings.create.p50)} | ${ms(bookings.create.p95)} | ${ms(bookings.create.p99)} | ${Math.round(bookings.create.rps)} | ${ms(bookings.ceiling.p95)} / ${Math.round(bookings.ceiling.rps)} | ${ratio(bookings.create.p95, bookings.ceiling.p95)} | p95 < 30 ms and ≥ 1,000/s: ${mark(bookings.create.p95 < 30 && bookings.create.rps >= 1000 && bookings.create.non409Errors === 0)} |`,
]
  .filter(Boolean)
  .join('\n');

const report = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${describeMachine(hasPostgres ? startupUrl : undefined)}

## Start-up

Fresh clone: \`git clone\`, then \`npm start\` until the landing page answers (npm ci, the web build and the
migrations included; the npm cache is warm on this machine). Warm start: the server process alone until the
landing page answers, on a migrated database. Idle memory: resident set size 3 s after the first request.

| Database | Fresh clone to first page | Warm start | Idle resident memory |
|---|---|---|---|
${startupRows}

## Server under load (PostgreSQL, 50 concurrent clients, autocannon, 10 s after a 2 s warm-up)

The ceiling is the same load against a bare Fastify route on this machine: for the desk list it writes the
same bytes; for the booking calls it answers a tiny JSON body. The ratio is p95 over the ceiling's p95.

| Call | p50 | p95 | p99 | requests/s | ceiling p95 / rps | ratio | target |
|---|---|---|---|---|---|---|---|
${loadRows || '| PostgreSQL was not reachable | | | | | | | |'}

## Floor plan in headless Chromium (${render.deskCount} desks, PGlite server)

| Figure | Value | Target |
|---|---|---|
| First render of the canvas (desks cached: render, layout, first paint) | ${ms(render.renderMs)} | < 300 ms: ${mark(render.renderMs < 300)} |
| Choosing the floor, desks fetched then rendered | ${ms(render.fetchAndRenderMs)} | |
| Dragging a desk | ${render.dragFps.toFixed(1)} fps (worst frame ${ms(render.worstFrameMs)}) | ≥ 55 fps: ${mark(render.dragFps >= 55)} |
| Desk tiles whose DOM changed during the drag | ${render.tilesTouchedDuringDrag} | only the dragged ones |
`;
fs.writeFileSync(path.join(root, 'docs', 'benchmarks.md'), report);
console.log(report);
process.exit(0);

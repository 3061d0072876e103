// `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures and the machine.
// PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/perch_bench; each benchmark makes
// and drops databases of its own next to it). BENCH_SKIP_CLONE=1 skips the fresh-clone start-up (it runs npm ci).
// BENCH_QUICK=1: 3-second loads, no fresh clone, two cluster sizes; it writes $TMPDIR/perch-benchmarks.quick.md instead
// (figures from a shared machine, for checking the harness). Every server started here listens on loopback, and
// the whole run stops itself after 15 minutes.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnPerch, stopProcess } from '#test-support/perch-server.ts';
import { analyticsSection, measureAnalyticsLoad } from './analytics-load.ts';
import { measureBookingsLoad } from './bookings-load.ts';
import { checkInSection, measureCheckInLoad } from './check-in-load.ts';
import { renderClusterSection } from './cluster/report.ts';
import { measureCluster } from './cluster/run.ts';
import { measureDesksLoad } from './desks-load.ts';
import { type EventsLoadFigures, measureEventsLoad } from './events-load.ts';
import { measureFloorRender } from './floor-render.ts';
import { mark, ms } from './format.ts';
import { measurePageQualityOnOwnServer } from './lighthouse.ts';
import { measureListRender } from './list-render.ts';
import { describeMachine } from './machine.ts';
import { measureRush, rushSection } from './rush.ts';
import { connections, isQuick, loadSeconds, warmUpSeconds } from './settings.ts';
import { measureStartup } from './startup.ts';
import { measureTeamBookingsLoad, teamBookingsSection } from './team-bookings-load.ts';

const root = path.resolve(import.meta.dirname, '..');
const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/perch_bench');
const databaseUrl = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();

const timer = setTimeout(() => {
  console.error('The benchmark run passed its 15-minute limit and stops.');
  process.exit(1);
}, 15 * 60_000);
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

const ratio = (value: number, ceiling: number) => (ceiling > 0 ? `${(value / ceiling).toFixed(2)}×` : 'n/a');

async function floorRenderFigures() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-render-'));
  const port = await freePort();
  // The address the browser uses: writes are trusted only from PUBLIC_URL's origin.
  const renderUrl = `http://localhost:${port}`;
  const server = await spawnPerch({
    baseURL: renderUrl,
    env: { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  try {
    // The list view is measured on the same server, in an organization of its own.
    return {
      ...(await measureFloorRender({ baseUrl: renderUrl })),
      list: await measureListRender({ baseUrl: renderUrl }),
    };
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// A quick run reuses an existing build: rebuilding dist/web under other people's browser tests breaks them.
if (!isQuick || !fs.existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
const startupUrl = databaseUrl(`${baseUrl.pathname.slice(1)}_startup`);
const hasPostgres = recreateDatabase(startupUrl);
if (!hasPostgres) console.warn(`PostgreSQL at ${baseUrl.host} is not reachable: only PGlite figures are measured.`);

console.log('▶ start-up');
const startup = await measureStartup({
  databaseUrl: hasPostgres ? startupUrl : undefined,
  freshClone: process.env.BENCH_SKIP_CLONE !== '1' && !isQuick,
});
console.log('▶ floor render and list view in Chromium');
const render = await floorRenderFigures();
console.log('▶ desks of a 2,000-desk floor under load');
const desks = hasPostgres ? await measureDesksLoad({ databaseUrl: databaseUrl('perch_bench_desks') }) : undefined;
console.log('▶ bookings: 250,000 seeded, day read and creation under load');
const bookings = hasPostgres
  ? await measureBookingsLoad({ databaseUrl: databaseUrl('perch_bench_bookings') })
  : undefined;
console.log('▶ page quality: Lighthouse on the landing page, /auth and the dashboard');
const quality = await measurePageQualityOnOwnServer();
console.log('▶ cluster: instances behind nginx (deploy/nginx)');
const cluster = hasPostgres ? await measureCluster() : undefined;
/** A benchmark that needs PostgreSQL, on a database of its own: run and announced only when PostgreSQL answers. */
async function measureOnPostgres<Figures>(
  title: string,
  database: string,
  measure: (options: { databaseUrl: string }) => Promise<Figures>,
): Promise<Figures | undefined> {
  if (!hasPostgres) return undefined;
  console.log(`▶ ${title}`);
  return measure({ databaseUrl: databaseUrl(database) });
}
const events = await measureOnPostgres('live updates under load', 'perch_bench_events', measureEventsLoad);
const teamBookings = await measureOnPostgres(
  'Team Bookings: 2,000 members, 250,000 bookings, first page and a search at 10 clients',
  'perch_bench_team_bookings',
  measureTeamBookingsLoad,
);
const analytics = await measureOnPostgres(
  'analytics: 90 and 366 days of a 500-desk office at 10 clients',
  'perch_bench_analytics',
  measureAnalyticsLoad,
);
const checkIn = await measureOnPostgres(
  'check-in at 50 clients, and the release of no-shows over 250,000 bookings',
  'perch_bench_check_in',
  measureCheckInLoad,
);
const rush = await measureOnPostgres(
  "the 9 o'clock rush: 400 bookings of one desk at once",
  'perch_bench_rush',
  measureRush,
);

const startupRows = startup
  .map(
    (row) =>
      `| ${row.database} | ${row.freshCloneSeconds === null ? 'not measured' : `${row.freshCloneSeconds.toFixed(1)} s`} | ${Math.round(row.warmStartMs)} ms | ${row.idleRssMiB} MiB |`,
  )
  .join('\n');

const row = (
  call: string,
  figures: { p50: number; p95: number; p99?: number; rps: number },
  ceiling: string,
  ratioText: string,
  target: string,
) =>
  `| ${call} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${figures.p99 === undefined ? '' : ms(figures.p99)} | ${Math.round(figures.rps)} | ${ceiling} | ${ratioText} | ${target} |`;
const ceilingText = (figures: { p95: number; rps: number }) => `${ms(figures.p95)} / ${Math.round(figures.rps)}`;

const loadRows = [
  desks &&
    row(
      'Desks of a 2,000-desk floor (GET /api/floors/{id}/desks), uncompressed',
      { ...desks, rps: desks.requestsPerSecond },
      `bare route: ${ceilingText({ p95: desks.ceilingP95, rps: desks.ceilingRps })}`,
      ratio(desks.p95, desks.ceilingP95),
      `p95 < 20 ms: ${mark(desks.p95 < 20)}`,
    ),
  desks &&
    row(
      `The same, Accept-Encoding br (${Math.round(desks.compressed.bytes / 1024)} KB sent)`,
      { ...desks.compressed, rps: desks.compressed.requestsPerSecond },
      `bare route: ${ceilingText({ p95: desks.compressed.ceilingP95, rps: desks.compressed.ceilingRps })}`,
      ratio(desks.compressed.p95, desks.compressed.ceilingP95),
      `p95 < 20 ms: ${mark(desks.compressed.p95 < 20)}`,
    ),
  desks && row('↳ its SQL alone through pg (10 connections)', desks.sql, '', '', ''),
  bookings &&
    row(
      "A day's bookings, 500-desk organization (GET /api/organizations/{id}/bookings, br)",
      bookings.dayRead,
      `bare route: ${ceilingText(bookings.dayCeiling)}`,
      ratio(bookings.dayRead.p95, bookings.dayCeiling.p95),
      `p95 < 20 ms: ${mark(bookings.dayRead.p95 < 20)}`,
    ),
  bookings && row('↳ its SQL alone through pg (10 connections)', bookings.dayReadSql, '', '', ''),
  bookings &&
    row(
      `Booking creation, every booking rule off (POST /api/bookings; ${bookings.createWithoutRules.non409Errors} errors other than 409)`,
      bookings.createWithoutRules,
      `bare route: ${ceilingText(bookings.ceiling)}`,
      ratio(bookings.createWithoutRules.p95, bookings.ceiling.p95),
      '',
    ),
  bookings &&
    row(
      `Booking creation, every booking rule on (${bookings.create.non409Errors} errors other than 409)`,
      bookings.create,
      `bare route: ${ceilingText(bookings.ceiling)}`,
      ratio(bookings.create.p95, bookings.ceiling.p95),
      `p95 < 30 ms and ≥ 1,000/s: ${mark(bookings.create.p95 < 30 && bookings.create.rps >= 1000 && bookings.create.non409Errors === 0)}; ` +
        `${((bookings.create.rps / bookings.createWithoutRules.rps) * 100).toFixed(0)} % of the throughput without rules (≥ 90 %: ${mark(bookings.create.rps >= 0.9 * bookings.createWithoutRules.rps)})`,
    ),
  bookings && row('↳ its INSERT alone through pg (10 connections, desk lock included)', bookings.createSql, '', '', ''),
  bookings &&
    row(
      'Signed-in GET /api/user (the session lookup alone)',
      bookings.signedInCeiling,
      `bare route: ${ceilingText(bookings.ceiling)}`,
      ratio(bookings.signedInCeiling.p95, bookings.ceiling.p95),
      '',
    ),
]
  .filter(Boolean)
  .join('\n');

const qualityRows = quality.pages
  .map(
    (page) =>
      `| ${page.page} | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ${Math.round(page.scriptBytes / 1024)} KB | ${
        // The dashboard on mobile settings: performance at least 95 (issue 34; 90 in issue 14), accessibility 100.
        page.page.includes('mobile')
          ? `${mark(page.performance >= 95 && page.accessibility === 100)} (mobile: ≥ 95 and 100)`
          : mark([page.performance, page.accessibility, page.bestPractices, page.seo].every((score) => score >= 95))
      } | ${page.failing.join(', ') || 'none'} |`,
  )
  .join('\n');
const landing = quality.pages[0];

const clusterSection = cluster ? renderClusterSection(cluster) : '';

const report = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand.${isQuick ? ' **Quick mode (BENCH_QUICK=1): short loads on a shared machine; indicative only.**' : ''}

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${describeMachine(hasPostgres ? startupUrl : undefined)}
- Load: ${loadSeconds} s per figure after a ${warmUpSeconds} s warm-up; load average at the end ${os.loadavg()[0]?.toFixed(2)}
${bookings ? `- Seeded: ${bookings.seeding.bookings.toLocaleString('en')} bookings (${bookings.seeding.onReadDate} active on the day read), ${bookings.seeding.users.toLocaleString('en')} users, ${bookings.seeding.organizations} organizations in ${bookings.seeding.seconds} s` : ''}

## Start-up

Fresh clone: \`git clone\`, then \`npm start\` until the landing page answers (npm ci, the web build and the
migrations included; the npm cache is warm on this machine). Warm start: the server process alone until the
landing page answers, on a migrated database. Idle memory: resident set size 3 s after the first request.

| Database | Fresh clone to first page | Warm start | Idle resident memory |
|---|---|---|---|
${startupRows}

## Server under load (PostgreSQL, ${connections} concurrent clients, autocannon)

Ceilings measured in the same run: a bare Fastify route on this machine writing the same bytes (for creation,
a tiny JSON body), and the call's own SQL through \`pg\` with the app's pool size. The ratio is p95 over the bare
route's p95.

| Call | p50 | p95 | p99 | requests/s | ceiling p95 / rps | ratio | target |
|---|---|---|---|---|---|---|---|
${loadRows || '| PostgreSQL was not reachable | | | | | | | |'}

## Floor plan in headless Chromium (${render.deskCount} desks, PGlite server)

| Figure | Value | Target |
|---|---|---|
| First render of the canvas, fitted to a 1440 x 900 screen (desks cached: render, layout, first paint) | ${ms(render.renderMs)} | < 300 ms: ${mark(render.renderMs < 300)} |
| Choosing the floor, desks fetched then rendered | ${ms(render.fetchAndRenderMs)} | |
| Dragging a desk | ${render.dragFps.toFixed(1)} fps (worst frame ${ms(render.worstFrameMs)}) | ≥ 55 fps: ${mark(render.dragFps >= 55)} |
| Desk tiles whose DOM changed during the drag | ${render.tilesTouchedDuringDrag} | only the dragged ones |
| Zooming by Ctrl+wheel, one step per frame, then the text laid out again | ${render.zoomFps.toFixed(1)} fps (worst frame ${ms(render.zoomWorstFrameMs)}) | ≥ 55 fps: ${mark(render.zoomFps >= 55)} |
| Panning the map at 300 % | ${render.panFps.toFixed(1)} fps (worst frame ${ms(render.panWorstFrameMs)}) | ≥ 55 fps: ${mark(render.panFps >= 55)} |

## Floor list view in headless Chromium (bench/list-render.ts: ${render.list.deskCount} desks, ${render.list.bookedDesks} booked today)

| Figure | Median | Slowest | Target (median) |
|---|---|---|---|
| Pressing List, the map showing, to every row painted (5 times) | ${ms(render.list.renderMs)} | ${ms(render.list.slowestRenderMs)} | < 200 ms: ${mark(render.list.renderMs < 200)} |
| ↳ the list alone: its floor chosen in the list view after an empty one (5 times) | ${ms(render.list.listOnlyRenderMs)} | ${ms(render.list.slowestListOnlyRenderMs)} | |
| One character typed or deleted in the search box to the list painted (10 times) | ${ms(render.list.searchMs)} | ${ms(render.list.slowestSearchMs)} | < 50 ms: ${mark(render.list.searchMs < 50)} |
| Another filter chosen to the list painted (10 times) | ${ms(render.list.filterMs)} | ${ms(render.list.slowestFilterMs)} | < 50 ms: ${mark(render.list.filterMs < 50)} |

## Page quality (Lighthouse, desktop settings, Debian's Chromium)

| Page | Performance | Accessibility | Best practices | SEO | JS before interaction (compressed) | all ≥ 95 | audits below full marks |
|---|---|---|---|---|---|---|---|
${qualityRows}

- Dashboard Total Blocking Time: ${quality.pages
  .filter((page) => page.page.startsWith('Dashboard'))
  .map((page) => `${page.page.includes('mobile') ? 'mobile' : 'desktop'} ${page.totalBlockingTimeMs} ms`)
  .join(', ')} (< 200 ms on both: ${mark(
  quality.pages.filter((page) => page.page.startsWith('Dashboard')).every((page) => page.totalBlockingTimeMs < 200),
)}).
- Landing page JavaScript before interaction: ${Math.round((landing?.scriptBytes ?? 0) / 1024)} KB compressed (≤ 150 KB: ${mark((landing?.scriptBytes ?? Infinity) <= 150 * 1024)}).
- Floor-plan editor code: ${quality.editor.loadedBeforeEditMode ? '**loaded before edit mode**' : 'not loaded before edit mode'}; ${quality.editor.loadedInEditMode ? `loaded when edit mode is switched on (${quality.editor.chunk})` : '**not seen in edit mode**'}.

${clusterSection}\n${events === undefined ? '' : eventsSection(events)}${teamBookings === undefined ? '' : `\n${teamBookingsSection(teamBookings)}`}${analytics === undefined ? '' : `\n${analyticsSection(analytics)}`}${checkIn === undefined ? '' : `\n${checkInSection(checkIn)}`}${rush === undefined ? '' : `\n${rushSection(rush)}`}`;
// A quick run's figures come from a shared machine: they stay out of the repository.
const reportFile = isQuick
  ? path.join(os.tmpdir(), 'perch-benchmarks.quick.md')
  : path.join(root, 'docs', 'benchmarks.md');
fs.writeFileSync(reportFile, report);
console.log(`Written to ${reportFile}.`);
console.log(report);
process.exit(0);

function eventsSection(figures: EventsLoadFigures): string {
  const row = (
    label: string,
    delivery: EventsLoadFigures['oneInstance'] | EventsLoadFigures['twoInstances']['sameInstance'],
  ) =>
    `| ${label} | ${ms(delivery.p50)} | ${ms(delivery.p99)} | ${ms(delivery.max)} | ${delivery.samples} | ${delivery.missing} | p99 < 250 ms: ${mark(delivery.p99 < 250)} |`;
  const one = figures.oneInstance;
  return `## Live updates under load (bench/events-load.ts, PostgreSQL)

${figures.streams} Server-Sent Events streams held open by members of one organization; a booking is made every
300 ms and the time from sending it to each stream receiving its event is measured (change to delivery, so the
booking request itself is included: its own answer took p50 ${ms(figures.changeRequest.p50)}, p99 ${ms(figures.changeRequest.p99)}).

| Where the streams are | p50 | p99 | max | deliveries | missing | target |
|---|---|---|---|---|---|---|
${row('One instance', one)}
${row('Two instances, stream on the instance that made the change', figures.twoInstances.sameInstance)}
${row('Two instances, stream on the other instance', figures.twoInstances.otherInstance)}

- ${figures.streams} streams opened in ${one.openSeconds} s; the server's resident memory went from ${one.rssBeforeMb} MB to ${one.rssAfterMb} MB: **${one.kbPerStream} KB per stream**.
`;
}

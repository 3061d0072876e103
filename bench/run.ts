// `npm run bench`: runs every section of docs/benchmarks.md, or `npm run bench -- <section> [<section> …]` only those
// (names in `sections` below and in docs/development.md). Each section's figures are written into docs/benchmarks.md as
// soon as it ends, beside the machine's bare-route ceiling measured in that section (bench/bare-route.ts); the table
// "Sections" says when each was last measured and how this run went (done, failed and why, stopped by the time limit,
// not run and why). Sections not run keep their earlier figures and date. The cluster (`npm run bench:cluster`) and
// the 20-million-booking tier (`npm run bench:scale`) are commands of their own and write their own sections.
// PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/perch_bench; each benchmark makes
// and drops databases of its own next to it). BENCH_SKIP_CLONE=1 skips the fresh-clone start-up (it runs npm ci).
// BENCH_QUICK=1: 3-second loads, no fresh clone; it writes $TMPDIR/perch-benchmarks.quick.md (a copy of the report
// with the sections run) instead (figures from a shared machine, for checking the harness). Every server started here
// listens on loopback, and the whole run stops itself after BENCH_MINUTES (default 30) minutes.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnPerch, stopProcess } from '#test-support/perch-server.ts';
import { analyticsSection, measureAnalyticsLoad } from './analytics-load.ts';
import { type BareRouteCeiling, ceilingLine, measureBareRoute } from './bare-route.ts';
import { type BookingsLoadFigures, measureBookingsLoad } from './bookings-load.ts';
import { checkInSection, measureCheckInLoad } from './check-in-load.ts';
import { type DesksLoadFigures, measureDesksLoad } from './desks-load.ts';
import { type EventsLoadFigures, measureEventsLoad } from './events-load.ts';
import { measureFloorRender } from './floor-render.ts';
import { mark, ms } from './format.ts';
import { type LighthouseFigures, measurePageQualityOnOwnServer } from './lighthouse.ts';
import { measureListRender } from './list-render.ts';
import { describeMachine, replaceReportSection } from './machine.ts';
import { measureRush, rushSection } from './rush.ts';
import { connections, isQuick, loadSeconds, warmUpSeconds } from './settings.ts';
import { measureStartup, type StartupFigures } from './startup.ts';
import { measureTeamBookingsLoad, teamBookingsSection } from './team-bookings-load.ts';

const root = path.resolve(import.meta.dirname, '..');
const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/perch_bench');
const databaseUrl = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const limitMinutes = Number(process.env.BENCH_MINUTES ?? 30);
const reportFile = isQuick
  ? path.join(os.tmpdir(), 'perch-benchmarks.quick.md')
  : path.join(root, 'docs', 'benchmarks.md');
const statusHeading = '## Sections';

interface Section {
  /** What `npm run bench -- <name>` runs. */
  name: string;
  /** The heading its part of the report starts with (the stable start of it). */
  heading: string;
  needsPostgres: boolean;
  /** Needs dist/web (built once per run when a section needs it). */
  needsWebBuild: boolean;
  /** Measures and answers its part of the report, which starts with `heading`. */
  run: (ceiling: BareRouteCeiling) => Promise<string>;
}

const ratio = (value: number, ceiling: number) => (ceiling > 0 ? `${(value / ceiling).toFixed(2)}×` : 'n/a');
const ceilingText = (figures: { p95: number; rps: number }) => `${ms(figures.p95)} / ${Math.round(figures.rps)}`;
const today = () => new Date().toISOString().slice(0, 10);
/** The line under each section's heading: when, and the machine's ceiling measured in the section. */
const measuredLine = (ceiling: BareRouteCeiling) =>
  `Measured ${today()} (machine at the top of this page). ${ceilingLine(ceiling)}`;
/** A section rendered by its benchmark's own module, with the measured line under its heading. */
const withMeasuredLine = (section: string, ceiling: BareRouteCeiling) => {
  const end = section.indexOf('\n');
  // A section that says when and where it was measured (the rush) gets the ceiling alone.
  const line = /\nMeasured \d{4}-/.test(section) ? ceilingLine(ceiling) : measuredLine(ceiling);
  return `${section.slice(0, end)}\n\n${line}\n${section.slice(end)}`;
};

let hasPostgres = false;

const sections: Section[] = [
  {
    name: 'startup',
    heading: '## Start-up',
    needsPostgres: false,
    needsWebBuild: true,
    run: async (ceiling) => {
      const startupUrl = databaseUrl(`${baseUrl.pathname.slice(1)}_startup`);
      const startup = await measureStartup({
        databaseUrl: hasPostgres && recreateDatabase(startupUrl) ? startupUrl : undefined,
        freshClone: process.env.BENCH_SKIP_CLONE !== '1' && !isQuick,
      });
      return startupSection(startup, ceiling);
    },
  },
  {
    name: 'render',
    heading: '## Floor plan in headless Chromium',
    needsPostgres: false,
    needsWebBuild: true,
    run: async (ceiling) => renderSection(await floorRenderFigures(), ceiling),
  },
  {
    name: 'desks',
    heading: '## Desks under load',
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      desksSection(await measureDesksLoad({ databaseUrl: databaseUrl('perch_bench_desks') }), ceiling),
  },
  {
    name: 'bookings',
    heading: '## Bookings under load',
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      bookingsSection(await measureBookingsLoad({ databaseUrl: databaseUrl('perch_bench_bookings') }), ceiling),
  },
  {
    name: 'quality',
    heading: '## Page quality',
    needsPostgres: false,
    needsWebBuild: true,
    run: async (ceiling) => qualitySection(await measurePageQualityOnOwnServer(), ceiling),
  },
  {
    name: 'events',
    heading: '## Live updates under load',
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      withMeasuredLine(
        eventsSection(await measureEventsLoad({ databaseUrl: databaseUrl('perch_bench_events') })),
        ceiling,
      ),
  },
  {
    name: 'team-bookings',
    heading: '## Team Bookings at scale',
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      withMeasuredLine(
        teamBookingsSection(await measureTeamBookingsLoad({ databaseUrl: databaseUrl('perch_bench_team_bookings') })),
        ceiling,
      ),
  },
  {
    name: 'analytics',
    heading: '## Workplace analytics',
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      withMeasuredLine(
        analyticsSection(await measureAnalyticsLoad({ databaseUrl: databaseUrl('perch_bench_analytics') })),
        ceiling,
      ),
  },
  {
    name: 'check-in',
    heading: '## Check-in and the release of no-shows',
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      withMeasuredLine(
        checkInSection(await measureCheckInLoad({ databaseUrl: databaseUrl('perch_bench_check_in') })),
        ceiling,
      ),
  },
  {
    name: 'rush',
    heading: "## The 9 o'clock rush",
    needsPostgres: true,
    needsWebBuild: false,
    run: async (ceiling) =>
      withMeasuredLine(rushSection(await measureRush({ databaseUrl: databaseUrl('perch_bench_rush') })), ceiling),
  },
];

// ---- The report file: written after each section, so that a run stopped on the way keeps what it finished. ----

function readReport(): string {
  const committed = path.join(root, 'docs', 'benchmarks.md');
  if (fs.existsSync(reportFile)) return fs.readFileSync(reportFile, 'utf8');
  if (fs.existsSync(committed)) return fs.readFileSync(committed, 'utf8');
  return '# Benchmarks\n';
}

function writeReport(report: string): void {
  fs.writeFileSync(reportFile, report);
}

/** The page's head: how it is written, the machine of the latest run, its load settings. */
function headOf(): string {
  return `# Benchmarks

Written by \`npm run bench\` (bench/run.ts), section by section as each ends; \`npm run bench -- <section>\` measures
one section again and leaves the others as they were (each says when it was measured). Do not edit by hand.${isQuick ? ' **Quick mode (BENCH_QUICK=1): short loads on a shared machine; indicative only.**' : ''}

- Latest run: ${today()}; machine: ${describeMachine(hasPostgres ? databaseUrl('postgres') : undefined)}
- Load: ${loadSeconds} s per figure after a ${warmUpSeconds} s warm-up, ${connections} clients unless a section says otherwise; load average at the start ${os.loadavg()[0]?.toFixed(2)}
- Every section carries the bare-route ceiling measured in it: a Fastify route answering a tiny JSON body, on the
  same machine in the same minutes. When it is low, the machine was slow (or busy), not Perch.
`;
}

/** The report with its head (everything before the first `## `) replaced. */
function replaceHead(report: string): string {
  const first = report.indexOf('\n## ');
  return `${headOf()}${first < 0 ? '' : report.slice(first)}`;
}

interface StatusRow {
  name: string;
  measured: string;
  ceiling: string;
  status: string;
}

/** The "Sections" table: one row a section of this command, kept across runs; the ones given replaced. */
function statusTable(report: string, changed: StatusRow[]): string {
  const previous = new Map<string, StatusRow>();
  for (const line of report.split('\n')) {
    const cells = /^\| `([a-z-]+)` \| (.*) \| (.*) \| (.*) \|$/.exec(line);
    if (cells?.[1])
      previous.set(cells[1], { name: cells[1], measured: cells[2]!, ceiling: cells[3]!, status: cells[4]! });
  }
  for (const row of changed) previous.set(row.name, row);
  const rows = sections.map((section) => {
    const row = previous.get(section.name) ?? { name: section.name, measured: 'never', ceiling: '', status: '' };
    return `| \`${row.name}\` | ${row.measured} | ${row.ceiling} | ${row.status} |`;
  });
  return `${statusHeading}

\`npm run bench -- <section>\` runs one of them. The cluster (\`npm run bench:cluster\`) and the 20-million-booking
tier (\`npm run bench:scale\`) are commands of their own, below. "Latest run" says what became of each section the last
time it was asked for.

| Section | last measured | bare-route ceiling then (p95 / requests/s) | latest run |
|---|---|---|---|
${rows.join('\n')}
`;
}

function recordStatus(rows: StatusRow[], section?: { heading: string; text: string }): void {
  let report = readReport();
  if (section) report = replaceReportSection(report, section.heading, section.text);
  report = replaceReportSection(report, statusHeading, statusTable(report, rows));
  // The status table comes first after the head.
  const start = report.indexOf(`\n${statusHeading}`);
  const end = report.indexOf('\n## ', start + 1);
  const table = report.slice(start + 1, end < 0 ? report.length : end + 1);
  const without = report.slice(0, start + 1) + (end < 0 ? '' : report.slice(end + 1));
  const firstSection = without.indexOf('\n## ');
  report =
    firstSection < 0
      ? `${without.trimEnd()}\n\n${table}`
      : `${without.slice(0, firstSection + 1)}${table}\n${without.slice(firstSection + 1)}`;
  writeReport(report.replace(/\n{3,}/g, '\n\n'));
}

// ---- The run ----

// BENCH_SCALE=seatsurfing npm run bench: the 20-million-booking tier alone (npm run bench:scale).
if (process.env.BENCH_SCALE) {
  if (process.env.BENCH_SCALE !== 'seatsurfing') {
    console.error(`BENCH_SCALE=${process.env.BENCH_SCALE}: the one scale tier is "seatsurfing".`);
    process.exit(2);
  }
  const scale = spawnSync(process.execPath, [path.join(root, 'bench', 'scale.ts')], { stdio: 'inherit' });
  process.exit(scale.status ?? 1);
}

const asked = process.argv.slice(2).filter((argument) => argument !== '--');
const unknown = asked.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown section ${unknown.join(', ')}. Sections: ${sections.map((section) => section.name).join(', ')}.` +
      ' The cluster and the scale tier: npm run bench:cluster, npm run bench:scale.',
  );
  process.exit(2);
}
const chosen = asked.length === 0 ? sections : sections.filter((section) => asked.includes(section.name));

if (isQuick && !fs.existsSync(reportFile)) fs.copyFileSync(path.join(root, 'docs', 'benchmarks.md'), reportFile);
hasPostgres = recreateDatabase(databaseUrl(`${baseUrl.pathname.slice(1)}_probe`), true);
if (!hasPostgres) console.warn(`PostgreSQL at ${baseUrl.host} is not reachable: sections that need it do not run.`);
writeReport(replaceHead(readReport()));
recordStatus(
  chosen.map((section) => ({
    ...currentRow(section.name),
    status: `waiting (run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  })),
);

let current: { section: Section; started: number } | undefined;
const timer = setTimeout(() => {
  console.error(`The benchmark run passed its ${limitMinutes}-minute limit and stops.`);
  const index = current ? chosen.indexOf(current.section) : chosen.length;
  recordStatus([
    ...(current
      ? [
          {
            ...currentRow(current.section.name),
            status: `**stopped by the ${limitMinutes}-minute limit** after ${Math.round((performance.now() - current.started) / 1000)} s; earlier figures kept`,
          },
        ]
      : []),
    ...chosen.slice(index + 1).map((section) => ({
      ...currentRow(section.name),
      status: `**not run**: the ${limitMinutes}-minute limit was reached before it`,
    })),
  ]);
  process.exit(1);
}, limitMinutes * 60_000);
timer.unref();

let built = false;
let failures = 0;
for (const section of chosen) {
  if (section.needsPostgres && !hasPostgres) {
    recordStatus([{ ...currentRow(section.name), status: `**not run**: PostgreSQL at ${baseUrl.host} not reachable` }]);
    continue;
  }
  current = { section, started: performance.now() };
  console.log(`▶ ${section.name}`);
  try {
    // A quick run reuses an existing build: rebuilding dist/web under other people's browser tests breaks them.
    if (section.needsWebBuild && !built && (!isQuick || !fs.existsSync(path.join(root, 'dist', 'web', 'index.html')))) {
      execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
      built = true;
    }
    const ceiling = await measureBareRoute();
    console.log(`Bare-route ceiling: p95 ${ms(ceiling.p95)}, ${ceiling.rps}/s.`);
    const text = await section.run(ceiling);
    const seconds = Math.round((performance.now() - current.started) / 1000);
    recordStatus(
      [
        {
          name: section.name,
          measured: today(),
          ceiling: `${ms(ceiling.p95)} / ${ceiling.rps.toLocaleString('en')}`,
          status: `done in ${seconds} s`,
        },
      ],
      { heading: section.heading, text },
    );
    console.log(text);
  } catch (error) {
    failures += 1;
    console.error(error);
    const message = String(error instanceof Error ? error.message : error)
      .split('\n')[0]
      ?.replaceAll('|', '/')
      .slice(0, 160);
    recordStatus([{ ...currentRow(section.name), status: `**failed**: ${message}; earlier figures kept` }]);
  }
}
current = undefined;
console.log(`Written to ${reportFile}.`);
process.exit(failures > 0 ? 1 : 0);

// ---- Helpers ----

/** The section's row as the report has it now (its last measurement), to change only its status. */
function currentRow(name: string): StatusRow {
  const line = readReport()
    .split('\n')
    .find((candidate) => candidate.startsWith(`| \`${name}\` |`));
  const cells = line ? /^\| `[a-z-]+` \| (.*) \| (.*) \| (.*) \|$/.exec(line) : null;
  return { name, measured: cells?.[1] ?? 'never', ceiling: cells?.[2] ?? '', status: cells?.[3] ?? '' };
}

/** Drops the database (by name) and, unless `probeOnly`, creates it empty again; false when PostgreSQL is away. */
function recreateDatabase(url: string, probeOnly = false): boolean {
  const name = new URL(url).pathname.slice(1);
  try {
    execSync(
      `psql "${databaseUrl('postgres')}" -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)"${probeOnly ? '' : ` -c "CREATE DATABASE ${name}"`}`,
      { stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  }
}

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

function startupSection(startup: StartupFigures[], ceiling: BareRouteCeiling): string {
  const rows = startup
    .map(
      (row) =>
        `| ${row.database} | ${row.freshCloneSeconds === null ? 'not measured' : `${row.freshCloneSeconds.toFixed(1)} s`} | ${Math.round(row.warmStartMs)} ms | ${row.idleRssMiB} MiB |`,
    )
    .join('\n');
  return `## Start-up

${measuredLine(ceiling)}

Fresh clone: \`git clone\`, then \`npm start\` until the landing page answers (npm ci, the web build and the
migrations included; the npm cache is warm on this machine). Warm start: the server process alone until the
landing page answers, on a migrated database. Idle memory: resident set size 3 s after the first request.

| Database | Fresh clone to first page | Warm start | Idle resident memory |
|---|---|---|---|
${rows}
`;
}

// Functions, not constants: the sections run from the loop above, before a constant declared down here would exist.
function loadTableHead(): string {
  return `| Call | p50 | p95 | p99 | requests/s | ceiling p95 / rps | ratio | target |
|---|---|---|---|---|---|---|---|`;
}

function row(
  call: string,
  figures: { p50: number; p95: number; p99?: number; rps: number },
  ceiling: string,
  ratioText: string,
  target: string,
): string {
  return `| ${call} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${figures.p99 === undefined ? '' : ms(figures.p99)} | ${Math.round(figures.rps)} | ${ceiling} | ${ratioText} | ${target} |`;
}

function desksSection(desks: DesksLoadFigures, ceiling: BareRouteCeiling): string {
  return `## Desks under load (bench/desks-load.ts, PostgreSQL, ${connections} concurrent clients, autocannon)

${measuredLine(ceiling)}

The ceiling beside each call is a bare Fastify route writing the same bytes, and the call's own SQL through \`pg\`
with the app's pool size. The ratio is p95 over that route's p95.

${loadTableHead()}
${[
  row(
    'Desks of a 2,000-desk floor (GET /api/floors/{id}/desks), uncompressed',
    { ...desks, rps: desks.requestsPerSecond },
    `same bytes: ${ceilingText({ p95: desks.ceilingP95, rps: desks.ceilingRps })}`,
    ratio(desks.p95, desks.ceilingP95),
    `p95 < 20 ms: ${mark(desks.p95 < 20)}`,
  ),
  row(
    `The same, Accept-Encoding br (${Math.round(desks.compressed.bytes / 1024)} KB sent)`,
    { ...desks.compressed, rps: desks.compressed.requestsPerSecond },
    `same bytes: ${ceilingText({ p95: desks.compressed.ceilingP95, rps: desks.compressed.ceilingRps })}`,
    ratio(desks.compressed.p95, desks.compressed.ceilingP95),
    `p95 < 20 ms: ${mark(desks.compressed.p95 < 20)}`,
  ),
  row('↳ its SQL alone through pg (10 connections)', desks.sql, '', '', ''),
].join('\n')}
`;
}

function bookingsSection(bookings: BookingsLoadFigures, ceiling: BareRouteCeiling): string {
  const seeding = bookings.seeding;
  return `## Bookings under load (bench/bookings-load.ts, PostgreSQL, ${connections} concurrent clients, autocannon)

${measuredLine(ceiling)}

Seeded: ${seeding.bookings.toLocaleString('en')} bookings (${seeding.onReadDate} active on the day read), ${seeding.users.toLocaleString('en')} users, ${seeding.organizations} organizations in ${seeding.seconds} s.
The ceilings beside each call: a bare Fastify route writing the same bytes (for creation, a tiny JSON body), and the
call's own SQL through \`pg\` with the app's pool size. The ratio is p95 over that route's p95.

${loadTableHead()}
${[
  row(
    "A day's bookings, 500-desk organization (GET /api/organizations/{id}/bookings, br)",
    bookings.dayRead,
    `same bytes: ${ceilingText(bookings.dayCeiling)}`,
    ratio(bookings.dayRead.p95, bookings.dayCeiling.p95),
    `p95 < 20 ms: ${mark(bookings.dayRead.p95 < 20)}`,
  ),
  row('↳ its SQL alone through pg (10 connections)', bookings.dayReadSql, '', '', ''),
  row(
    `Booking creation, every booking rule off (POST /api/bookings; ${bookings.createWithoutRules.non409Errors} errors other than 409)`,
    bookings.createWithoutRules,
    `tiny JSON: ${ceilingText(bookings.ceiling)}`,
    ratio(bookings.createWithoutRules.p95, bookings.ceiling.p95),
    '',
  ),
  row(
    `Booking creation, every booking rule on (${bookings.create.non409Errors} errors other than 409)`,
    bookings.create,
    `tiny JSON: ${ceilingText(bookings.ceiling)}`,
    ratio(bookings.create.p95, bookings.ceiling.p95),
    `p95 < 30 ms and ≥ 1,000/s: ${mark(bookings.create.p95 < 30 && bookings.create.rps >= 1000 && bookings.create.non409Errors === 0)}; ` +
      `${((bookings.create.rps / bookings.createWithoutRules.rps) * 100).toFixed(0)} % of the throughput without rules (≥ 90 %: ${mark(bookings.create.rps >= 0.9 * bookings.createWithoutRules.rps)})`,
  ),
  row('↳ its INSERT alone through pg (10 connections, desk lock included)', bookings.createSql, '', '', ''),
  row(
    'Signed-in GET /api/user (the session lookup alone)',
    bookings.signedInCeiling,
    `tiny JSON: ${ceilingText(bookings.ceiling)}`,
    ratio(bookings.signedInCeiling.p95, bookings.ceiling.p95),
    '',
  ),
].join('\n')}
`;
}

function renderSection(render: Awaited<ReturnType<typeof floorRenderFigures>>, ceiling: BareRouteCeiling): string {
  return `## Floor plan in headless Chromium (${render.deskCount} desks, PGlite server)

${measuredLine(ceiling)}

| Figure | Value | Target |
|---|---|---|
| First render of the canvas, fitted to a 1440 x 900 screen (desks cached: render, layout, first paint) | ${ms(render.renderMs)} | < 300 ms: ${mark(render.renderMs < 300)} |
| Choosing the floor, desks fetched then rendered | ${ms(render.fetchAndRenderMs)} | |
| Dragging a desk | ${render.dragFps.toFixed(1)} fps (worst frame ${ms(render.worstFrameMs)}) | ≥ 55 fps: ${mark(render.dragFps >= 55)} |
| Desk tiles whose DOM changed during the drag | ${render.tilesTouchedDuringDrag} | only the dragged ones |
| Zooming by Ctrl+wheel, one step per frame, then the text laid out again | ${render.zoomFps.toFixed(1)} fps (worst frame ${ms(render.zoomWorstFrameMs)}) | ≥ 55 fps: ${mark(render.zoomFps >= 55)} |
| Panning the map at 300 % | ${render.panFps.toFixed(1)} fps (worst frame ${ms(render.panWorstFrameMs)}) | ≥ 55 fps: ${mark(render.panFps >= 55)} |

### Floor list view (bench/list-render.ts: ${render.list.deskCount} desks, ${render.list.bookedDesks} booked today)

| Figure | Median | Slowest | Target (median) |
|---|---|---|---|
| Pressing List, the map showing, to every row painted (5 times) | ${ms(render.list.renderMs)} | ${ms(render.list.slowestRenderMs)} | < 200 ms: ${mark(render.list.renderMs < 200)} |
| ↳ the list alone: its floor chosen in the list view after an empty one (5 times) | ${ms(render.list.listOnlyRenderMs)} | ${ms(render.list.slowestListOnlyRenderMs)} | |
| One character typed or deleted in the search box to the list painted (10 times) | ${ms(render.list.searchMs)} | ${ms(render.list.slowestSearchMs)} | < 50 ms: ${mark(render.list.searchMs < 50)} |
| Another filter chosen to the list painted (10 times) | ${ms(render.list.filterMs)} | ${ms(render.list.slowestFilterMs)} | < 50 ms: ${mark(render.list.filterMs < 50)} |
`;
}

function qualitySection(quality: LighthouseFigures, ceiling: BareRouteCeiling): string {
  const rows = quality.pages
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
  return `## Page quality (Lighthouse, desktop settings, Debian's Chromium)

${measuredLine(ceiling)}

| Page | Performance | Accessibility | Best practices | SEO | JS before interaction (compressed) | all ≥ 95 | audits below full marks |
|---|---|---|---|---|---|---|---|
${rows}

- Dashboard Total Blocking Time: ${quality.pages
    .filter((page) => page.page.startsWith('Dashboard'))
    .map((page) => `${page.page.includes('mobile') ? 'mobile' : 'desktop'} ${page.totalBlockingTimeMs} ms`)
    .join(', ')} (< 200 ms on both: ${mark(
    quality.pages.filter((page) => page.page.startsWith('Dashboard')).every((page) => page.totalBlockingTimeMs < 200),
  )}).
- Landing page JavaScript before interaction: ${Math.round((landing?.scriptBytes ?? 0) / 1024)} KB compressed (≤ 150 KB: ${mark((landing?.scriptBytes ?? Infinity) <= 150 * 1024)}).
- Floor-plan editor code: ${quality.editor.loadedBeforeEditMode ? '**loaded before edit mode**' : 'not loaded before edit mode'}; ${quality.editor.loadedInEditMode ? `loaded when edit mode is switched on (${quality.editor.chunk})` : '**not seen in edit mode**'}.
`;
}

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

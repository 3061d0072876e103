// `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures and the machine.
// Set BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/perch_bench) for the PostgreSQL figures;
// BENCH_SKIP_CLONE=1 skips the fresh-clone measurement (it runs npm ci, about a minute).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeMachine } from './machine.ts';
import { measureStartup } from './startup.ts';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/perch_bench';

function preparePostgres(): string | undefined {
  try {
    const admin = new URL(databaseUrl);
    const name = admin.pathname.slice(1);
    admin.pathname = '/postgres';
    execSync(`psql "${admin}" -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)" -c "CREATE DATABASE ${name}"`, {
      stdio: 'ignore',
    });
    return databaseUrl;
  } catch {
    console.warn(`PostgreSQL at ${databaseUrl} is not reachable: PostgreSQL figures are skipped.`);
    return undefined;
  }
}

const timer = setTimeout(() => {
  console.error('The benchmark run passed its 10-minute limit and stops.');
  process.exit(1);
}, 10 * 60_000);
timer.unref();

execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
const postgresUrl = preparePostgres();
const startup = await measureStartup({ databaseUrl: postgresUrl, freshClone: process.env.BENCH_SKIP_CLONE !== '1' });

const rows = startup
  .map(
    (row) =>
      `| ${row.database} | ${row.freshCloneSeconds === null ? 'not measured' : `${row.freshCloneSeconds.toFixed(1)} s`} | ${Math.round(row.warmStartMs)} ms | ${row.idleRssMiB} MiB |`,
  )
  .join('\n');

const report = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${describeMachine(postgresUrl)}

## Start-up

Fresh clone: \`git clone\`, then \`npm start\` until the landing page answers (npm ci, the web build and the
migrations included; the npm cache is warm on this machine). Warm start: the server process alone until the
landing page answers, on a migrated database. Idle memory: resident set size 3 s after the first request.

| Database | Fresh clone to first page | Warm start | Idle resident memory |
|---|---|---|---|
${rows}
`;
fs.writeFileSync(path.join(root, 'docs', 'benchmarks.md'), report);
console.log(report);
process.exit(0);

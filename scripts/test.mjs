// `npm test`: every check, stage by stage; stops at the first failure and exits non-zero.
// `npm test -- <stage> [<stage> …]` runs only those stages (types, lint, unit, integration, browser).
// Each stage prints its wall time, and the run ends with a table of them.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bin, ensureInstalled, ensureProjectNode, ensureWebBuilt, run } from './setup.mjs';

ensureInstalled();
ensureProjectNode(fileURLToPath(import.meta.url));

const stages = {
  types: () => run(bin('tsc'), ['-p', 'tsconfig.server.json']) || run(bin('tsc'), ['-p', 'tsconfig.web.json']),
  lint: () => run(bin('biome'), ['check', '--error-on-warnings', '.']),
  unit: () => run(bin('vitest'), ['run', '--project', 'unit']),
  integration: () => {
    if (!process.env.DATABASE_URL) {
      console.log('DATABASE_URL is not set: integration tests run on PGlite only.');
      console.log('Set DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them on PostgreSQL too.\n');
    }
    return run(bin('vitest'), ['run', '--project', 'integration:*']);
  },
  browser: () => {
    if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      console.error('Chromium is missing: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).');
      return 1;
    }
    ensureWebBuilt({ force: true });
    return run(bin('playwright'), ['test']);
  },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in stages));
if (unknown.length > 0) {
  console.error(`Unknown stage: ${unknown.join(', ')}. The stages are: ${Object.keys(stages).join(', ')}.`);
  process.exit(2);
}
const chosen = Object.keys(stages).filter((name) => asked.length === 0 || asked.includes(name));

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const timings = [];
const started = performance.now();
let failed;
for (const name of chosen) {
  console.log(`\n▶ ${name}`);
  const stageStarted = performance.now();
  const status = stages[name]();
  timings.push([name, seconds(stageStarted), status === 0 ? 'passed' : 'FAILED']);
  console.log(`■ ${name}: ${status === 0 ? 'passed' : 'failed'} in ${seconds(stageStarted)} s`);
  if (status !== 0) {
    failed = name;
    break;
  }
}

console.log('\nstage        wall time');
for (const [name, wall, outcome] of timings) console.log(`${name.padEnd(12)} ${`${wall} s`.padStart(9)}  ${outcome}`);
console.log(`${'total'.padEnd(12)} ${`${seconds(started)} s`.padStart(9)}`);
if (failed) {
  console.error(`\n✗ npm test failed at: ${failed}`);
  process.exit(1);
}
console.log(`\n✓ ${asked.length === 0 ? 'every check' : chosen.join(', ')} passed`);

// `npm test`: every check, in order; stops at the first failure and exits non-zero.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bin, ensureInstalled, ensureProjectNode, ensureWebBuilt, run } from './setup.mjs';

ensureInstalled();
ensureProjectNode(fileURLToPath(import.meta.url));

const only = process.argv[2];
const steps = [
  ['types', () => run(bin('tsc'), ['-p', 'tsconfig.server.json']) || run(bin('tsc'), ['-p', 'tsconfig.web.json'])],
  ['lint', () => run(bin('biome'), ['check', '--error-on-warnings', '.'])],
  [
    'unit and integration',
    () => {
      if (!process.env.DATABASE_URL) {
        console.log('\nDATABASE_URL is not set: integration tests run on PGlite only.');
        console.log('Set DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them on PostgreSQL too.\n');
      }
      return run(bin('vitest'), ['run']);
    },
  ],
  [
    'browser',
    () => {
      if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
        console.error('Chromium is missing: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).');
        return 1;
      }
      ensureWebBuilt({ force: true });
      return run(bin('playwright'), ['test']);
    },
  ],
];

const failed = [];
for (const [name, step] of steps) {
  if (only && only !== name.split(' ')[0]) continue;
  console.log(`\n▶ ${name}`);
  const status = step();
  if (status !== 0) {
    failed.push(name);
    break;
  }
}
if (failed.length > 0) {
  console.error(`\n✗ npm test failed at: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\n✓ every check passed');

import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Which tests open a database: those that import the test harness (tests/support/harness.ts), directly or through a
// support module that does. They run once per database, in the integration projects; every other test of
// src/server, tests/security and tests/fuzz runs once, in the unit project.
const root = import.meta.dirname;
const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((match) => {
    const specifier = match[1]!;
    if (specifier.startsWith('#test-support/')) return path.join(root, 'tests/support', specifier.slice(14));
    if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
    return specifier;
  });
const opensDatabase = new Map<string, boolean>();
function usesHarness(file: string): boolean {
  if (file.endsWith(path.join('tests', 'support', 'harness.ts'))) return true;
  if (!file.startsWith(path.join(root, 'tests')) && !file.endsWith('.test.ts')) return false;
  if (!opensDatabase.has(file)) {
    opensDatabase.set(file, false);
    opensDatabase.set(
      file,
      importsOf(file).some((imported) => fs.existsSync(imported) && usesHarness(imported)),
    );
  }
  return opensDatabase.get(file)!;
}
const serverTests = ['src/server', 'tests/security', 'tests/fuzz'].flatMap((folder) =>
  fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name)),
);
const databaseTests = serverTests.filter((file) => usesHarness(path.join(root, file)));
const databaseFreeTests = serverTests.filter((file) => !databaseTests.includes(file));
// Files share their worker's modules (each still opens its own database): the server is imported once per worker
// instead of once per file. A file that replaces a module with vi.mock gets modules of its own.
const mocksModules = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock(');

const integration = (database: 'pglite' | 'postgres', isolated: boolean) => ({
  test: {
    name: `integration:${database}${isolated ? ':isolated' : ''}`,
    include: databaseTests.filter((file) => mocksModules(file) === isolated),
    isolate: isolated,
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    env: { PERCH_TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const databases: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    // `.only` left in a test fails the run in CI (.ci/run sets CI=true) instead of skipping everything else.
    allowOnly: !process.env.CI,
    // Two cores: two files at once. PGlite instances are ~300 MB each.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.ts',
            ...databaseFreeTests,
          ],
          environment: 'node',
        },
      },
      ...databases.flatMap((database) => [integration(database, false), integration(database, true)]),
      {
        // Perch started as a process, as people start it (npm start, the platform-admin command): once, on PGlite.
        test: {
          name: 'integration:processes',
          include: ['tests/processes/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});

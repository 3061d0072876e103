import { defineConfig } from 'vitest/config';

const integration = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `integration:${database}`,
    include: ['src/server/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/fuzz/**/*.test.ts'],
    exclude: ['src/server/config.test.ts'],
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
            'src/server/config.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      ...databases.map(integration),
    ],
  },
});

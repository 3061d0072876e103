import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.ts';
import { e2eDataDir, e2ePort } from './tests/e2e/paths.ts';

const port = e2ePort;

export default defineConfig({
  testDir: 'tests/e2e',
  // Every test makes its own organization and people, so tests run in any order, two at a time (two cores): one
  // Perch server for the run, each worker its own browser.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `node tests/e2e/serve.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), DATA_DIR: e2eDataDir, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' },
  },
});

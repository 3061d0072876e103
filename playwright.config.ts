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
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs every test a third more time, failing or not: E2E_TRACE=retain-on-failure turns it on
    // when a failure needs one; a failure always leaves a screenshot and the page's accessibility snapshot.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'off',
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

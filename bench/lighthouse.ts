// Page quality: Lighthouse (desktop settings) on the landing page, /auth and the signed-in dashboard, and the
// dashboard again with Lighthouse's mobile settings (issue 14: performance at least 90, accessibility 100), driving
// Debian's Chromium with the flags of tests/e2e/chromium.ts; the compressed JavaScript the landing page loads
// before any interaction; and whether the dashboard fetches the floor-plan editor only once edit mode is on.
// Run alone against a running server: npx node bench/lighthouse.ts http://localhost:3000
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { registerWebApp } from '#server/static.ts';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { benchClient, type Floor, signUpWithOrganization } from './perch-api.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface PageScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Compressed bytes of JavaScript loaded before any interaction. */
  scriptBytes: number;
  /** Total Blocking Time (issue 34: under 200 ms), in milliseconds. */
  totalBlockingTimeMs: number;
  /** Audits under full marks in a category below 100, by id, for the report. */
  failing: string[];
}

export interface LighthouseFigures {
  pages: PageScores[];
  editor: { loadedBeforeEditMode: boolean; loadedInEditMode: boolean; chunk: string | null };
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A new admin with an organization and a floor with a few desks; answers its session cookie. */
export async function signedInAdmin(baseUrl: string): Promise<string> {
  const api = benchClient(baseUrl);
  const stamp = Date.now().toString(36);
  const organization = await signUpWithOrganization(
    api,
    {
      email: `lighthouse.${stamp}@example.com`,
      password: 'lighthouse-password-1',
      firstName: 'Light',
      lastName: 'House',
    },
    { name: `Quality ${stamp}`, slug: `quality-${stamp}` },
  );
  const floors = await api.call<Floor[]>('GET', `/api/organizations/${organization.id}/floors`);
  for (let index = 0; index < 6; index++) {
    await api.call('POST', `/api/organizations/${organization.id}/desks`, {
      name: `Q${index + 1}`,
      positionX: String(40 + index * 150),
      positionY: '60',
      width: '120',
      height: '80',
      floorId: floors[0]?.id,
    });
  }
  return api.cookie;
}

/** Lighthouse's own default settings are the mobile ones (a mid-range phone, slow 4G, 4x CPU slowdown). */
type FormFactor = 'desktop' | 'mobile';

async function audit(
  url: string,
  port: number,
  cookie: string | undefined,
  formFactor: FormFactor,
): Promise<Omit<PageScores, 'page'>> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // The whole report (diagnostics, treemap data, the trace's main-thread work) for looking into a score.
  if (process.env.LIGHTHOUSE_JSON_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '-') || '-'}${cookie ? 'signed-in-' : ''}${formFactor}.json`;
    fs.mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, `lighthouse${name}`), JSON.stringify(lhr));
  }
  if (process.env.LIGHTHOUSE_DEBUG) {
    console.log(url, JSON.stringify(lhr.runtimeError ?? null), JSON.stringify(lhr.runWarnings));
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'speed-index',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      console.log(' ', id, lhr.audits[id]?.score, lhr.audits[id]?.displayValue, lhr.audits[id]?.errorMessage ?? '');
    }
  }
  const score = (id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = (lhr.audits['network-requests']?.details as { items?: any[] } | undefined)?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const failing = categories.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}:${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    scriptBytes,
    totalBlockingTimeMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    failing,
  };
}

/** Opens the dashboard, lists the scripts fetched, switches edit mode on and lists them again. */
async function checkEditorLoading(baseUrl: string, cookie: string): Promise<LighthouseFigures['editor']> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext();
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(baseUrl);
    await page.getByRole('switch', { name: 'Edit Mode' }).waitFor();
    await page.waitForLoadState('networkidle');
    const isEditor = (path: string) => /floor-editor/.test(path);
    const loadedBeforeEditMode = scripts.some(isEditor);
    await page.getByRole('switch', { name: 'Edit Mode' }).click();
    await page.getByRole('toolbar', { name: 'Floor plan editor' }).waitFor();
    return { loadedBeforeEditMode, loadedInEditMode: scripts.some(isEditor), chunk: scripts.find(isEditor) ?? null };
  } finally {
    await browser.close();
  }
}

export async function measurePageQuality(options: { baseUrl: string }): Promise<LighthouseFigures> {
  const cookie = await signedInAdmin(options.baseUrl);
  const pages: PageScores[] = [];
  for (const [page, path, withCookie, formFactor] of [
    ['Landing page', '/', false, 'desktop'],
    ['Sign in (/auth)', '/auth', false, 'desktop'],
    ['Dashboard, signed in', '/', true, 'desktop'],
    ['Dashboard, signed in, mobile settings', '/', true, 'mobile'],
  ] as const) {
    // A fresh browser per page: reusing one, Lighthouse sometimes loses the navigation in its trace (NO_NAVSTART).
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumLaunchOptions.executablePath,
      chromeFlags: [...chromiumLaunchOptions.args, '--headless=new'],
    });
    try {
      pages.push({
        page,
        ...(await audit(
          new URL(path, options.baseUrl).toString(),
          chrome.port,
          withCookie ? cookie : undefined,
          formFactor,
        )),
      });
    } finally {
      chrome.kill();
    }
  }
  return { pages, editor: await checkEditorLoading(options.baseUrl, cookie) };
}

/**
 * Serves a built web app from a Perch on a fresh embedded database, in this process, at http://localhost:`port`,
 * while `measure` runs; stops it.
 */
export async function withOwnServer<T>(
  webDir: string,
  port: number,
  measure: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-quality-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    });
    const database = await openDatabase({ dataDir });
    await migrate(database.sql);
    const app = await buildApp({
      config,
      database,
      serveWebApp: false,
      mailer: { send: async () => {}, close: () => {} },
    });
    await registerWebApp(app, webDir);
    await app.listen({ host: '127.0.0.1', port });
    try {
      return await measure(`http://localhost:${port}`);
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Builds the web app into a directory of its own (others may rebuild dist/web meanwhile); answers the directory. */
export function buildWebApp(options: { sourcemap?: boolean } = {}): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-web-'));
  execSync(
    `npx vite build --logLevel warn --outDir "${webDir}" --emptyOutDir${options.sourcemap ? ' --sourcemap' : ''}`,
    { cwd: root, stdio: 'inherit' },
  );
  return webDir;
}

/** Builds the web app and measures it served from a Perch of its own at http://localhost:4321. */
export async function measurePageQualityOnOwnServer(): Promise<LighthouseFigures> {
  const webDir = buildWebApp();
  try {
    return await withOwnServer(webDir, 4321, (baseUrl) => measurePageQuality({ baseUrl }));
  } finally {
    fs.rmSync(webDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const figures = process.argv[2]
    ? await measurePageQuality({ baseUrl: process.argv[2] })
    : await measurePageQualityOnOwnServer();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}

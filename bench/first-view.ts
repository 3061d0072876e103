// What the signed-in dashboard's first view runs (issue 34), for finding what to defer: the main thread's work by
// source file (a CPU profile mapped through the build's source maps), its long tasks, and when each request starts,
// in Chromium at 390 x 844 with the CPU slowed 4 times (Lighthouse's mobile setting). Not part of `npm run bench`:
// run it when looking into the dashboard's Lighthouse score.
//   npx node bench/first-view.ts            (builds the app with source maps and serves it itself)
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { buildWebApp, signedInAdmin, withOwnServer } from './lighthouse.ts';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The source file (a package's name for node_modules) a generated position comes from. */
function sourceOf(maps: Map<string, TraceMap | null>, webDir: string, frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(browser)';
  const url = new URL(frame.url);
  if (!url.pathname.startsWith('/assets/')) return url.pathname;
  let map = maps.get(url.pathname);
  if (map === undefined) {
    const file = `${webDir}${url.pathname}.map`;
    map = fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null;
    maps.set(url.pathname, map);
  }
  if (!map) return url.pathname;
  const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = position.source ?? `${url.pathname}:${frame.lineNumber + 1}:${frame.columnNumber}`;
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  return packageName ? `npm:${packageName}` : source.replace(/^.*?\/src\//, 'src/');
}

async function profileFirstView(baseUrl: string, webDir: string) {
  const cookie = await signedInAdmin(baseUrl);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    const client = await context.newCDPSession(page);
    await client.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await client.send('Profiler.enable');
    await client.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (globalThis as any).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask' as 'mark', buffered: true });
    });
    const requests: Array<{ at: number; url: string; type: string }> = [];
    let started = 0;
    page.on('request', (request) =>
      requests.push({ at: Date.now() - started, url: new URL(request.url()).pathname, type: request.resourceType() }),
    );
    await client.send('Profiler.start');
    started = Date.now();
    await page.goto(baseUrl);
    await page.getByRole('tab', { name: 'Map' }).waitFor();
    await page.waitForLoadState('networkidle');
    const { profile } = (await client.send('Profiler.stop')) as unknown as { profile: Profile };
    const longTasks = (await page.evaluate(() => (globalThis as any).__longTasks)) as Array<{
      start: number;
      duration: number;
    }>;

    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const maps = new Map<string, TraceMap | null>();
    const selfTime = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
      const source = sourceOf(maps, webDir, node.callFrame);
      selfTime.set(source, (selfTime.get(source) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    });
    // Busy stretches (samples with no idle between them) over 50 ms: what each one runs.
    const stretches: Array<{ start: number; duration: number; sources: Map<string, number> }> = [];
    let clock = 0;
    let current: (typeof stretches)[number] | null = null;
    profile.samples.forEach((id, index) => {
      const delta = (profile.timeDeltas[index] ?? 0) / 1000;
      clock += delta;
      const node = byId.get(id);
      const isIdle = !node || node.callFrame.functionName === '(idle)';
      if (isIdle) {
        if (current && current.duration > 50) stretches.push(current);
        current = null;
        return;
      }
      current ??= { start: clock, duration: 0, sources: new Map() };
      current.duration += delta;
      const source = `${sourceOf(maps, webDir, node.callFrame)} ${node.callFrame.functionName}`;
      current.sources.set(source, (current.sources.get(source) ?? 0) + delta);
    });
    for (const stretch of stretches) {
      const top = [...stretch.sources]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([source, time]) => `${Math.round(time)} ${source}`);
      console.log(`busy ${Math.round(stretch.start)}+${Math.round(stretch.duration)} ms: ${top.join(' | ')}`);
    }
    const total = [...selfTime.values()].reduce((sum, time) => sum + time, 0);
    console.log(`JavaScript on the main thread (CPU x4): ${Math.round(total)} ms; by source, self time:`);
    for (const [source, time] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`${String(Math.round(time)).padStart(7)} ms  ${source}`);
    }
    console.log(
      `\nLong tasks (start, duration, ms): ${longTasks.map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`).join(' ')}`,
    );
    console.log(
      `Blocking beyond 50 ms each: ${Math.round(longTasks.reduce((sum, task) => sum + task.duration - 50, 0))} ms`,
    );
    console.log('\nRequests (ms after navigation, type, path):');
    for (const request of requests)
      console.log(`${String(request.at).padStart(6)}  ${request.type.padEnd(11)} ${request.url}`);
  } finally {
    await browser.close();
  }
}

const webDir = process.argv[2] ? path.resolve(process.argv[2]) : buildWebApp({ sourcemap: true });
await withOwnServer(webDir, 4322, (baseUrl) => profileFirstView(baseUrl, webDir));
if (!process.argv[2]) fs.rmSync(webDir, { recursive: true, force: true });
process.exit(0);

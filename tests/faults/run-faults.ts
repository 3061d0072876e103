// `npm run test:faults`: PostgreSQL stopped (as by a crash) and started again under booking load, then Perch
// killed mid-request. Runs on a throwaway cluster of its own, never the machine's PostgreSQL service.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openEvents } from '#test-support/events.ts';
import { freePort } from '#test-support/perch-server.ts';
import { type Sent, type Setup, sendBooking, startLoad } from './booking-load.ts';
import { type PerchProcess, startPerch } from './perch-process.ts';
import { type Cluster, createCluster } from './postgres-cluster.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failures: string[] = [];
const check = (condition: boolean, message: string) => {
  if (!condition) failures.push(message);
};

async function health(url: string): Promise<number | 'network'> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 'network';
  }
}

/** An admin with an organization of 60 desks, through the API. */
async function prepare(url: string): Promise<Setup> {
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: 'faults@example.com',
      password: 'correct horse battery',
      firstName: 'F',
      lastName: 'T',
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const call = async (method: string, pathname: string, body: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { ...json, cookie },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<any>;
  };
  const organization = await call('POST', '/api/organizations', { name: 'Fault Test', slug: 'fault-test' });
  const floor = await call('POST', `/api/organizations/${organization.id}/floors`, { name: 'Floor 1' });
  const deskIds: string[] = [];
  for (let index = 0; index < 60; index++) {
    const desk = await call('POST', `/api/organizations/${organization.id}/desks`, {
      name: `D${index}`,
      floorId: floor.id,
      positionX: 20 + (index % 12) * 140,
      positionY: 20 + Math.floor(index / 12) * 120,
    });
    deskIds.push(desk.id);
  }
  // One admin makes every booking, on any desk: the booking rules' one desk per person would refuse most of them.
  await call('PUT', `/api/organizations/${organization.id}/booking-rules`, {
    onePerPersonPerSlot: false,
    maxDaysAhead: 730,
    maxBookingsPerWeek: null,
    adminsExempt: true,
  });
  return { url, cookie, organizationId: organization.id, deskIds };
}

/** Every acknowledged booking is in the database, and every request's rows are all there or none are. */
async function audit(databaseUrl: string, ledger: Sent[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string; notes: string; status: string }>(
    `SELECT id, notes, status FROM bookings WHERE notes LIKE 'fault-%'`,
  );
  await client.end();
  const ids = new Set(rows.filter((row) => row.status === 'active').map((row) => row.id));
  const rowsPerTag = new Map<string, number>();
  for (const row of rows) rowsPerTag.set(row.notes, (rowsPerTag.get(row.notes) ?? 0) + 1);
  const acknowledged = ledger.filter((sent) => sent.status === 201);
  const lost = acknowledged.flatMap((sent) => sent.ids.filter((id) => !ids.has(id)));
  const partial = ledger.filter((sent) => {
    const found = rowsPerTag.get(sent.tag) ?? 0;
    return found !== 0 && found !== sent.size;
  });
  const refusedButWritten = ledger.filter(
    (sent) => typeof sent.status === 'number' && sent.status >= 400 && sent.status < 500 && rowsPerTag.has(sent.tag),
  );
  return { acknowledged: acknowledged.length, bookings: rows.length, lost, partial, refusedButWritten };
}

/** The dates of the active bookings the requests tagged wrote, whatever they were answered. */
async function committedDates(databaseUrl: string, tags: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ date: string }>(
    `SELECT DISTINCT booking_date::text AS date FROM bookings WHERE notes = ANY ($1) AND status = 'active'`,
    [tags],
  );
  await client.end();
  return rows.map((row) => row.date);
}

function statusCounts(ledger: Sent[]): string {
  const counts = new Map<string, number>();
  for (const sent of ledger) counts.set(String(sent.status), (counts.get(String(sent.status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status}×${count}`).join(' ');
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-faults-data-'));
  const cluster: Cluster = createCluster(await freePort());
  let perch: PerchProcess | undefined;
  let other: PerchProcess | undefined;
  let otherDataDir: string | undefined;
  const ledger: Sent[] = [];
  const faults: string[] = [];
  try {
    cluster.start();
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/perch');
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE perch');
    await admin.end();
    const perchPort = await freePort();
    perch = await startPerch({ databaseUrl, port: perchPort, dataDir });
    const setup = await prepare(perch.url);

    // 1. Load, then the database crashes (immediate stop: no checkpoint), stays down, and comes back.
    const load = startLoad(setup, 6);
    await sleep(3000);
    cluster.stop('immediate');
    const stoppedAt = performance.now();
    faults.push('PostgreSQL stopped with -m immediate (a crash) under load');
    await sleep(1500);
    const healthWhileDown = await health(perch.url);
    check(healthWhileDown === 503, `/api/health answered ${healthWhileDown} while the database was down, not 503`);
    await sleep(2500);
    const downLedger = load.ledger.filter((sent) => sent.startedAt > stoppedAt + 500);
    cluster.start();
    const backAt = performance.now();
    faults.push('PostgreSQL started again (crash recovery)');
    let recoveredAt: number | undefined;
    while (performance.now() - backAt < 30_000) {
      if ((await health(perch.url)) === 200) {
        const probe = await sendBooking(setup, 'single');
        load.ledger.push(probe);
        if (probe.status === 201) {
          recoveredAt = performance.now();
          break;
        }
      }
      await sleep(100);
    }
    await sleep(3000);
    ledger.push(...(await load.stop()));

    const recoverySeconds = recoveredAt === undefined ? Number.POSITIVE_INFINITY : (recoveredAt - backAt) / 1000;
    check(
      recoverySeconds <= 5,
      `Perch took ${recoverySeconds.toFixed(1)} s to serve bookings after the database returned`,
    );
    const downAnswers = downLedger.filter((sent) => sent.status !== 'network');
    const slowest = Math.max(0, ...downAnswers.map((sent) => sent.ms));
    check(downAnswers.length > 0, 'no request was answered while the database was down');
    check(
      downAnswers.every((sent) => sent.status === 503 && sent.retryAfter !== null && /try again/i.test(sent.message)),
      `while the database was down, answers were ${statusCounts(downAnswers)} (every one should be 503 with Retry-After)`,
    );
    check(slowest < 3000, `a request took ${Math.round(slowest)} ms to fail while the database was down`);
    check(
      ledger.every((sent) => sent.status === 'network' || [201, 409, 503].includes(sent.status as number)),
      `unexpected answers under load: ${statusCounts(ledger)}`,
    );
    check(
      perch.child.exitCode === null,
      `Perch exited during the database outage:\n${perch.output.slice(-40).join('\n')}`,
    );

    // 2. Perch killed (SIGKILL) while bookings are in flight, then started again. A second instance, with a member's
    // live stream open, must still announce every booking the killed one committed (decision 032): the changes are
    // in the database, not in the instance that made them.
    otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-faults-other-'));
    other = await startPerch({ databaseUrl, port: await freePort(), dataDir: otherDataDir });
    const stream = await openEvents(other.url, null, setup.organizationId, { cookie: setup.cookie });
    await stream.waitFor((event) => event.event === 'ready', 'the stream on the second instance');
    const steady = startLoad(setup, 4);
    await sleep(1500);
    const burst = Array.from({ length: 40 }, (_, index) => sendBooking(setup, index % 3 === 0 ? 'bulk' : 'single'));
    await sleep(120);
    perch.child.kill('SIGKILL');
    faults.push('Perch killed with SIGKILL mid-request, a second instance streaming');
    await perch.exited;
    const killed = await Promise.all(burst);
    const beforeKill = await steady.stop();
    ledger.push(...killed, ...beforeKill);
    const marker = await sendBooking({ ...setup, url: other.url }, 'single');
    ledger.push(marker);
    // Every change is announced within a second (decision 007): the stream is read a second and a half after the
    // last booking, made through the second instance, was answered.
    await sleep(1500);
    const announced = [...stream.events];
    stream.close();
    const committed = await committedDates(
      databaseUrl,
      [...killed, ...beforeKill].map((sent) => sent.tag),
    );
    const unannounced = committed.filter(
      (date) =>
        !announced.some(
          (event) =>
            event.event === 'resync' ||
            (event.event === 'bookings' && event.data.fromDate <= date && event.data.toDate >= date),
        ),
    );
    check(marker.status === 201, `the marker booking through the second instance answered ${marker.status}`);
    check(committed.length > 0, 'the killed instance committed no booking to announce');
    check(
      unannounced.length === 0,
      `bookings committed by the killed instance never announced on the other: ${unannounced.join(', ')}`,
    );
    perch = await startPerch({ databaseUrl, port: perchPort, dataDir });
    faults.push('Perch started again');

    const result = await audit(databaseUrl, ledger);
    check(result.lost.length === 0, `acknowledged bookings missing from the database: ${result.lost.join(', ')}`);
    check(
      result.partial.length === 0,
      `bulk bookings partly written: ${result.partial.map((sent) => sent.tag).join(', ')}`,
    );
    check(
      result.refusedButWritten.length === 0,
      `refused requests that wrote rows: ${result.refusedButWritten.length}`,
    );
    // A connection string (it may hold a password) must never be logged; naming the setting in a warning is fine.
    const leakedStack = perch.output.find((line) => /\n\s+at |password_hash|postgres(ql)?:\/\//.test(line));
    check(leakedStack === undefined, `the log carries a stack trace or a secret: ${leakedStack}`);

    console.log('\nFault run (throwaway PostgreSQL cluster on port %d)', cluster.port);
    console.log(`  requests sent:            ${ledger.length} (${statusCounts(ledger)})`);
    console.log(`  answered while DB down:   ${downAnswers.length}, slowest ${Math.round(slowest)} ms`);
    console.log(`  health while DB down:     ${healthWhileDown}`);
    console.log(`  recovered after DB start: ${recoverySeconds.toFixed(2)} s`);
    console.log(`  in flight at SIGKILL:     ${killed.length} (${statusCounts(killed)})`);
    console.log(
      `  committed by the killed instance, announced on the other: ${committed.length - unannounced.length} of ${committed.length}`,
    );
    console.log(`  faults injected:          ${faults.length}: ${faults.join('; ')}`);
    console.log(`  acknowledged (201):       ${result.acknowledged}, bookings in the database: ${result.bookings}`);
    console.log(`  lost: ${result.lost.length}, bulk partly written: ${result.partial.length}`);
  } finally {
    for (const running of [perch, other]) {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGTERM');
        await Promise.race([running.exited, sleep(5000)]);
        if (running.child.exitCode === null) running.child.kill('SIGKILL');
      }
    }
    cluster.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (otherDataDir) fs.rmSync(otherDataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\n✗ fault run failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\n✓ fault run passed: nothing acknowledged was lost');
}

main().catch((error: unknown) => {
  console.error('fault run could not complete:', error);
  process.exit(1);
});

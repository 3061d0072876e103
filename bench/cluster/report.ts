// The cluster section of docs/benchmarks.md, written by `npm run bench:cluster`, which replaces only this section.

import { execSync } from 'node:child_process';
import os from 'node:os';
import { replaceReportSection } from '../machine.ts';
import { connections, loadSeconds } from '../settings.ts';
import { nginxBinary } from './nginx.ts';
import type { ClusterFigures } from './run.ts';

const heading = '## Scale-out';
const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} ms`);

function nginxVersion(): string {
  try {
    return execSync(`${nginxBinary} -v 2>&1`, { encoding: 'utf8' })
      .trim()
      .replace(/^nginx version: /, '');
  } catch {
    return 'nginx (version unknown)';
  }
}

export function renderClusterSection(cluster: ClusterFigures, measuredOn = new Date()): string {
  const largest = cluster.sizes.at(-1)?.instances;
  const rows = cluster.sizes.map(
    (size) =>
      `| ${size.instances} | ${size.rps} | ${ms(size.p95)} | ${size.scaling.toFixed(2)}× | ${size.cpu.instances} % | ${size.cpu.proxy} % | ${size.cpu.loadGenerator} % | ${size.cpu.postgres} % |`,
  );
  const crossing = cluster.liveUpdate.checked
    ? cluster.liveUpdate.crossed
      ? `a booking made through instance 2 reached a stream held by instance 1 in ${ms(cluster.liveUpdate.latencyMs)}`
      : '**did not arrive**'
    : 'not checked (one instance)';
  const frontDoor = cluster.liveThroughFrontDoor.arrived
    ? `a booking made through nginx reached a stream opened through nginx in ${ms(cluster.liveThroughFrontDoor.latencyMs)} (unbuffered, uncompressed)`
    : '**did not arrive**';
  return `${heading} (\`npm run bench:cluster\`: instances on one PostgreSQL behind nginx)

Measured ${measuredOn.toISOString().slice(0, 10)} with ${nginxVersion()} (Debian's package) running deploy/nginx's
configuration: perch-proxy.conf as deployed and perch-upstream.conf with one server line per instance, on a loopback
port without TLS. The day read (as above, brotli) through it to N instances of \`node src/server/main.ts\`
(TRUST_PROXY=127.0.0.1), ${connections} connections, ${loadSeconds} s per size. CPU: share of the whole machine's CPU
time during the run, per part (nginx: its master and workers; PostgreSQL: every backend of the server, whoever's). Load average at the end: ${os.loadavg()[0]!.toFixed(2)}.

| Instances | requests/s | p95 | scaling | CPU: instances | nginx | load generator | PostgreSQL |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

- No double booking: ${cluster.race.requests} racing requests for 20 desks × 5 dates × 3 slots across ${largest} instances: ${cluster.race.created} created, ${cluster.race.refused} answered 409, ${cluster.race.otherErrors} other errors; overlapping active rows afterwards: **${cluster.race.overlappingRows}**.
- Live updates across instances: ${crossing}.
- Live updates through the front door: ${frontDoor}.
- On ${os.cpus().length} cores every instance, nginx, the load generator and PostgreSQL share the same CPUs:
  throughput cannot rise with instances once the machine is busy; the scaling factor here shows the cost of
  the proxy hop and of more processes contending, not what separate machines would give.
`;
}

/** The report with its section replaced by `section` (appended when it has none). */
export function replaceClusterSection(report: string, section: string): string {
  return replaceReportSection(report, heading, section);
}

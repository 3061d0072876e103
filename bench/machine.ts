import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** A process's resident memory (VmRSS) in MiB, unrounded; 0 without a process id. */
export function residentMiB(pid: number | undefined): number {
  const status = pid ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The machine a figure was measured on, for docs/benchmarks.md. */
export function describeMachine(databaseUrl?: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let postgres = 'not measured';
  if (databaseUrl) {
    try {
      postgres = execSync(`psql "${databaseUrl}" -Atc "show server_version"`, { encoding: 'utf8' }).trim();
    } catch {
      postgres = 'unknown';
    }
  }
  return [
    `${os.cpus().length} cores (${cpu.trim()})`,
    `${Math.round(os.totalmem() / 1024 ** 3)} GiB memory`,
    `Node ${process.versions.node}`,
    `PostgreSQL ${postgres}`,
    `PGlite ${process.env.npm_package_dependencies__electric_sql_pglite ?? '0.5'}`,
    `${os.type()} ${os.release()}`,
  ].join(', ');
}

/** The report with the section under `heading` replaced by `section` (appended when it has none). */
export function replaceReportSection(report: string, heading: string, section: string): string {
  const start = report.indexOf(`\n${heading}`);
  if (start < 0) return `${report.trimEnd()}\n\n${section}`;
  const next = report.indexOf('\n## ', start + 1);
  const end = next < 0 ? report.length : next + 1;
  return `${report.slice(0, start + 1)}${section}${next < 0 ? '' : '\n'}${report.slice(end)}`;
}

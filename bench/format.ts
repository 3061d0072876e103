// What the benchmarks' sections of docs/benchmarks.md and their console lines share.
import os from 'node:os';
import type { LatencyFigures } from './settings.ts';

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mark = (isMet: boolean) => (isMet ? 'met' : '**not met**');

/** A table row's p50, p95, p99 and requests/s cells. */
export const latencyCells = (figures: LatencyFigures) =>
  `${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${figures.rps}`;

/** The head of a section's table of calls, each with its ratio to a ceiling and its target. */
export const callTableHead = `| Call | p50 | p95 | p99 | requests/s | ratio | target |
|---|---|---|---|---|---|---|`;

/** Other work on the machine skews every figure: says how busy it was. */
export function logLoadAverage(): void {
  console.log(
    `Load average before measuring: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}.`,
  );
}

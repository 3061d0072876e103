// What the benchmarks' sections of docs/benchmarks.md and their console lines share.
import os from 'node:os';

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mark = (isMet: boolean) => (isMet ? 'met' : '**not met**');

/** Other work on the machine skews every figure: says how busy it was. */
export function logLoadAverage(): void {
  console.log(
    `Load average before measuring: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}.`,
  );
}

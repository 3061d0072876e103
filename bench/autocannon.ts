// @ts-expect-error autocannon ships no type declarations; the parts the benchmarks use are typed below.
import autocannonUntyped from 'autocannon';
import { connections, type LatencyFigures, latencyFigures } from './settings.ts';

export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
export interface AutocannonOptions {
  url: string;
  connections?: number;
  duration?: number;
  /** Stop after this many requests instead of after the duration. */
  amount?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}
export interface AutocannonInstance extends PromiseLike<{ duration: number; errors: number; timeouts: number }> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, latencyMs: number) => void): void;
}
export const autocannon = autocannonUntyped as (options: AutocannonOptions) => AutocannonInstance;

export interface LoadFigures extends LatencyFigures {
  /** Answers other than 200, socket errors and timeouts. */
  failures: number;
  requests: number;
}

/** One autocannon run (50 connections unless the options say otherwise); p95 from every response's latency. */
export async function loadWithAutocannon(options: AutocannonOptions, seconds: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon({ connections, duration: seconds, ...options });
  instance.on('response', (_client, status, _bytes, latency) => {
    latencies.push(latency);
    if (status !== 200) failures += 1;
  });
  const started = performance.now();
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...latencyFigures(
      latencies.sort((a, b) => a - b),
      elapsed,
    ),
    failures: failures + result.errors + result.timeouts,
    requests: latencies.length,
  };
}

// The machine's bare-route ceiling: a Fastify route answering a tiny JSON body, in a worker thread of its own (so that
// it does not share an event loop with the load generator), loaded at 50 connections. Every section of
// docs/benchmarks.md measures it beside its own figures, so that a slow day reads as a slow machine.
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { loadWithAutocannon } from './autocannon.ts';
import { ms } from './format.ts';
import { connections, isQuick, type LatencyFigures, warmUpSeconds } from './settings.ts';

/** Seconds of load for the ceiling: shorter than a figure's, as it is measured once per section. */
const ceilingSeconds = isQuick ? 2 : 5;

export type BareRouteCeiling = LatencyFigures;

/** The bare route loaded for a few seconds at 50 connections, after a warm-up. */
export async function measureBareRoute(): Promise<BareRouteCeiling> {
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { perchBareRoute: true } });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('message', (message: { port: number }) => resolve(message.port));
      worker.once('error', reject);
    });
    const url = `http://127.0.0.1:${port}/ceiling`;
    await loadWithAutocannon({ url, connections }, warmUpSeconds);
    const { p50, p95, p99, rps } = await loadWithAutocannon({ url, connections }, ceilingSeconds);
    return { p50, p95, p99, rps };
  } finally {
    await worker.terminate();
  }
}

/** The line each section carries. */
export const ceilingLine = (ceiling: BareRouteCeiling) =>
  `Bare-route ceiling measured in this section (a Fastify route answering a tiny JSON body, ${connections} connections, ${ceilingSeconds} s): p95 ${ms(ceiling.p95)}, ${ceiling.rps.toLocaleString('en')} requests/s.`;

if (!isMainThread && workerData?.perchBareRoute === true) {
  const bare = Fastify();
  bare.get('/ceiling', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  parentPort?.postMessage({ port: typeof address === 'object' && address ? address.port : 0 });
}

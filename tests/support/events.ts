import type { FastifyInstance } from 'fastify';
import type { TestClient } from './harness.ts';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: any;
}

export interface EventReader {
  status: number;
  headers: Headers;
  /** The body of a refused stream (401, 404, 429). */
  text: string;
  /** The retry hint the stream opened with. */
  retry: number | undefined;
  events: ReceivedEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, label?: string): Promise<ReceivedEvent>;
  /** Every event received up to and including the first that matches. */
  eventsUntil(predicate: (event: ReceivedEvent) => boolean, label?: string): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Listens on a loopback port (streams need a real socket, not inject) and answers the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export const cookieHeader = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

// A guard against a test hanging forever, not a measure of speed.
const waitLimitMs = 15_000;

/** Opens GET /api/organizations/{id}/events as the client and parses what arrives. */
export async function openEvents(
  baseUrl: string,
  client: TestClient | null,
  organizationId: string,
  headers: Record<string, string> = {},
  query = '',
): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/organizations/${organizationId}/events${query}`, {
    headers: { accept: 'text/event-stream', ...(client ? { cookie: cookieHeader(client) } : {}), ...headers },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let retry: number | undefined;
  let isEnded = false;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  let text = '';
  let ended: Promise<void> = Promise.resolve();
  if (response.status !== 200) {
    text = await response.text();
    isEnded = true;
  } else {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
            if (fields.has('retry')) retry = Number(fields.get('retry'));
            if (fields.has('event')) {
              events.push({
                id: fields.get('id'),
                event: fields.get('event')!,
                data: JSON.parse(fields.get('data') ?? 'null'),
              });
              notify();
            }
          }
        }
      } catch {
        // aborted by close()
      } finally {
        isEnded = true;
        notify();
      }
    })();
  }

  const eventsUntil = (predicate: (event: ReceivedEvent) => boolean, label = 'an event') =>
    new Promise<ReceivedEvent[]>((resolve, reject) => {
      const check = () => {
        const index = events.findIndex(predicate);
        if (index >= 0) {
          cleanup();
          resolve(events.slice(0, index + 1));
        } else if (isEnded) {
          cleanup();
          reject(new Error(`the stream ended before ${label}; received ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${label} arrived; received ${JSON.stringify(events)}`));
      }, waitLimitMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: response.status,
    headers: response.headers,
    text,
    get retry() {
      return retry;
    },
    events,
    eventsUntil,
    waitFor: async (predicate, label) => (await eventsUntil(predicate, label)).at(-1)!,
    ended,
    close: () => controller.abort(),
  };
}

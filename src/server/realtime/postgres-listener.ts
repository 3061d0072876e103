import pg from 'pg';

/**
 * Ends a client's connection, and destroys its socket if the goodbye has not finished within `waitMs`: pg's end()
 * waits for an 'end' event that never comes when the socket already failed or was destroyed (node-postgres issues
 * 2777 and 2923), and a close that hangs keeps a stopping instance (or a test) from ever finishing.
 */
export async function endClient(client: pg.Client, waitMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = client.end().catch(() => {});
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      resolve();
    }, waitMs);
    timer.unref();
  });
  await Promise.race([ended, late]);
  clearTimeout(timer);
}

export interface ListenHandlers {
  onNotification(payload: string): void;
  /** The link was lost and is back: notifications sent meanwhile are gone. */
  onReconnect(): void;
  onError?(error: unknown): void;
}

export interface Listener {
  close(): Promise<void>;
}

const firstRetryMs = 250;
const lastRetryMs = 10_000;
const pingEveryMs = 30_000;

/**
 * One dedicated connection per instance, outside the pool: LISTEN belongs to a session, and a pooled
 * connection would be handed to queries. Reconnects with growing pauses (jittered) and, once back, tells
 * its owner so that browsers resync. A ping every 30 s finds a connection that died without a word.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unusable channel name: ${channel}`);
  let client: pg.Client | null = null;
  let isClosed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let hasConnected = false;

  const scheduleReconnect = (broken: pg.Client) => {
    if (isClosed || client !== broken) return;
    client = null;
    broken.removeAllListeners('notification');
    void endClient(broken);
    const pause = Math.min(lastRetryMs, firstRetryMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    retryTimer = setTimeout(() => void connect(), pause);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    if (isClosed) return;
    const candidate = new pg.Client({ connectionString, keepAlive: true, application_name: 'perch-listener' });
    client = candidate;
    candidate.on('error', (error) => {
      handlers.onError?.(error);
      scheduleReconnect(candidate);
    });
    candidate.on('end', () => scheduleReconnect(candidate));
    candidate.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotification(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch (error) {
      handlers.onError?.(error);
      scheduleReconnect(candidate);
      return;
    }
    if (isClosed) {
      await endClient(candidate);
      return;
    }
    const wasAway = hasConnected || failures > 0;
    failures = 0;
    if (wasAway) handlers.onReconnect();
    hasConnected = true;
  };

  const ping = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = setTimeout(() => scheduleReconnect(current), 10_000);
    current.query('SELECT 1').then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        scheduleReconnect(current);
      },
    );
  }, pingEveryMs);
  ping.unref();

  await connect();
  return {
    close: async () => {
      isClosed = true;
      clearInterval(ping);
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (current) await endClient(current);
    },
  };
}

import type { SqlRunner } from '../db/client.ts';

export interface ChangeFeedHandlers {
  /** The changes committed since the last read, in their order (their JSON text, each once per transaction). */
  onChanges(payloads: string[]): void;
  /** Changes may have been missed (reads failed, or none came for too long): every view should read again. */
  onResync(): void;
  onError?(error: unknown): void;
}

export interface ChangeFeedOptions {
  /** The pause between two reads: an announcement reaches the hub within it, plus the read's own time. */
  everyMs?: number;
  /** How long a change is kept after every transaction that started before it ended. */
  keepMs?: number;
}

export interface ChangeFeed {
  close(): Promise<void>;
}

const firstRetryMs = 250;
const lastRetryMs = 10_000;
// A mark (a snapshot's xmin and when it was read) is kept this often, to say what may be removed later.
const markEveryMs = 5000;

/**
 * The changes made visible since `$1`, the snapshot of the previous read (decision 032): those of transactions at or
 * past its xmax, or in progress then. Both halves are lookups on perch_changes_transaction_idx. The statement reads
 * its own snapshot too, which the next read starts from: a transaction commits before it or after it, so each change
 * is read exactly once.
 */
const readChanges = `SELECT now_.snapshot, c.transaction_id::text AS "transactionId", c.payload::text AS payload
  FROM (SELECT pg_current_snapshot()::text AS snapshot) AS now_
  LEFT JOIN perch_changes c ON c.transaction_id >= pg_snapshot_xmax($1::pg_snapshot)
    OR c.transaction_id = ANY (ARRAY(SELECT pg_snapshot_xip($1::pg_snapshot)))
  ORDER BY c.position`;

/**
 * Reads the changes every transaction wrote to perch_changes (migration 0031) as they commit, and hands them to
 * `handlers` in commit-visible order, every `everyMs`. One feed per instance; several instances each read every
 * change. Changes older than `keepMs` past every transaction open before them are removed by the feeds.
 */
export async function followChanges(
  query: SqlRunner['query'],
  handlers: ChangeFeedHandlers,
  options: ChangeFeedOptions = {},
): Promise<ChangeFeed> {
  const everyMs = options.everyMs ?? 50;
  const keepMs = options.keepMs ?? 60_000;
  let snapshot: string | null = null;
  let isClosed = false;
  let failures = 0;
  let lastReadAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const marks: { at: number; xmin: string }[] = [];

  const removeOld = async (now: number) => {
    let old: string | undefined;
    while (marks.length > 0 && now - (marks[0] as { at: number }).at > keepMs) old = marks.shift()?.xmin;
    if (old !== undefined) await query('DELETE FROM perch_changes WHERE transaction_id < $1::xid8', [old]);
  };

  const read = async () => {
    if (snapshot === null) {
      const [row] = await query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
      snapshot = row?.snapshot ?? null;
      return;
    }
    const rows = await query<{ snapshot: string; transactionId: string | null; payload: string | null }>(readChanges, [
      snapshot,
    ]);
    const first = rows[0];
    if (!first) return;
    const now = performance.now();
    // A feed that could not read for longer than changes are kept may have lost some to another feed's removal.
    const wasAway = failures > 0 || now - lastReadAt > keepMs / 2;
    lastReadAt = now;
    snapshot = first.snapshot;
    // PostgreSQL delivered identical notifications of one transaction once (decision 007); so does the feed.
    const seen = new Set<string>();
    const payloads: string[] = [];
    for (const row of rows) {
      if (row.payload === null) continue;
      const key = `${row.transactionId}\u0000${row.payload}`;
      if (seen.has(key)) continue;
      seen.add(key);
      payloads.push(row.payload);
    }
    if (wasAway) handlers.onResync();
    if (payloads.length > 0) handlers.onChanges(payloads);
    const last = marks.at(-1);
    if (!last || now - last.at >= Math.min(markEveryMs, keepMs / 10))
      marks.push({ at: now, xmin: snapshot.split(':')[0] as string });
    await removeOld(now);
  };

  const tick = (): Promise<void> =>
    read().then(
      () => {
        failures = 0;
        schedule(everyMs);
      },
      (error: unknown) => {
        if (isClosed) return;
        handlers.onError?.(error);
        failures += 1;
        schedule(Math.min(lastRetryMs, firstRetryMs * 2 ** (failures - 1)) * (0.5 + Math.random() / 2));
      },
    );
  const schedule = (delayMs: number) => {
    if (isClosed) return;
    timer = setTimeout(() => {
      running = tick();
    }, delayMs);
    timer.unref();
  };

  // The first read takes the snapshot every later change is new against: a change committed once the feed has
  // started reaches it.
  running = tick();
  await running;
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { type Change, changeSchema, coalesceChanges } from '#domain/realtime.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { describeForLog } from '../errors.ts';
import { followChanges } from './change-feed.ts';
import { createRealtimeHub, type RealtimeHub, type StreamCheck } from './hub.ts';

export interface Realtime {
  hub: RealtimeHub;
  stop(): Promise<void>;
}

/** Reads the changes the database's triggers record (decision 032) and hands them to this instance's hub. */
export async function startRealtime(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  checkStreams: StreamCheck;
  /** Sessions ended on any instance (null: not listed one by one). */
  onSessionsEnded?: (userIds: readonly string[] | null) => void;
  /** The pause between two reads of the changes (50 ms). */
  changeReadEveryMs?: number;
}): Promise<Realtime> {
  const { database, log } = options;
  const hub = createRealtimeHub({ checkStreams: options.checkStreams, log });
  let hasFailed = false;
  const feed = await followChanges(
    database.changeReader,
    {
      onChanges: (payloads) => {
        const changes: Change[] = [];
        for (const payload of payloads) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            parsed = undefined;
          }
          const change = changeSchema.safeParse(parsed);
          if (change.success) changes.push(change.data);
          else log.warn({ payload: payload.slice(0, 200) }, 'an unreadable change announcement was ignored');
        }
        for (const change of coalesceChanges(changes)) {
          if (change.kind === 'sessions') options.onSessionsEnded?.(change.userIds);
          hub.publish(change);
        }
      },
      onResync: () => {
        log.info('live updates read the database again after a gap; live views refetch');
        hasFailed = false;
        hub.resyncAll();
      },
      onError: (error) => {
        if (!hasFailed) log.warn({ error: describeForLog(error) }, 'live updates could not read the changes; retrying');
        hasFailed = true;
      },
    },
    options.changeReadEveryMs === undefined ? {} : { everyMs: options.changeReadEveryMs },
  );
  return {
    hub,
    stop: async () => {
      hub.stop();
      await feed.close();
    },
  };
}

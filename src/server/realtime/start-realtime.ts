import type { FastifyBaseLogger } from 'fastify';
import { changeSchema } from '#domain/realtime.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { describeForLog } from '../errors.ts';
import { createRealtimeHub, type RealtimeHub, type StreamCheck } from './hub.ts';

/** The channel the database's triggers announce on (migration 0008; one generic function since 0012). */
export const changesChannel = 'perch_changes';

export interface Realtime {
  hub: RealtimeHub;
  stop(): Promise<void>;
}

/** Listens for the database's announcements and hands them to this instance's hub. */
export async function startRealtime(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  checkStreams: StreamCheck;
  /** Sessions ended on any instance (null: not listed one by one). */
  onSessionsEnded?: (userIds: readonly string[] | null) => void;
}): Promise<Realtime> {
  const { database, log } = options;
  const hub = createRealtimeHub({ checkStreams: options.checkStreams, log });
  const listener = await database.listen(changesChannel, {
    onNotification: (payload) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = undefined;
      }
      const change = changeSchema.safeParse(parsed);
      if (change.success) {
        if (change.data.kind === 'sessions') options.onSessionsEnded?.(change.data.userIds);
        hub.publish(change.data);
      } else log.warn({ payload: payload.slice(0, 200) }, 'an unreadable change announcement was ignored');
    },
    onReconnect: () => {
      log.info('the link to the database for live updates is back; live views refetch');
      hub.resyncAll();
    },
    onError: (error) =>
      log.warn({ error: describeForLog(error) }, 'the link to the database for live updates failed; reconnecting'),
  });
  return {
    hub,
    stop: async () => {
      hub.stop();
      await listener.close();
    },
  };
}

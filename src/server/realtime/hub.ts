import type { FastifyBaseLogger } from 'fastify';
import {
  type Change,
  maxStreamsPerUser,
  type StreamClosedReason,
  streamRetryMs,
  tooManyStreamsMessage,
} from '#domain/realtime.ts';
import { describeForLog, tooManyRequests } from '../errors.ts';
import { createSseStream, formatEvent, heartbeatFrame, type SseStream } from './sse-stream.ts';

export interface LiveStream {
  readonly id: number;
  readonly organizationId: string;
  readonly userId: string;
  readonly sessionId: string;
  readonly stream: SseStream;
}

/**
 * Which streams may stay open: those whose session is alive and whose user is still a member. `sessionExpiresAt`,
 * when given, is when the session ends now (sessions slide forward while in use): the stream closes then.
 */
export type StreamCheck = (
  streams: readonly LiveStream[],
) => Promise<Map<number, { hasSession: boolean; isMember: boolean; sessionExpiresAt?: Date | null }>>;

export interface HubOptions {
  checkStreams: StreamCheck;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  /** How often every stream's session is checked again, so that an expired one closes. */
  recheckMs?: number;
}

export interface RealtimeHub {
  /**
   * `isReconnect`: the client had a stream before (Last-Event-ID). `sinceMs`: how old the client's data of the
   * organization may be; if a change was announced here within that time (or this instance is younger), the
   * client is told to refetch, so that a change made while it was loading or away is not missed.
   */
  openStream(details: {
    organizationId: string;
    userId: string;
    sessionId: string;
    isReconnect: boolean;
    sinceMs?: number | undefined;
    /** When the stream's session expires: the stream is checked then, and closes unless the session went on. */
    sessionExpiresAt?: Date | undefined;
  }): LiveStream;
  /** A change announced by the database: forwarded to the organization's streams, or closing ended ones. */
  publish(change: Change): void;
  /** Changes may have been missed (the database link was re-established): every stream is told to refetch. */
  resyncAll(): void;
  /** Ends every stream (the server is shutting down; browsers reconnect to another instance). */
  closeAll(): void;
  stop(): void;
  readonly streamCount: number;
}

// Changes reach the hub within one read of the feed (50 ms) of their commit; this covers a busy database too.
const missedChangeSlackMs = 1000;
// setTimeout's longest delay (about 24.8 days); a later expiry is checked then, and the timer set again.
const maxTimerMs = 2 ** 31 - 1;
// A session that still looks alive at its expiry (the database's clock may be behind) is checked again this soon.
const minExpiryRecheckMs = 1000;

/** Fans changes out to this instance's open streams, per organization; one timer beats for all of them. */
export function createRealtimeHub(options: HubOptions): RealtimeHub {
  const byOrganization = new Map<string, Set<LiveStream>>();
  const perUser = new Map<string, number>();
  const all = new Set<LiveStream>();
  /** When each organization's latest change was announced on this instance (performance.now()). */
  const lastChangeAt = new Map<string, number>();
  const startedAt = performance.now();
  let nextStreamId = 1;
  let nextEventId = 1;

  const mayHaveMissed = (organizationId: string, sinceMs: number) => {
    const now = performance.now();
    const window = sinceMs + missedChangeSlackMs;
    return now - startedAt <= window || now - (lastChangeAt.get(organizationId) ?? Number.NEGATIVE_INFINITY) <= window;
  };

  /** One timer per stream that has a session expiry, cleared when the stream closes. */
  const expiryTimers = new Map<LiveStream, NodeJS.Timeout>();
  const clearExpiry = (live: LiveStream) => {
    clearTimeout(expiryTimers.get(live));
    expiryTimers.delete(live);
  };

  const remove = (live: LiveStream) => {
    clearExpiry(live);
    if (!all.delete(live)) return;
    const streams = byOrganization.get(live.organizationId);
    streams?.delete(live);
    if (streams?.size === 0) byOrganization.delete(live.organizationId);
    const count = (perUser.get(live.userId) ?? 1) - 1;
    if (count === 0) perUser.delete(live.userId);
    else perUser.set(live.userId, count);
  };

  const closeWith = (live: LiveStream, reason: StreamClosedReason) => {
    live.stream.write(formatEvent('closed', { reason }, nextEventId++));
    live.stream.end();
  };

  // Checks run one at a time; streams asked for meanwhile are checked together next.
  let pending = new Set<LiveStream>();
  let running: Promise<void> | null = null;
  const runChecks = async () => {
    while (pending.size > 0) {
      const batch = [...pending].filter((live) => live.stream.isOpen);
      pending = new Set();
      if (batch.length === 0) continue;
      try {
        const found = await options.checkStreams(batch);
        for (const live of batch) {
          const state = found.get(live.id);
          if (!state?.hasSession) closeWith(live, 'signed-out');
          else if (!state.isMember) closeWith(live, 'removed');
          else if (state.sessionExpiresAt && live.stream.isOpen) {
            armExpiry(live, state.sessionExpiresAt, minExpiryRecheckMs);
          }
        }
      } catch (error) {
        options.log.warn(
          { error: describeForLog(error) },
          'live streams could not be checked; trying again at the next check',
        );
      }
    }
    running = null;
  };
  const check = (streams: Iterable<LiveStream>) => {
    for (const live of streams) pending.add(live);
    if (!running && pending.size > 0) running = runChecks();
  };
  /** At the session's expiry the stream is checked: it closes as signed out unless the session was extended. */
  function armExpiry(live: LiveStream, expiresAt: Date, minDelayMs = 0) {
    clearExpiry(live);
    const delay = Math.min(Math.max(expiresAt.getTime() - Date.now(), minDelayMs), maxTimerMs);
    const timer = setTimeout(() => {
      expiryTimers.delete(live);
      check([live]);
    }, delay);
    timer.unref();
    expiryTimers.set(live, timer);
  }

  const heartbeat = setInterval(() => {
    for (const live of all) live.stream.write(heartbeatFrame);
  }, options.heartbeatMs ?? 20_000);
  heartbeat.unref();
  const recheck = setInterval(() => check(all), options.recheckMs ?? 60_000);
  recheck.unref();

  return {
    openStream({ organizationId, userId, sessionId, isReconnect, sinceMs, sessionExpiresAt }) {
      if ((perUser.get(userId) ?? 0) >= maxStreamsPerUser) throw tooManyRequests(tooManyStreamsMessage, 30);
      const live: LiveStream = {
        id: nextStreamId++,
        organizationId,
        userId,
        sessionId,
        stream: createSseStream(streamRetryMs),
      };
      all.add(live);
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      const streams = byOrganization.get(organizationId) ?? new Set<LiveStream>();
      byOrganization.set(organizationId, streams);
      streams.add(live);
      live.stream.onClose(() => remove(live));
      if (sessionExpiresAt) armExpiry(live, sessionExpiresAt);
      live.stream.write(formatEvent('ready', { organizationId }, nextEventId++));
      // Nothing is replayed: a browser that was away (or loading) refetches what it shows.
      if (isReconnect || (sinceMs !== undefined && mayHaveMissed(organizationId, sinceMs))) {
        live.stream.write(formatEvent('resync', {}, nextEventId++));
      }
      return live;
    },

    publish(change) {
      if (change.kind === 'sessions') {
        const users = change.userIds && new Set(change.userIds);
        check([...all].filter((live) => !users || users.has(live.userId)));
        return;
      }
      lastChangeAt.set(change.organizationId, performance.now());
      const streams = byOrganization.get(change.organizationId);
      if (!streams) return;
      const frame = formatEvent(change.kind, change, nextEventId++);
      for (const live of streams) live.stream.write(frame);
      if (change.kind === 'members' && !change.renamed) {
        const users = change.userIds && new Set(change.userIds);
        check([...streams].filter((live) => !users || users.has(live.userId)));
      }
    },

    resyncAll() {
      const frame = formatEvent('resync', {}, nextEventId++);
      for (const live of all) live.stream.write(frame);
    },

    closeAll() {
      for (const live of [...all]) live.stream.end();
    },

    stop() {
      clearInterval(heartbeat);
      clearInterval(recheck);
      for (const live of [...all]) live.stream.end();
    },

    get streamCount() {
      return all.size;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import {
  type Change,
  maxSinceMs,
  maxStreamsPerUser,
  type OrganizationChange,
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
   * `isReconnect`: the client had a stream before (Last-Event-ID): it is told to refetch. `sinceMs`: how old the
   * client's data of the organization may be: the changes announced here within that time are sent to it again, or,
   * when this instance cannot list them all (it is younger, it may have missed some, or it forgot one), it is told to
   * refetch; so a change made while it was loading is not missed, and a busy organization's dashboard is not read
   * twice.
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
/**
 * The latest changes kept per organization, to replay to a stream whose client may have loaded before them: the
 * client then refetches what those changes affect, not everything. Older ones than this many, or than the longest
 * `since`, are forgotten; a client whose window reaches a forgotten one is told to refetch everything.
 */
export const replayedChangesPerOrganization = 20;
const keptChangeMs = maxSinceMs + missedChangeSlackMs;
// setTimeout's longest delay (about 24.8 days); a later expiry is checked then, and the timer set again.
const maxTimerMs = 2 ** 31 - 1;
// A session that still looks alive at its expiry (the database's clock may be behind) is checked again this soon.
const minExpiryRecheckMs = 1000;

/** Fans changes out to this instance's open streams, per organization; one timer beats for all of them. */
export function createRealtimeHub(options: HubOptions): RealtimeHub {
  const byOrganization = new Map<string, Set<LiveStream>>();
  const perUser = new Map<string, number>();
  const all = new Set<LiveStream>();
  /**
   * Each organization's latest changes as announced on this instance (performance.now()), oldest first, and when the
   * newest change it forgot for want of room was announced.
   */
  const recent = new Map<string, { changes: Array<{ at: number; change: OrganizationChange }>; forgottenAt: number }>();
  const startedAt = performance.now();
  /** When this instance last may have missed changes (its database link was re-established). */
  let missedAt = Number.NEGATIVE_INFINITY;
  let nextStreamId = 1;
  let nextEventId = 1;

  /**
   * What a client whose data may be `sinceMs` old has to be told: nothing, the changes announced here within that
   * time (with slack), or 'resync' when this instance cannot list them all (it is younger than that, it may have
   * missed changes since, or it forgot one for want of room).
   */
  const missedBy = (organizationId: string, sinceMs: number): OrganizationChange[] | 'resync' => {
    const from = performance.now() - sinceMs - missedChangeSlackMs;
    const kept = recent.get(organizationId);
    if (startedAt >= from || missedAt >= from || (kept && kept.forgottenAt >= from)) return 'resync';
    return kept ? kept.changes.filter((entry) => entry.at >= from).map((entry) => entry.change) : [];
  };
  const remember = (change: OrganizationChange) => {
    const now = performance.now();
    const kept = recent.get(change.organizationId) ?? { changes: [], forgottenAt: Number.NEGATIVE_INFINITY };
    recent.set(change.organizationId, kept);
    kept.changes.push({ at: now, change });
    while (kept.changes.length > replayedChangesPerOrganization) {
      kept.forgottenAt = kept.changes.shift()?.at ?? kept.forgottenAt;
    }
  };
  /** Forgets what no window can reach any more, so that memory follows the organizations active within the hour. */
  const forgetOld = () => {
    const oldest = performance.now() - keptChangeMs;
    for (const [organizationId, kept] of recent) {
      if ((kept.changes.at(-1)?.at ?? Number.NEGATIVE_INFINITY) < oldest) recent.delete(organizationId);
    }
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
    forgetOld();
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
      // A browser that was away refetches what it shows; one that was loading is told what changed meanwhile, if
      // this instance still has it all, so that it refetches only what those changes affect.
      const missed = isReconnect ? 'resync' : sinceMs === undefined ? [] : missedBy(organizationId, sinceMs);
      if (missed === 'resync') live.stream.write(formatEvent('resync', {}, nextEventId++));
      else for (const change of missed) live.stream.write(formatEvent(change.kind, change, nextEventId++));
      return live;
    },

    publish(change) {
      if (change.kind === 'sessions') {
        const users = change.userIds && new Set(change.userIds);
        check([...all].filter((live) => !users || users.has(live.userId)));
        return;
      }
      remember(change);
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
      missedAt = performance.now();
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

import { LRUCache } from 'lru-cache';
import type { UserRow } from './user-row.ts';

/** What a request needs of its session: the user, and the organizations this session may not enter (issue 26). */
export interface SessionView {
  user: UserRow;
  /** Organizations that require single sign-on of this member, which this session was not opened through. */
  barredOrganizationIds: readonly string[];
  /** How and when the session was opened. */
  signInMethod: string;
  openedAt: Date;
}

/**
 * How long an instance may answer a signed-in GET from its memory of a session instead of reading it (decision
 * 009). It bounds how long a session ended through another instance (sign-out, password reset, account deletion)
 * still reads there; on the instance that ended it, it ends at once. Every request that may change something
 * (any method but GET and HEAD) reads the session from the database, so no write ever runs on a stale session.
 */
export const sessionCacheMs = 5_000;
const maxSessions = 50_000;

/**
 * Users and sessions changed lately, process-wide (one process is one instance; tests run several apps in one):
 * until the time noted, no cache answers for them from memory nor remembers them. The mark is made inside the
 * changing transaction, before its commit, so the quiet time also keeps a read made just before the commit from
 * being remembered; a transaction that takes longer than sessionCacheMs to commit after it could leave a stale
 * memory for at most sessionCacheMs more.
 */
const quietUntil = new Map<string, number>();
/** Set when sessions ended that an announcement could not name one by one (a bulk clean-up). */
let everyoneQuietUntil = 0;

function isQuiet(key: string, now: number): boolean {
  if (everyoneQuietUntil > now) return true;
  const until = quietUntil.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  quietUntil.delete(key);
  return false;
}

function markQuiet(key: string): void {
  const now = Date.now();
  if (quietUntil.size > 10_000) {
    for (const [other, until] of quietUntil) if (until <= now) quietUntil.delete(other);
  }
  quietUntil.set(key, now + sessionCacheMs);
}

/** A user row changed or the user's sessions ended: no instance in this process answers them from memory. */
export function forgetUserSessions(userId: string): void {
  markQuiet(`user:${userId}`);
}

/**
 * Another instance ended sessions (the database announces it, migrations 0008 and 0012): forget those users here too, so a
 * signed-out session stops reading on every instance once the announcement arrives, not only after sessionCacheMs.
 * `null` means the announcement did not list them: forget everyone.
 */
export function forgetEndedSessions(userIds: readonly string[] | null): void {
  if (userIds === null) everyoneQuietUntil = Date.now() + sessionCacheMs;
  else for (const userId of userIds) forgetUserSessions(userId);
}

/** One session ended. */
export function forgetSession(sessionId: string): void {
  markQuiet(`session:${sessionId}`);
}

/**
 * An instance's memory of sessions read lately: at most maxSessions, least recently used out, each for sessionCacheMs
 * after it was read (reading it from memory does not extend that), never past the session's own expiry.
 */
export class SessionCache {
  // ttlResolution 0: every check reads the clock, so a memory ends exactly at its time, not up to a millisecond late.
  readonly #sessions = new LRUCache<string, SessionView>({ max: maxSessions, ttl: sessionCacheMs, ttlResolution: 0 });

  get(sessionId: string): SessionView | undefined {
    const session = this.#sessions.get(sessionId);
    if (!session) return undefined;
    const now = Date.now();
    if (isQuiet(`session:${sessionId}`, now) || isQuiet(`user:${session.user.id}`, now)) {
      this.#sessions.delete(sessionId);
      return undefined;
    }
    return session;
  }

  remember(sessionId: string, session: SessionView, sessionExpiresAt: Date): void {
    this.#sessions.delete(sessionId);
    const now = Date.now();
    if (isQuiet(`session:${sessionId}`, now) || isQuiet(`user:${session.user.id}`, now)) return;
    // A ttl of 0 would mean 'for ever' to lru-cache: a session that has already expired is not remembered.
    const ttl = Math.min(sessionCacheMs, sessionExpiresAt.getTime() - now);
    if (ttl > 0) this.#sessions.set(sessionId, session, { ttl });
  }
}

import { afterAll, describe, expect, it, vi } from 'vitest';
import { forgetSession, forgetUserSessions, SessionCache, sessionCacheMs } from './session-cache.ts';
import type { UserRow } from './user-row.ts';

const user = (id: string) => ({
  user: { id, email: `${id}@example.com` } as unknown as UserRow,
  barredOrganizationIds: [],
  signInMethod: 'password',
  openedAt: new Date(),
});
let counter = 0;
const freshId = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}`;
};

// The clock is faked before any import: lru-cache takes its clock (performance) when it is loaded, and reads a
// start time of 0 as 'no start', so the fake clock starts later than that.
vi.hoisted(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.advanceTimersByTime(60_000);
});
afterAll(() => {
  vi.useRealTimers();
});

describe('an instance’s memory of sessions', () => {
  it('answers a remembered session until sessionCacheMs after it was read, and not after', () => {
    const cache = new SessionCache();
    const [sessionId, person] = [freshId('session'), user(freshId('user'))];
    cache.remember(sessionId, person, new Date(Date.now() + 86_400_000));
    vi.advanceTimersByTime(sessionCacheMs - 1);
    expect(cache.get(sessionId)).toBe(person);
    vi.advanceTimersByTime(2);
    expect(cache.get(sessionId)).toBeUndefined();
  });

  it('never answers past the session’s own expiry, and does not remember a session that has already expired', () => {
    const cache = new SessionCache();
    const [soon, gone] = [freshId('session'), freshId('session')];
    cache.remember(soon, user(freshId('user')), new Date(Date.now() + 1_000));
    cache.remember(gone, user(freshId('user')), new Date(Date.now() - 1));
    expect(cache.get(gone)).toBeUndefined();
    vi.advanceTimersByTime(1_001);
    expect(cache.get(soon)).toBeUndefined();
  });

  it('forgets a session that ended and every session of a user who changed, and remembers neither meanwhile', () => {
    const cache = new SessionCache();
    const [ended, other] = [freshId('session'), freshId('session')];
    const changed = user(freshId('user'));
    const later = new Date(Date.now() + 86_400_000);
    cache.remember(ended, user(freshId('user')), later);
    cache.remember(other, changed, later);
    forgetSession(ended);
    forgetUserSessions(changed.user.id);
    expect(cache.get(ended)).toBeUndefined();
    expect(cache.get(other)).toBeUndefined();
    cache.remember(other, changed, later);
    expect(cache.get(other)).toBeUndefined();
    vi.advanceTimersByTime(sessionCacheMs + 1);
    cache.remember(other, changed, later);
    expect(cache.get(other)).toBe(changed);
  });
});

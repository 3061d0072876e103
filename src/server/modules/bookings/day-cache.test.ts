import { describe, expect, it } from 'vitest';
import { CachedJsonBody } from '#server/cached-body.ts';
import { BookingsReadCache } from './day-cache.ts';

const bodyOf = (bytes: number) => new CachedJsonBody(Buffer.from(JSON.stringify('x'.repeat(bytes - 2))));

describe("a server instance's cache of day reads", () => {
  it('answers a read only for the revision it was cached at', () => {
    const cache = new BookingsReadCache(10_000);
    const key = BookingsReadCache.key('org', '2030-01-07', '2030-01-07');
    const body = bodyOf(100);
    cache.put(key, 5n, body);
    expect(cache.get(key, 5n)).toBe(body);
    expect(cache.get(key, 6n)).toBeUndefined();
    expect(cache.get(BookingsReadCache.key('org', '2030-01-07', '2030-01-08'), 5n)).toBeUndefined();
  });

  it('keeps the later revision when two rebuilds of one read finish out of order', () => {
    const cache = new BookingsReadCache(10_000);
    const key = BookingsReadCache.key('org', '2030-01-07', '2030-01-07');
    const later = bodyOf(100);
    cache.put(key, 7n, later);
    cache.put(key, 6n, bodyOf(100));
    expect(cache.get(key, 7n)).toBe(later);
    expect(cache.get(key, 6n)).toBeUndefined();
    expect(cache.bytes).toBe(100);
  });

  it('holds no more bytes than its bound, least recently read out first', () => {
    const cache = new BookingsReadCache(250);
    const first = BookingsReadCache.key('org', '2030-01-07', '2030-01-07');
    const second = BookingsReadCache.key('org', '2030-01-08', '2030-01-08');
    const third = BookingsReadCache.key('org', '2030-01-09', '2030-01-09');
    cache.put(first, 1n, bodyOf(100));
    cache.put(second, 1n, bodyOf(100));
    cache.get(first, 1n);
    cache.put(third, 1n, bodyOf(100));
    expect(cache.get(first, 1n)).toBeDefined();
    expect(cache.get(second, 1n)).toBeUndefined();
    expect(cache.get(third, 1n)).toBeDefined();
    expect(cache.bytes).toBe(200);
  });
});

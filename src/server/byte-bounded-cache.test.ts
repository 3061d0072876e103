import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from './byte-bounded-cache.ts';
import { CachedJsonBody } from './cached-body.ts';

interface Entry {
  revision: number;
  body: CachedJsonBody;
}

/** A JSON body of `bytes` bytes that brotli cannot shrink much (hex digits: about half their size). */
function jsonBody(bytes: number): CachedJsonBody {
  const digits = randomBytes(bytes)
    .toString('hex')
    .slice(0, bytes - 2);
  return new CachedJsonBody(Buffer.from(JSON.stringify(digits)));
}

/** Serves the body as a route does, so that it makes its compressed form for `encoding`. */
async function serve(body: CachedJsonBody, encoding: string) {
  const app = Fastify();
  app.get('/', (request, reply) => body.send(request, reply));
  const response = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
  await app.close();
  expect(response.headers['content-encoding']).toBe(encoding);
  return response;
}

const always = () => true;

describe('a byte-bounded cache', () => {
  it('keeps entries while their bytes fit, then lets the least recently used go', () => {
    const cache = new ByteBoundedCache<Entry>(5_000);
    cache.set('a', { revision: 1, body: jsonBody(2_000) });
    cache.set('b', { revision: 1, body: jsonBody(2_000) });
    expect(cache.bytes).toBe(4_000);
    cache.set('c', { revision: 1, body: jsonBody(2_000) });
    expect(cache.get('a', always)).toBeUndefined();
    expect(cache.get('b', always)).toBeDefined();
    expect(cache.get('c', always)).toBeDefined();
    expect(cache.bytes).toBe(4_000);
  });

  it('counts a read as a use, so the entry read last stays', () => {
    const cache = new ByteBoundedCache<Entry>(5_000);
    cache.set('a', { revision: 1, body: jsonBody(2_000) });
    cache.set('b', { revision: 1, body: jsonBody(2_000) });
    cache.get('a', always);
    cache.set('c', { revision: 1, body: jsonBody(2_000) });
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('b')).toBeUndefined();
  });

  it('answers an entry only when the caller finds it current, and a refused one is not counted as used', () => {
    const cache = new ByteBoundedCache<Entry>(5_000);
    cache.set('a', { revision: 1, body: jsonBody(2_000) });
    cache.set('b', { revision: 1, body: jsonBody(2_000) });
    expect(cache.get('a', (entry) => entry.revision === 2)).toBeUndefined();
    expect(cache.get('a', (entry) => entry.revision === 1)?.revision).toBe(1);
    cache.get('b', (entry) => entry.revision === 2);
    cache.set('c', { revision: 1, body: jsonBody(2_000) });
    expect(cache.peek('b')).toBeUndefined();
  });

  it('replaces the entry of a key and counts only the new one', () => {
    const cache = new ByteBoundedCache<Entry>(5_000);
    cache.set('a', { revision: 1, body: jsonBody(2_000) });
    cache.set('a', { revision: 2, body: jsonBody(3_000) });
    expect(cache.peek('a')?.revision).toBe(2);
    expect(cache.bytes).toBe(3_000);
  });

  it('does not keep an entry larger than the whole bound, and drops the one it was to replace', () => {
    const cache = new ByteBoundedCache<Entry>(5_000);
    cache.set('a', { revision: 1, body: jsonBody(2_000) });
    cache.set('a', { revision: 2, body: jsonBody(6_000) });
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe('a byte-bounded cache of JSON bodies and their compressed forms', () => {
  it('counts the compressed forms once they are made', async () => {
    const cache = new ByteBoundedCache<Entry>(10_000);
    const body = jsonBody(2_000);
    cache.set('a', { revision: 1, body });
    const brotli = await serve(body, 'br');
    const gzip = await serve(body, 'gzip');
    expect(body.size).toBe(2_000 + brotli.rawPayload.length + gzip.rawPayload.length);
    expect(cache.bytes).toBe(body.size);
  });

  it('lets the least recently used entry go when compression pushes the bytes over the bound', async () => {
    const cache = new ByteBoundedCache<Entry>(4_500);
    const compressed = jsonBody(2_000);
    const other = jsonBody(2_000);
    cache.set('compressed', { revision: 1, body: compressed });
    cache.set('other', { revision: 1, body: other });
    expect(cache.bytes).toBe(4_000);
    await serve(compressed, 'br');
    expect(compressed.size).toBeGreaterThan(2_500);
    expect(cache.peek('other')).toBeUndefined();
    expect(cache.peek('compressed')?.body).toBe(compressed);
    expect(cache.bytes).toBe(compressed.size);
  });

  it('lets an entry go when its compressed forms make it larger than the whole bound', async () => {
    const cache = new ByteBoundedCache<Entry>(2_100);
    const body = jsonBody(2_000);
    cache.set('a', { revision: 1, body });
    const response = await serve(body, 'gzip');
    expect(response.rawPayload.length).toBeGreaterThan(100);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('does not count the compressed forms of a body it no longer keeps', async () => {
    const cache = new ByteBoundedCache<Entry>(10_000);
    const replaced = jsonBody(2_000);
    const current = jsonBody(3_000);
    cache.set('a', { revision: 1, body: replaced });
    cache.set('a', { revision: 2, body: current });
    await serve(replaced, 'br');
    expect(cache.peek('a')?.body).toBe(current);
    expect(cache.bytes).toBe(3_000);
  });
});

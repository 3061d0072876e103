import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '#test-support/image-fixtures.ts';
import { createLocalStore } from './local-store.ts';
import { isSafeKey, type ObjectStore } from './object-store.ts';
import { readAtMost } from './read-at-most.ts';

let dataDir: string;
let store: ObjectStore;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-local-store-'));
  store = createLocalStore({ dataDir, publicUrl: 'https://desks.example.com' });
});
afterAll(async () => {
  await store?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the local object store', () => {
  it('writes objects under DATA_DIR/objects and reads back their size, first bytes and whole content', async () => {
    const png = tinyPng();
    await store.put('floor-plans/org/one', png, 'image/png');
    expect(await fs.readFile(path.join(dataDir, 'objects', 'floor-plans', 'org', 'one'))).toEqual(png);
    expect(await store.size('floor-plans/org/one')).toBe(png.length);
    expect(Buffer.from((await store.readStart('floor-plans/org/one', 8))!)).toEqual(png.subarray(0, 8));
    expect(Buffer.from((await store.readStart('floor-plans/org/one', 1000))!)).toEqual(png);
    const stream = await store.read('floor-plans/org/one');
    expect(Buffer.from((await readAtMost(stream!, 1000))!)).toEqual(png);
  });

  it('serves an object as a stream with its size', async () => {
    const png = tinyPng([1, 2, 3]);
    await store.put('floor-plans/org/served', png, 'image/png');
    const served = await store.serve('floor-plans/org/served', { contentType: 'image/png', cacheControl: 'private' });
    expect(served?.kind).toBe('stream');
    if (served?.kind !== 'stream') return;
    expect(served.size).toBe(png.length);
    expect(Buffer.from((await readAtMost(served.stream, 1000))!)).toEqual(png);
  });

  it('answers null for a missing object and removes objects, missing ones included, without complaint', async () => {
    await store.put('floor-plans/org/gone', tinyPng(), 'image/png');
    await store.remove('floor-plans/org/gone');
    await store.remove('floor-plans/org/gone');
    expect(await store.size('floor-plans/org/gone')).toBeNull();
    expect(await store.readStart('floor-plans/org/gone', 8)).toBeNull();
    expect(await store.read('floor-plans/org/gone')).toBeNull();
    expect(await store.serve('floor-plans/org/gone', { contentType: 'image/png', cacheControl: 'private' })).toBeNull();
  });

  it('removes every object in a folder and the folder itself, and leaves the folder next to it', async () => {
    await store.put('floor-plans/org-a/one', tinyPng(), 'image/png');
    await store.put('floor-plans/org-a/deeper/two', tinyPng(), 'image/png');
    await store.put('floor-plans/org-ab/kept', tinyPng(), 'image/png');
    await store.removeAll('floor-plans/org-a');
    await store.removeAll('floor-plans/org-a');
    expect(await store.size('floor-plans/org-a/one')).toBeNull();
    expect(await store.size('floor-plans/org-a/deeper/two')).toBeNull();
    await expect(fs.access(path.join(dataDir, 'objects', 'floor-plans', 'org-a'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await store.size('floor-plans/org-ab/kept')).not.toBeNull();
    await expect(store.removeAll('floor-plans/../..')).rejects.toThrow(/unsafe object key/);
    await expect(store.removeAll('')).rejects.toThrow(/unsafe object key/);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape', 'a/../../escape', '/etc/passwd', 'a//b', 'a/./b', '.hidden', 'a\\b', 'a/b/', '']) {
      expect(isSafeKey(key)).toBe(false);
      await expect(store.put(key, tinyPng(), 'image/png')).rejects.toThrow(/unsafe object key/);
      await expect(store.size(key)).rejects.toThrow(/unsafe object key/);
    }
    await expect(fs.access(path.join(dataDir, 'escape'))).rejects.toThrow();
  });

  it('issues upload URLs on Perch itself and reads back only its own', async () => {
    const url = await store.createUploadUrl({ key: 'floor-plans/org/x', token: 'a'.repeat(43), expiresInSeconds: 900 });
    expect(url).toBe(`https://desks.example.com/api/objects/upload/${'a'.repeat(43)}`);
    expect(store.locateUpload(url)).toEqual({ token: 'a'.repeat(43) });
    expect(store.locateUpload(`${url}?whatever=1`)).toEqual({ token: 'a'.repeat(43) });
    expect(store.locateUpload(`/api/objects/upload/${'a'.repeat(43)}`)).toEqual({ token: 'a'.repeat(43) });
    expect(store.locateUpload(`https://evil.example.com/api/objects/upload/${'a'.repeat(43)}`)).toBeNull();
    expect(store.locateUpload('https://desks.example.com/api/objects/upload/short')).toBeNull();
    expect(store.locateUpload('not a url at all')).toBeNull();
    expect(store.browserOrigin).toBeUndefined();
  });
});

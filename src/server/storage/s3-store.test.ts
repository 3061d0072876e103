import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForFile } from '#test-support/for-file.ts';
import { svgImage, tinyPng } from '#test-support/image-fixtures.ts';
import { startFakeS3 } from '#test-support/s3rver.ts';
import type { ObjectStore } from './object-store.ts';
import { readAtMost } from './read-at-most.ts';
import { createS3Store } from './s3-store.ts';

const fakeS3 = startForFile(startFakeS3);
let store: ObjectStore;
beforeAll(async () => {
  store = await createS3Store(fakeS3.storage);
});
afterAll(async () => {
  await store?.close();
});

describe('the S3 object store, against a fake S3 server', () => {
  it('issues a presigned PUT URL that accepts the bytes with a plain fetch', async () => {
    const url = await store.createUploadUrl({ key: 'incoming/a/plain-put', token: 'unused', expiresInSeconds: 900 });
    expect(url.startsWith(`${fakeS3.endpoint}/${fakeS3.bucket}/incoming/a/plain-put?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
    const png = tinyPng();
    const put = await fetch(url, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(await store.size('incoming/a/plain-put')).toBe(png.length);
    expect(Buffer.from((await store.readStart('incoming/a/plain-put', 8))!)).toEqual(png.subarray(0, 8));
    expect(Buffer.from((await readAtMost((await store.read('incoming/a/plain-put'))!, 1000))!)).toEqual(png);
  });

  it('reads back the key of an upload URL it issued, whatever the query string, and nothing else', async () => {
    const url = await store.createUploadUrl({ key: 'incoming/a/b', token: 'unused', expiresInSeconds: 900 });
    expect(store.locateUpload(url)).toEqual({ key: 'incoming/a/b' });
    expect(store.locateUpload(url.split('?')[0]!)).toEqual({ key: 'incoming/a/b' });
    expect(store.locateUpload(`${fakeS3.endpoint}/another-bucket/incoming/a/b`)).toBeNull();
    expect(store.locateUpload(`http://evil.example/${fakeS3.bucket}/incoming/a/b`)).toBeNull();
    expect(store.locateUpload(`${fakeS3.endpoint}/${fakeS3.bucket}/..%2F..%2Fescape`)).toBeNull();
    expect(store.browserOrigin).toBe(fakeS3.endpoint);
  });

  it('answers null for a missing object and size 0 for an empty one', async () => {
    expect(await store.size('incoming/missing')).toBeNull();
    expect(await store.readStart('incoming/missing', 8)).toBeNull();
    expect(await store.read('incoming/missing')).toBeNull();
    await store.put('incoming/empty', new Uint8Array(), 'application/octet-stream');
    expect(await store.size('incoming/empty')).toBe(0);
  });

  it('removes objects, missing ones included, without complaint', async () => {
    await store.put('floor-plans/o/removed', tinyPng(), 'image/png');
    await store.remove('floor-plans/o/removed');
    await store.remove('floor-plans/o/removed');
    expect(await store.size('floor-plans/o/removed')).toBeNull();
  });

  it('removes every object in a folder, more than one listing page of them, and leaves the folder next to it', async () => {
    const keys = Array.from({ length: 7 }, (_, index) => `floor-plans/org-a/${index}`);
    for (const key of [...keys, 'floor-plans/org-a/deeper/two', 'floor-plans/org-ab/kept'])
      await store.put(key, tinyPng(), 'image/png');
    const paged = await createS3Store(fakeS3.storage, { listPageSize: 3 });
    try {
      await paged.removeAll('floor-plans/org-a');
      await paged.removeAll('floor-plans/org-a');
    } finally {
      await paged.close();
    }
    for (const key of [...keys, 'floor-plans/org-a/deeper/two']) expect(await store.size(key)).toBeNull();
    expect(await store.size('floor-plans/org-ab/kept')).not.toBeNull();
    await expect(store.removeAll('floor-plans/../..')).rejects.toThrow(/unsafe object key/);
  });

  it('serves by a presigned GET that answers with the type and caching Perch chose, whatever the object says', async () => {
    await store.put('floor-plans/o/served', svgImage, 'image/svg+xml');
    const served = await store.serve('floor-plans/o/served', {
      contentType: 'image/png',
      cacheControl: 'private, max-age=60',
    });
    expect(served?.kind).toBe('redirect');
    if (served?.kind !== 'redirect') return;
    const answer = await fetch(served.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=60');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(svgImage);
  });

  it('refuses unsafe keys before calling the bucket', async () => {
    await expect(store.put('../escape', tinyPng(), 'image/png')).rejects.toThrow(/unsafe object key/);
    await expect(store.createUploadUrl({ key: 'a/../b', token: 'unused', expiresInSeconds: 60 })).rejects.toThrow(
      /unsafe object key/,
    );
  });
});

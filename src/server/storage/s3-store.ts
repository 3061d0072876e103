import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { assertSafeKey, isSafeKey, type ObjectStore, type ServedObject } from './object-store.ts';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** How long the browser may follow a redirect to an image. */
export const servedUrlSeconds = 10 * 60;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown })?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404;
}

function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * Any S3-compatible bucket. Uploads go straight from the browser to the bucket with a presigned PUT;
 * images are served by redirecting to a short-lived presigned GET.
 */
export async function createS3Store(
  config: S3StorageConfig,
  options: { listPageSize?: number } = {},
): Promise<ObjectStore> {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Default checksums would be signed into presigned URLs, which a browser's plain PUT cannot match,
    // and several S3-compatible stores do not support them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = config.bucket;

  // Presigning is local computation: it tells us how this endpoint spells an object's URL.
  const probeKey = 'perch-probe';
  const probe = withoutQuery(
    await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: probeKey }), { expiresIn: 60 }),
  );
  if (!probe.endsWith(`/${probeKey}`)) throw new Error('unexpected presigned URL shape');
  const objectUrlBase = probe.slice(0, -probeKey.length);

  async function readRange(key: string, length: number): Promise<Uint8Array | null> {
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${Math.max(0, length - 1)}` }),
      );
      const bytes = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
      // A store that ignores Range sends everything: keep what was asked for.
      return bytes.subarray(0, length);
    } catch (error) {
      if (isMissing(error)) return null;
      // An empty object has no byte 0: the range is unsatisfiable.
      if (statusOf(error) === 416) return new Uint8Array();
      throw error;
    }
  }

  return {
    kind: 's3',
    browserOrigin: new URL(objectUrlBase).origin,

    async createUploadUrl({ key, expiresInSeconds }) {
      assertSafeKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: expiresInSeconds,
      });
    },

    locateUpload(url) {
      let bare: string;
      try {
        bare = withoutQuery(url);
      } catch {
        return null;
      }
      if (!bare.startsWith(objectUrlBase)) return null;
      let key: string;
      try {
        key = bare.slice(objectUrlBase.length).split('/').map(decodeURIComponent).join('/');
      } catch {
        return null;
      }
      return isSafeKey(key) ? { key } : null;
    },

    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },

    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async readStart(key, length) {
      assertSafeKey(key);
      return readRange(key, length);
    },

    async read(key) {
      assertSafeKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async removeAll(folder) {
      assertSafeKey(folder);
      // ListObjects (version 1) pages by the last key seen, which every S3-compatible store understands; one
      // DeleteObject per key, because DeleteObjects needs a Content-MD5 that not every store computes the same way.
      let marker: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsCommand({
            Bucket: bucket,
            Prefix: `${folder}/`,
            MaxKeys: options.listPageSize ?? 1000,
            Marker: marker,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        marker = page.IsTruncated ? keys.at(-1) : undefined;
      } while (marker);
    },

    async serve(key, options): Promise<ServedObject> {
      assertSafeKey(key);
      // The bucket answers with the type Perch sniffed, whatever metadata the object carries.
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentType: options.contentType,
          ResponseCacheControl: options.cacheControl,
          ResponseContentDisposition: 'inline',
        }),
        { expiresIn: servedUrlSeconds },
      );
      return { kind: 'redirect', url, expiresInSeconds: servedUrlSeconds };
    },

    async close() {
      client.destroy();
    },
  };
}

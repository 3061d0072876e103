import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '#server/storage/s3-store.ts';

/** s3rver knows one account; V4 signatures are not checked by it, the access key is. */
export const fakeS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  storage: S3StorageConfig;
  /** Environment that makes a Perch app use this bucket. */
  environment: Record<string, string>;
  /** Where s3rver keeps the bucket's files. */
  directory: string;
  close(): Promise<void>;
}

/** A fake S3 server on a free loopback port, its files in a fresh temporary directory. */
export async function startFakeS3(bucket = 'perch-test'): Promise<FakeS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    storage: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: fakeS3Credentials,
      forcePathStyle: true,
    },
    environment: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: fakeS3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: fakeS3Credentials.secretAccessKey,
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

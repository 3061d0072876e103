// A Perch test app whose floor plans go to a fake S3 bucket (s3rver), for a whole test file.
import { afterAll, beforeAll } from 'vitest';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { createS3Store } from '#server/storage/s3-store.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { type FakeS3, startFakeS3 } from './s3rver.ts';

/** A Perch test app on a fake bucket, for a whole test file, with the test's own view of the bucket. */
export interface S3TestWorld {
  /** Started before the file's tests (the same object throughout, as startTestAppForFile's). */
  testApp: TestApp;
  readonly fakeS3: FakeS3;
  /** The test's own view of the bucket, to look behind Perch's back. */
  readonly bucket: ObjectStore;
  /** The bucket key a presigned upload URL points at. */
  keyOf(uploadUrl: string): string;
}

export function startS3TestAppForFile(environment: Record<string, string>): S3TestWorld {
  const testApp = {} as TestApp;
  let app: TestApp | undefined;
  let fakeS3: FakeS3 | undefined;
  let bucket: ObjectStore | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the S3 test app starts in beforeAll');
    return value;
  };
  beforeAll(async () => {
    fakeS3 = await startFakeS3();
    app = await startTestApp({ environment: { ...environment, ...fakeS3.environment } });
    Object.assign(testApp, app);
    bucket = await createS3Store(fakeS3.storage);
  });
  afterAll(async () => {
    await bucket?.close();
    await app?.close();
    await fakeS3?.close();
  });
  return {
    testApp,
    get fakeS3() {
      return started(fakeS3);
    },
    get bucket() {
      return started(bucket);
    },
    keyOf: (uploadUrl) => new URL(uploadUrl).pathname.slice(`/${started(fakeS3).bucket}/`.length),
  };
}

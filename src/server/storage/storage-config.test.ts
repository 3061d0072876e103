import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('storage settings', () => {
  it('keeps floor-plan images on local disk unless told otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('reads an S3-compatible bucket with its endpoint, region, keys and path style', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'perch-floor-plans',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'perch-floor-plans',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it("leaves the credentials to the SDK's own chain when no keys are given", () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'perch-floor-plans', S3_REGION: 'eu-west-1' });
    expect(config.storage).toMatchObject({ kind: 's3', region: 'eu-west-1', credentials: undefined });
  });

  it('stops with a sentence naming each wrong or missing storage variable', () => {
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow('STORAGE must be local or s3 (it is "ftp").');
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET must be set when STORAGE is s3.');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://files' })).toThrow(/S3_ENDPOINT must be a URL/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'perhaps' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'perch-plans', S3_ACCESS_KEY_ID: 'key-id' })).toThrow(
      'S3_SECRET_ACCESS_KEY must be set when S3_ACCESS_KEY_ID is.',
    );
  });

  it('never repeats the access keys in its message', () => {
    const attempt = () =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'perch-plans', S3_SECRET_ACCESS_KEY: 'hunter2-secret-key' });
    expect(attempt).toThrow('S3_ACCESS_KEY_ID must be set when S3_SECRET_ACCESS_KEY is.');
    expect(attempt).not.toThrow(/hunter2/);
  });
});

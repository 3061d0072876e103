import type { Readable } from 'node:stream';

/** What an upload URL this store issued points at: a Perch token (local) or an object key (S3). */
export type UploadReference = { token: string } | { key: string };

/** How to answer a GET for an object: stream it ourselves, or send the browser elsewhere. */
export type ServedObject =
  | { kind: 'stream'; stream: Readable; size: number }
  | { kind: 'redirect'; url: string; expiresInSeconds: number };

export interface ServeOptions {
  contentType: string;
  cacheControl: string;
}

/**
 * Where floor-plan images live. Keys are slash-separated names of letters, digits, '.', '_' and '-'
 * (see isSafeKey); a key never comes from a client.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * The origin browsers talk to directly for uploads and images (the bucket's, for S3),
   * which the Content-Security-Policy must allow; undefined when it is Perch itself.
   */
  readonly browserOrigin: string | undefined;
  /** A URL that accepts one PUT of the object's bytes: a Perch URL (local) or a presigned URL (S3). */
  createUploadUrl(target: { key: string; token: string; expiresInSeconds: number }): Promise<string>;
  /** Reads back an upload URL that this store issued (query string ignored); null for any other URL. */
  locateUpload(url: string): UploadReference | null;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** Up to `length` bytes from the start (fewer when the object is shorter); null when there is no such object. */
  readStart(key: string, length: number): Promise<Uint8Array | null>;
  /** The whole object as a stream, or null when there is no such object. */
  read(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `folder/`; removing an empty or missing folder is not an error. */
  removeAll(folder: string): Promise<void>;
  /**
   * How to hand the object to a browser, or null when there is no such object
   * (the S3 store redirects without asking the bucket first: a missing object is the bucket's 404).
   */
  serve(key: string, options: ServeOptions): Promise<ServedObject | null>;
  close(): Promise<void>;
}

const keySegment = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** A key of safe segments only: no empty, '.' or '..' segment, no backslash, no absolute path. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => keySegment.test(segment) && segment !== '..' && segment !== '.');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
}

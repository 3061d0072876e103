import type { Config } from '../config.ts';
import { createLocalStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3Store } from './s3-store.ts';

/** The store STORAGE names: local disk under DATA_DIR, or an S3-compatible bucket. */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (config.storage.kind === 's3') return createS3Store(config.storage);
  return createLocalStore({ dataDir: config.dataDir, publicUrl: config.publicUrl });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** What services need from the outside world; buildApp assembles it once. */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  objectStore: ObjectStore;
  log: FastifyBaseLogger;
}

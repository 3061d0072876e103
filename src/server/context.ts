import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Payments } from './payments/create-payments.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** What services need from the outside world; buildApp assembles it once. */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  objectStore: ObjectStore;
  /** The payment provider (PayPal or the local checkout) and the configured plan ids. */
  payments: Payments;
  log: FastifyBaseLogger;
  /** This instance's live event streams (decision 007). */
  realtime: RealtimeHub;
}

/**
 * State kept by one running app (caches, queues), made on first use: `perApp(make)` answers the same object for the
 * same context every time, and a new one for another app (tests start several in one process).
 */
export function perApp<T>(make: (context: AppContext) => T): (context: AppContext) => T {
  const made = new WeakMap<AppContext, T>();
  return (context) => {
    let value = made.get(context);
    if (value === undefined) {
      value = make(context);
      made.set(context, value);
    }
    return value;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The context buildApp assembled: main.ts hands it to scheduled jobs. */
    perch: AppContext;
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { postgresUrl } from '#test-support/global-setup.ts';
import { startTestAppForFile, testDatabase } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

describe('the health check', () => {
  it('answers 200 {status: ok} when the database answers', async () => {
    const response = await testApp.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

// PostgreSQL only: PGlite has no pool to fill.
describe.skipIf(testDatabase !== 'postgres')('the health check while every pooled connection is busy', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const [row] = await testApp.database.sql.query<{ name: string }>('SELECT current_database() AS name');
    database = await openDatabase({ databaseUrl: postgresUrl(row?.name ?? ''), poolSize: 2 });
    app = await buildApp({
      config: testApp.config,
      database,
      mailer: { send: async () => {}, close: () => {} },
      serveWebApp: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('still answers 200: a busy pool is not an unreachable database', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    let allHeld = () => {};
    const isAllHeld = new Promise<void>((resolve) => {
      allHeld = resolve;
    });
    // Both connections of the pool taken, as a crowd of requests would take them.
    const holders = [1, 2].map(() =>
      database.sql.withConnection(async () => {
        held += 1;
        if (held === 2) allHeld();
        await released;
      }),
    );
    await isAllHeld;
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect([response.statusCode, response.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      release();
      await Promise.all(holders);
    }
  });

  it('answers 503 once the database handle is closed', async () => {
    const [row] = await testApp.database.sql.query<{ name: string }>('SELECT current_database() AS name');
    const closed = await openDatabase({ databaseUrl: postgresUrl(row?.name ?? ''), poolSize: 1 });
    const closedApp = await buildApp({
      config: testApp.config,
      database: closed,
      mailer: { send: async () => {}, close: () => {} },
      serveWebApp: false,
    });
    await closedApp.ready();
    try {
      expect((await closedApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await closed.close();
      const response = await closedApp.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'The database cannot be reached.' });
    } finally {
      await closedApp.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { activeRows, addMember, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { postgresUrl } from '#test-support/global-setup.ts';
import { startTestApp, type TestApp, testDatabase } from '#test-support/harness.ts';

// A desk's lock held elsewhere (another instance in the middle of its own crowd, or a long transaction) must not make
// a request hold its pool connection without bound (decision 013). PostgreSQL only: PGlite has a single connection,
// so a lock held on it would stop the test itself.
describe.skipIf(testDatabase !== 'postgres')('a booking while another connection holds the desk’s lock', () => {
  const lockTimeoutMs = 300;
  let testApp: TestApp;
  let shortDatabase: DatabaseHandle;
  let instance: FastifyInstance;
  let organization: TestOrganization;
  let cookies: string[];

  beforeAll(async () => {
    testApp = await startTestApp();
    const [row] = await testApp.database.sql.query<{ name: string }>('SELECT current_database() AS name');
    // A second instance on the same database whose lock waits end sooner than the default, to keep the test short.
    shortDatabase = await openDatabase({ databaseUrl: postgresUrl(row?.name ?? ''), poolSize: 5, lockTimeoutMs });
    instance = await buildApp({
      config: testApp.config,
      database: shortDatabase,
      mailer: { send: async () => {}, close: () => {} },
      serveWebApp: false,
    });
    await instance.ready();
    organization = await createOrganization(testApp, { deskCount: 1 });
    const members = await Promise.all([1, 2, 3].map(() => addMember(testApp, organization.id)));
    cookies = [organization.admin, ...members].map((user) =>
      [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    );
  });

  afterAll(async () => {
    await instance?.close();
    await shortDatabase?.close();
    await testApp?.close();
  });

  /**
   * Runs `during` while a connection of the test's own holds the desk's lock in an open transaction; says whether
   * `during` was over before the lock was let go (it is let go after 10 s at the latest, so a booking that waits for it
   * without bound ends the wait, and fails the test, rather than hanging it).
   */
  async function whileDeskIsLocked<T>(during: () => Promise<T>): Promise<{ result: T; wasLockedThroughout: boolean }> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    let isStillLocked = true;
    const holder = testApp.database.sql.withConnection(async (connection) => {
      await connection.exec('BEGIN');
      await connection.query('SELECT pg_advisory_xact_lock(hashtextextended($1::text, 7471))', [organization.desks[0]]);
      locked();
      await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      isStillLocked = false;
      await connection.exec('ROLLBACK');
    });
    await isLocked;
    try {
      const result = await during();
      return { result, wasLockedThroughout: isStillLocked };
    } finally {
      release();
      await holder;
    }
  }

  const book = (index: number, body: Record<string, unknown>) =>
    instance.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: cookies[index % cookies.length] ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify({ organizationId: organization.id, deskId: organization.desks[0], ...body }),
    });

  it('answers 429 with Retry-After to every one of a crowd for a free time once the lock wait passes lock_timeout', async () => {
    const date = organization.day(5);
    const { result: answers, wasLockedThroughout } = await whileDeskIsLocked(() =>
      Promise.all(Array.from({ length: 12 }, (_, index) => book(index, { bookingDate: date, timeSlot: 'morning' }))),
    );
    expect(wasLockedThroughout).toBe(true);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 429));
    for (const answer of answers) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().message).toBe(
        'Too many people are booking at this moment. Please try again in a few seconds.',
      );
    }
    expect(await activeRows(testApp, organization.desks[0] ?? '')).toEqual([]);
    // Once the lock is free, the same booking goes through.
    expect((await book(0, { bookingDate: date, timeSlot: 'morning' })).statusCode).toBe(201);
  });

  it('answers 409 for a time already taken while the lock is still held: finding it taken takes no lock', async () => {
    const date = organization.day(6);
    expect((await book(0, { bookingDate: date, timeSlot: 'full-day' })).statusCode).toBe(201);
    const { result: answers, wasLockedThroughout } = await whileDeskIsLocked(() =>
      Promise.all([
        book(1, { bookingDate: date, timeSlot: 'morning' }),
        book(2, { bookingDate: date, timeSlot: 'afternoon' }),
      ]),
    );
    expect(wasLockedThroughout).toBe(true);
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [409, 'Desk is already booked for this time slot'],
      [409, 'Desk is already booked for this time slot'],
    ]);
  });

  it('answers a permanent booking 429 with Retry-After once its wait for the lock passes lock_timeout', async () => {
    const { result: answer, wasLockedThroughout } = await whileDeskIsLocked(() =>
      book(0, { bookingDate: organization.day(40), timeSlot: 'full-day', isPermanent: true }),
    );
    expect(wasLockedThroughout).toBe(true);
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json().message).toMatch(/try again/i);
  });
});

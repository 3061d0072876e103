import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { addMember, book, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { type EventReader, listenOnLoopback, openEvents } from '#test-support/events.ts';
import { startTestApp, type TestApp, testDatabase } from '#test-support/harness.ts';

let testApp: TestApp;
let secondDatabase: DatabaseHandle;
let second: FastifyInstance;
let firstUrl: string;
let secondUrl: string;
let organization: TestOrganization;
const readers: EventReader[] = [];

// Two Perch instances on one database: on PostgreSQL each with its own pool and listener, as two servers
// behind a load balancer would be; on PGlite two apps sharing the embedded database.
beforeAll(async () => {
  testApp = await startTestApp();
  firstUrl = await listenOnLoopback(testApp.app);
  if (testDatabase === 'postgres') {
    const pool = (testApp.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    secondDatabase = await openDatabase({ databaseUrl: pool.options.connectionString, poolSize: 3 });
  } else {
    secondDatabase = testApp.database;
  }
  second = await buildApp({
    config: testApp.config,
    database: secondDatabase,
    serveWebApp: false,
    mailer: { send: async () => {}, close: () => {} },
  });
  secondUrl = await listenOnLoopback(second);
  organization = await createOrganization(testApp, { deskCount: 2 });
});

afterAll(async () => {
  for (const reader of readers) reader.close();
  await second.close();
  if (secondDatabase !== testApp.database) await secondDatabase.close();
  await testApp.close();
});

describe('live updates across server instances', () => {
  it('delivers a booking made through instance A to a member connected to instance B', async () => {
    const member = await addMember(testApp, organization.id);
    const onSecond = await openEvents(secondUrl, member.client, organization.id);
    const onFirst = await openEvents(firstUrl, member.client, organization.id);
    readers.push(onSecond, onFirst);
    expect(onSecond.status).toBe(200);
    await onSecond.waitFor((event) => event.event === 'ready');
    await onFirst.waitFor((event) => event.event === 'ready');

    const date = organization.day(2);
    const created = await book(organization.admin.client, organization, { bookingDate: date });
    expect(created.status).toBe(201);
    const event = await onSecond.waitFor((received) => received.event === 'bookings', 'the booking');
    expect(event.data).toMatchObject({ organizationId: organization.id, fromDate: date, toDate: date });
    // Both instances announce the same change: B read it from the database. (Event ids are each instance's own
    // count of frames, which a reconnect only needs to be present; equal ids on A and B held by coincidence, until
    // one instance saw a change of this organization while only its own stream was open.)
    const onA = await onFirst.waitFor((received) => received.event === 'bookings', 'the booking on A');
    expect(event.id).toBeDefined();
    expect(event.data).toEqual(onA.data);
  });

  it('closes a stream on instance B when its session signs out through instance A', async () => {
    const member = await addMember(testApp, organization.id);
    const onSecond = await openEvents(secondUrl, member.client, organization.id);
    readers.push(onSecond);
    await onSecond.waitFor((event) => event.event === 'ready');
    expect((await member.client.post('/api/logout')).status).toBe(200);
    expect((await onSecond.waitFor((event) => event.event === 'closed', 'closed')).data).toEqual({
      reason: 'signed-out',
    });
  });

  it.skipIf(testDatabase !== 'postgres')(
    'tells streams to refetch when its link to PostgreSQL was cut, and keeps delivering afterwards',
    async () => {
      const member = await addMember(testApp, organization.id);
      const stream = await openEvents(firstUrl, member.client, organization.id);
      readers.push(stream);
      await stream.waitFor((event) => event.event === 'ready');

      await testApp.database.sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'perch-changes' AND pid <> pg_backend_pid()`,
      );
      await stream.waitFor((event) => event.event === 'resync', 'resync');

      const date = organization.day(3);
      expect((await book(member.client, organization, { bookingDate: date })).status).toBe(201);
      await stream.waitFor((event) => event.event === 'bookings' && event.data.fromDate === date, 'the booking');
    },
  );
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { activeRows, addMember, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { postgresUrl } from '#test-support/global-setup.ts';
import { startTestApp, type TestApp, testDatabase } from '#test-support/harness.ts';

// Two server instances on one database, as behind a load balancer: on PostgreSQL each has its own
// connection pool; PGlite is embedded, so both share its one handle.
let testApp: TestApp;
let secondDatabase: DatabaseHandle | undefined;
let instances: FastifyInstance[];
let organization: TestOrganization;
let cookies: string[];

beforeAll(async () => {
  testApp = await startTestApp();
  if (testDatabase === 'postgres') {
    const [row] = await testApp.database.sql.query<{ name: string }>('SELECT current_database() AS name');
    secondDatabase = await openDatabase({ databaseUrl: postgresUrl(row!.name), poolSize: 10 });
  }
  const second = await buildApp({
    config: testApp.config,
    database: secondDatabase ?? testApp.database,
    mailer: { send: async () => {}, close: () => {} },
    serveWebApp: false,
  });
  await second.ready();
  instances = [testApp.app, second];
  organization = await createOrganization(testApp, { deskCount: 2 });
  const members = await Promise.all([1, 2, 3, 4].map(() => addMember(testApp, organization.id)));
  cookies = [organization.admin, ...members].map((user) =>
    [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  );
});

afterAll(async () => {
  await instances?.[1]?.close();
  await secondDatabase?.close();
  await testApp?.close();
});

/** `count` simultaneous bookings of one desk and date, spread over both instances and five users. */
async function race(count: number, deskId: string, bookingDate: string, slotOf: (index: number) => string) {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      instances[index % 2]!.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: cookies[index % cookies.length]!, 'content-type': 'application/json' },
        payload: JSON.stringify({ organizationId: organization.id, deskId, bookingDate, timeSlot: slotOf(index) }),
      }),
    ),
  );
  return responses.map((response, index) => ({
    status: response.statusCode,
    slot: slotOf(index),
    body: response.json() as { message?: string },
  }));
}

describe('simultaneous bookings through two server instances', () => {
  it('lets exactly one of 200 requests for one desk, date and slot win; every other one gets 409', async () => {
    const date = organization.day(10);
    const results = await race(200, organization.desks[0]!, date, () => 'morning');
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    const refused = results.filter((result) => result.status === 409);
    expect(refused).toHaveLength(199);
    for (const result of refused) expect(result.body.message).toBe('Desk is already booked for this time slot');
    expect(await activeRows(testApp, organization.desks[0]!)).toEqual([
      expect.objectContaining({ booking_date: date, time_slot: 'morning' }),
    ]);
  });

  it('never lets a full day and a half day of one desk both win a race of 200', async () => {
    const slots = ['full-day', 'morning', 'afternoon'];
    const date = organization.day(11);
    const results = await race(200, organization.desks[1]!, date, (index) => slots[index % 3]!);
    const winners = results.filter((result) => result.status === 201).map((result) => result.slot);
    expect(results.filter((result) => result.status !== 201).every((result) => result.status === 409)).toBe(true);
    const rows = (await activeRows(testApp, organization.desks[1]!)).map((row) => row.time_slot);
    // Either one full day won, or one morning and one afternoon did.
    expect([['full-day'], ['afternoon', 'morning']]).toContainEqual([...winners].sort());
    expect(rows).toEqual([...winners].sort());
  });
});

describe('the database alone, whatever the server checks first', () => {
  const insert = (deskId: string, date: string, slot: string, options: { permanent?: boolean; status?: string } = {}) =>
    testApp.database.sql.query(
      `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, is_permanent, status, cancelled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 = 'cancelled' THEN now() END)`,
      [
        organization.id,
        deskId,
        organization.admin.user.id,
        date,
        slot,
        options.permanent ?? false,
        options.status ?? 'active',
      ],
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'written',
      (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
    );

  it('refuses a second active booking of a desk whose time overlaps the first: 23P01, the exclusion constraint', async () => {
    // The races above used days 10 and 11; this one is on later days.
    const desk = { id: organization.desks[0]! };
    const date = organization.day(30);
    await insert(desk.id, date, 'full-day', { status: 'cancelled' });
    await insert(desk.id, date, 'morning');
    expect(await refusal(insert(desk.id, date, 'full-day'))).toBe('23P01');
    expect(await refusal(insert(desk.id, date, 'morning'))).toBe('23P01');
    expect(await refusal(insert(desk.id, date, 'afternoon'))).toBe('written');
    // A permanent booking holds the desk from its first slot on, every later day included.
    expect(await refusal(insert(desk.id, organization.day(20), 'afternoon', { permanent: true }))).toBe('23P01');
    expect(await refusal(insert(desk.id, organization.day(31), 'afternoon', { permanent: true }))).toBe('written');
    expect(await refusal(insert(desk.id, organization.day(40), 'morning'))).toBe('23P01');
  });
});

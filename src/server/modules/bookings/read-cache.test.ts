import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import {
  addMember,
  book,
  createOrganization,
  relaxBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { cookieHeader, listenOnLoopback, openEvents } from '#test-support/events.ts';
import { postgresUrl } from '#test-support/global-setup.ts';
import { signUp, startTestApp, type TestApp, testDatabase } from '#test-support/harness.ts';

// Two instances on one database, as behind a load balancer: each keeps its own cache of bookings reads, and a
// change made through one (or by hand in SQL) must show in the other's next read (decision 009).
let testApp: TestApp;
let secondDatabase: DatabaseHandle | undefined;
let second: FastifyInstance;
let organization: TestOrganization;
let memberCookie: string;

beforeAll(async () => {
  testApp = await startTestApp();
  if (testDatabase === 'postgres') {
    const [row] = await testApp.database.sql.query<{ name: string }>('SELECT current_database() AS name');
    secondDatabase = await openDatabase({ databaseUrl: postgresUrl(row!.name), poolSize: 2 });
  }
  second = await buildApp({
    config: testApp.config,
    database: secondDatabase ?? testApp.database,
    mailer: { send: async () => {}, close: () => {} },
    serveWebApp: false,
  });
  await second.ready();
  organization = await createOrganization(testApp, { deskCount: 3 });
  const member = await addMember(testApp, organization.id);
  memberCookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});

afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await testApp?.close();
});

async function dayReadOnSecond(date: string, headers: Record<string, string> = {}) {
  const response = await second.inject({
    url: `/api/organizations/${organization.id}/bookings?startDate=${date}&endDate=${date}`,
    headers: { cookie: memberCookie, ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

const namesIn = (response: { body: string }) =>
  (JSON.parse(response.body) as { desk: { name: string }; timeSlot: string }[]).map(
    (booking) => `${booking.desk.name} ${booking.timeSlot}`,
  );

describe("a day's bookings read through another instance", () => {
  it('shows a booking made through the first instance at once, and its cancellation', async () => {
    const date = organization.day(9);
    expect(namesIn(await dayReadOnSecond(date))).toEqual([]);
    const made = await book(organization.admin.client, organization, { bookingDate: date, timeSlot: 'morning' });
    expect(made.status).toBe(201);
    expect(namesIn(await dayReadOnSecond(date))).toEqual(['D01 morning']);
    expect((await organization.admin.client.request('DELETE', `/api/bookings/${made.body.id}`)).status).toBe(200);
    expect(namesIn(await dayReadOnSecond(date))).toEqual([]);
  });

  it('shows a desk renamed, a floor renamed and a booker renamed by hand in SQL', async () => {
    const date = organization.day(10);
    expect((await book(organization.admin.client, organization, { bookingDate: date })).status).toBe(201);
    const before = JSON.parse((await dayReadOnSecond(date)).body)[0];
    expect(before).toMatchObject({ desk: { name: 'D01', floor: { name: 'Floor 1' } }, user: { firstName: 'Ada' } });
    await testApp.database.sql.query(`UPDATE desks SET name = 'Window 1' WHERE id = $1`, [organization.desks[0]]);
    await testApp.database.sql.query(`UPDATE floors SET name = 'Ground' WHERE id = $1`, [organization.floorId]);
    await testApp.database.sql.query(`UPDATE users SET first_name = 'Adele' WHERE email = $1`, [
      organization.admin.email,
    ]);
    const after = JSON.parse((await dayReadOnSecond(date)).body)[0];
    expect(after).toMatchObject({
      desk: { name: 'Window 1', floor: { name: 'Ground' } },
      user: { firstName: 'Adele' },
    });
  });

  it("shows a booking's new times when its site's hours or zone change, or its floor moves to another site, by hand in SQL", async () => {
    const date = organization.day(13);
    expect(
      (await book(organization.admin.client, organization, { bookingDate: date, timeSlot: 'morning' })).status,
    ).toBe(201);
    const read = async () => JSON.parse((await dayReadOnSecond(date)).body)[0];
    const [site] = await testApp.database.sql.query<{ id: string; time_zone: string }>(
      'SELECT s.id, s.time_zone FROM sites s JOIN floors f ON f.site_id = s.id WHERE f.id = $1',
      [organization.floorId],
    );
    expect(await read()).toMatchObject({ startTime: '09:00', endTime: '13:00', siteId: site!.id });
    await testApp.database.sql.query(`UPDATE sites SET day_start = '08:00', midday = '12:30' WHERE id = $1`, [
      site!.id,
    ]);
    expect(await read()).toMatchObject({ startTime: '08:00', endTime: '12:30' });
    await testApp.database.sql.query(`UPDATE sites SET time_zone = 'Pacific/Kiritimati' WHERE id = $1`, [site!.id]);
    expect(await read()).toMatchObject({ timeZone: 'Pacific/Kiritimati' });

    const [other] = await testApp.database.sql.query<{ id: string }>(
      `INSERT INTO sites (organization_id, name, time_zone, day_start, midday, day_end)
       VALUES ($1, 'Annex', 'Asia/Tokyo', '07:00', '11:00', '15:00') RETURNING id`,
      [organization.id],
    );
    await testApp.database.sql.query('UPDATE floors SET site_id = $1 WHERE id = $2', [other!.id, organization.floorId]);
    expect(await read()).toMatchObject({
      siteId: other!.id,
      timeZone: 'Asia/Tokyo',
      startTime: '07:00',
      endTime: '11:00',
    });
    await testApp.database.sql.query('UPDATE floors SET site_id = $1 WHERE id = $2', [site!.id, organization.floorId]);
    await testApp.database.sql.query(
      `UPDATE sites SET time_zone = $1, day_start = '09:00', midday = '13:00' WHERE id = $2`,
      [site!.time_zone, site!.id],
    );
    expect(await read()).toMatchObject({ siteId: site!.id, startTime: '09:00', endTime: '13:00' });
  });

  it('answers gzip and brotli encodings of the same JSON', async () => {
    // One person books every desk of the day.
    await relaxBookingRules(organization, { onePerPersonPerSlot: false });
    const date = organization.day(11);
    for (const deskId of organization.desks) {
      expect((await book(organization.admin.client, organization, { deskId, bookingDate: date })).status).toBe(201);
    }
    const plain = await dayReadOnSecond(date, { 'accept-encoding': 'identity' });
    const gzipped = await dayReadOnSecond(date, { 'accept-encoding': 'gzip' });
    const brotli = await dayReadOnSecond(date, { 'accept-encoding': 'gzip, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.vary).toContain('accept-encoding');
  });

  it('still answers 404 to a non-member, whatever is cached', async () => {
    const date = organization.day(10);
    await dayReadOnSecond(date);
    const stranger = await startStranger();
    const response = await second.inject({
      url: `/api/organizations/${organization.id}/bookings?startDate=${date}&endDate=${date}`,
      headers: { cookie: stranger },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('sessions remembered by an instance', () => {
  it('ends a signed-out session on the instance that signed it out at once', async () => {
    const member = await addMember(testApp, organization.id);
    const cookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const onSecond = () => second.inject({ url: '/api/user', headers: { cookie } });
    expect((await onSecond()).statusCode).toBe(200);
    expect((await onSecond()).statusCode).toBe(200);
    const signedOut = await second.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect([200, 204, 302]).toContain(signedOut.statusCode);
    expect((await onSecond()).statusCode).toBe(401);
  });

  it('stops answering from memory on this instance once a sign-out through another instance is announced', async () => {
    const member = await addMember(testApp, organization.id);
    const cookie = cookieHeader(member.client);
    const onSecond = () => second.inject({ url: '/api/user', headers: { cookie } });
    expect((await onSecond()).statusCode).toBe(200);
    // The second instance's own live stream for this session ends when the announcement reaches it.
    const stream = await openEvents(await listenOnLoopback(second), member.client, organization.id);
    await stream.waitFor((event) => event.event === 'ready');
    // Ended as another process would end it (this process's own sign-out would mark the user in memory).
    await testApp.database.sql.query('DELETE FROM sessions WHERE user_id = $1', [member.user.id]);
    await stream.waitFor((event) => event.event === 'closed');
    expect((await onSecond()).statusCode).toBe(401);
  });

  it('reads the session from the database for every request that may change something', async () => {
    const member = await addMember(testApp, organization.id);
    const cookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await second.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    // Ended behind the instance's back, as another instance would: a write is refused at once.
    await testApp.database.sql.query('DELETE FROM sessions WHERE user_id = $1', [member.user.id]);
    const write = await second.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        organizationId: organization.id,
        deskId: organization.desks[2],
        bookingDate: organization.day(12),
        timeSlot: 'full-day',
      }),
    });
    expect(write.statusCode).toBe(401);
  });
});

async function startStranger(): Promise<string> {
  const stranger = await signUp(testApp);
  return [...stranger.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

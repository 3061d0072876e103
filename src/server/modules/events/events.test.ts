import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxStreamsPerUser, tooManyStreamsMessage } from '#domain/realtime.ts';
import { addMember, book, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { type EventReader, listenOnLoopback, openEvents, type ReceivedEvent } from '#test-support/events.ts';
import { signUp, startTestApp, type TestApp } from '#test-support/harness.ts';

let testApp: TestApp;
let baseUrl: string;
let organization: TestOrganization;
let member: Awaited<ReturnType<typeof signUp>>;
const readers: EventReader[] = [];

beforeAll(async () => {
  // One-day sessions never slide forward (they slide once less than a day of their life is used), so a test can
  // give a session a near expiry that opening a stream leaves as it is.
  testApp = await startTestApp({ environment: { SESSION_DAYS: '1' } });
  baseUrl = await listenOnLoopback(testApp.app);
  organization = await createOrganization(testApp, { deskCount: 3 });
  member = await addMember(testApp, organization.id);
});

afterAll(async () => {
  for (const reader of readers) reader.close();
  await testApp.close();
});

async function open(...args: Parameters<typeof openEvents>): Promise<EventReader> {
  const reader = await openEvents(...args);
  readers.push(reader);
  return reader;
}

const kindIs = (kind: string) => (event: ReceivedEvent) => event.event === kind;

/**
 * A committed change of its own (a new floor) after the one under test: notifications arrive in commit order,
 * so whatever the stream shows before the marker is everything the earlier changes produced.
 */
async function commitMarker(organizationId: string): Promise<(event: ReceivedEvent) => boolean> {
  const [floor] = await testApp.database.sql.query<{ id: string }>(
    'INSERT INTO floors (organization_id, name) VALUES ($1, $2) RETURNING id',
    [organizationId, 'Marker'],
  );
  return (event) => event.event === 'floors' && event.data.floorIds?.includes(floor!.id);
}

describe('GET /api/organizations/{id}/events', () => {
  it('answers 401 to a signed-out visitor and 404 to a user outside the organization or for an unknown id', async () => {
    const signedOut = await open(baseUrl, null, organization.id);
    expect(signedOut.status).toBe(401);
    expect(JSON.parse(signedOut.text).message).toBeTruthy();

    const outsider = await signUp(testApp);
    const refused = await open(baseUrl, outsider.client, organization.id);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.text)).toMatchObject({ message: 'Organization not found.' });
    expect((await open(baseUrl, outsider.client, 'not-an-id')).status).toBe(404);
  });

  it('opens with a retry hint and an identified ready event, uncompressed and unbuffered by proxies', async () => {
    const stream = await open(baseUrl, member.client, organization.id, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toContain('no-store');
    const ready = await stream.waitFor(kindIs('ready'), 'ready');
    expect(ready.id).toMatch(/^\d+$/);
    expect(ready.data).toEqual({ organizationId: organization.id });
    expect(stream.retry).toBeGreaterThan(0);
    expect(stream.events.some(kindIs('resync'))).toBe(false);
  });

  it('tells a client that reconnects with Last-Event-ID to refetch', async () => {
    const stream = await open(baseUrl, member.client, organization.id, { 'last-event-id': '41' });
    const received = await stream.eventsUntil(kindIs('resync'), 'resync');
    expect(received.map((event) => event.event)).toEqual(['ready', 'resync']);
  });

  it('starts with resync when the client says its data may predate a change here, and refuses a bad since', async () => {
    const stream = await open(baseUrl, member.client, organization.id, {}, '?since=600000');
    const received = await stream.eventsUntil(kindIs('resync'), 'resync');
    expect(received.map((event) => event.event)).toEqual(['ready', 'resync']);

    for (const since of ['-1', 'soon', '3600001']) {
      const refused = await member.client.get(`/api/organizations/${organization.id}/events?since=${since}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/since/);
    }
  });

  it('announces each kind of change to a member, with what the browser needs to refetch', async () => {
    const stream = await open(baseUrl, member.client, organization.id);
    await stream.waitFor(kindIs('ready'));
    const admin = organization.admin.client;

    const date = organization.day(3);
    expect((await book(member.client, organization, { bookingDate: date })).status).toBe(201);
    const booked = await stream.waitFor(kindIs('bookings'), 'the booking');
    expect(booked.data).toEqual({
      kind: 'bookings',
      organizationId: organization.id,
      fromDate: date,
      toDate: date,
      hasPermanent: false,
      userIds: [member.user.id],
    });

    const moved = await admin.request('PUT', `/api/desks/${organization.desks[1]}`, {
      positionX: '300',
      positionY: '40',
    });
    expect(moved.status).toBe(200);
    const desks = await stream.waitFor(kindIs('desks'), 'the desk move');
    expect(desks.data).toMatchObject({ floorIds: [organization.floorId], renamed: false });

    const floor = await admin.post(`/api/organizations/${organization.id}/floors`, { name: 'Annex' });
    expect(floor.status).toBe(201);
    expect((await stream.waitFor(kindIs('floors'), 'the new floor')).data.floorIds).toEqual([floor.body.id]);

    expect(
      (await admin.request('PUT', `/api/organizations/${organization.id}`, { defaultZoomLevel: '1.5' })).status,
    ).toBe(200);
    await stream.waitFor(kindIs('organization'), 'the organization zoom');

    const invited = await admin.post(`/api/organizations/${organization.id}/invite`, {
      emails: 'new.person@example.com',
      role: 'member',
    });
    expect(invited.status).toBeLessThan(300);
    await stream.waitFor(kindIs('invitations'), 'the invitation');

    const promoted = await admin.request(
      'PATCH',
      `/api/organizations/${organization.id}/members/${member.user.id}/role`,
      {
        role: 'admin',
      },
    );
    expect(promoted.status).toBe(200);
    expect((await stream.waitFor(kindIs('members'), 'the role change')).data.userIds).toEqual([member.user.id]);

    await testApp.database.sql.query('UPDATE subscriptions SET max_users = max_users + 1 WHERE organization_id = $1', [
      organization.id,
    ]);
    await stream.waitFor(kindIs('subscription'), 'the subscription change');
  });

  it('announces a change only to members of its organization', async () => {
    const other = await createOrganization(testApp, { deskCount: 1 });
    const outsiderStream = await open(baseUrl, other.admin.client, other.id);
    await outsiderStream.waitFor(kindIs('ready'));
    // The other organization's own setup (its desks) may still be on its way: a first marker lets it pass.
    const settled = (await outsiderStream.eventsUntil(await commitMarker(other.id), 'the first marker')).length;

    expect((await book(member.client, organization, { bookingDate: organization.day(4) })).status).toBe(201);
    const received = await outsiderStream.eventsUntil(await commitMarker(other.id), 'the marker');
    expect(received.slice(settled).map((event) => event.event)).toEqual(['floors']);
    expect(received.every((event) => event.data.organizationId === other.id)).toBe(true);
  });

  it('never announces a change whose transaction rolled back', async () => {
    const stream = await open(baseUrl, member.client, organization.id);
    await stream.waitFor(kindIs('ready'));
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE desks SET name = 'Rolled back' WHERE id = ${organization.desks[2]}`);
        await tx.execute(sql`UPDATE subscriptions SET max_users = 99 WHERE organization_id = ${organization.id}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow();
    await expect(
      testApp.database.sql.exec(
        `BEGIN; INSERT INTO floors (organization_id, name) VALUES ('${organization.id}', 'Never'); ROLLBACK;`,
      ),
    ).resolves.toBeUndefined();

    const received = await stream.eventsUntil(await commitMarker(organization.id), 'the committed marker');
    expect(received.map((event) => event.event)).toEqual(['ready', 'floors']);
  });

  it('closes the stream when its session signs out, and only that one', async () => {
    const person = await addMember(testApp, organization.id);
    const stream = await open(baseUrl, person.client, organization.id);
    const bystander = await open(baseUrl, member.client, organization.id);
    await stream.waitFor(kindIs('ready'));
    await bystander.waitFor(kindIs('ready'));

    expect((await person.client.post('/api/logout')).status).toBe(200);
    expect((await stream.waitFor(kindIs('closed'), 'closed')).data).toEqual({ reason: 'signed-out' });
    await stream.ended;

    const date = organization.day(5);
    expect((await book(member.client, organization, { bookingDate: date })).status).toBe(201);
    await bystander.waitFor((event) => event.event === 'bookings' && event.data.fromDate === date, 'the booking');
    expect(bystander.events.some(kindIs('closed'))).toBe(false);
  });

  it('closes the stream when its session expires, at the expiry rather than at the next periodic check', async () => {
    const person = await addMember(testApp, organization.id);
    await testApp.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() + interval '2 seconds' WHERE user_id = ${person.user.id}`,
    );
    const stream = await open(baseUrl, person.client, organization.id);
    await stream.waitFor(kindIs('ready'));
    // The periodic check runs every 60 seconds; waitFor gives up after 15.
    expect((await stream.waitFor(kindIs('closed'), 'closed')).data).toEqual({ reason: 'signed-out' });
    await stream.ended;
    expect((await person.client.get('/api/user')).status).toBe(401);
  });

  it('closes the stream of a member removed from the organization', async () => {
    const person = await addMember(testApp, organization.id);
    const stream = await open(baseUrl, person.client, organization.id);
    const adminStream = await open(baseUrl, organization.admin.client, organization.id);
    await stream.waitFor(kindIs('ready'));
    await adminStream.waitFor(kindIs('ready'));

    const removed = await organization.admin.client.request(
      'DELETE',
      `/api/organizations/${organization.id}/members/${person.user.id}`,
    );
    expect(removed.status).toBe(200);
    expect((await stream.waitFor(kindIs('closed'), 'closed')).data).toEqual({ reason: 'removed' });
    await stream.ended;
    const seen = await adminStream.waitFor(
      (event) => event.event === 'members' && event.data.userIds?.includes(person.user.id),
      'the removal',
    );
    expect(seen.data.organizationId).toBe(organization.id);
    expect(adminStream.events.some(kindIs('closed'))).toBe(false);
    expect((await open(baseUrl, person.client, organization.id)).status).toBe(404);
  });

  it(`refuses more than ${maxStreamsPerUser} streams of one user with 429, and frees a place when one closes`, async () => {
    const person = await addMember(testApp, organization.id);
    const streams: EventReader[] = [];
    for (let index = 0; index < maxStreamsPerUser; index++) {
      const stream = await open(baseUrl, person.client, organization.id);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const refused = await open(baseUrl, person.client, organization.id);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ message: tooManyStreamsMessage });

    // Other users are not affected by this user's streams.
    expect((await open(baseUrl, member.client, organization.id)).status).toBe(200);

    streams[0]!.close();
    let again = await open(baseUrl, person.client, organization.id);
    while (again.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await open(baseUrl, person.client, organization.id);
    }
    expect(again.status).toBe(200);
  });
});

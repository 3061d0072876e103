import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelSubscription, expectRefusal, startTestAppForFile, type TestClient } from '#test-support/harness.ts';
import { createOffice as createOfficeOf, officePeopleForFile, postDesk } from '#test-support/office.ts';

const testApp = startTestAppForFile();
// People shared by the file's tests (argon2 is slow on purpose); every test makes its own organizations.
const people = officePeopleForFile(testApp);

interface Office {
  organizationId: string;
  floorId: string;
  deskIds: string[];
}

/** An organization of `owner` with `count` desks D01… on its first floor, 150 units apart. */
async function createOffice(count = 3, owner: TestClient = people.admin): Promise<Office> {
  const { organizationId, floorId } = await createOfficeOf(testApp, owner, people.memberId);
  const deskIds: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const desk = await postDesk(
      owner,
      { organizationId, floorId },
      { name: `D0${index}`, positionX: index * 150, positionY: 100 },
    );
    deskIds.push(desk.body.id);
  }
  return { organizationId, floorId, deskIds };
}

const batch = (client: TestClient, floorId: string, body: unknown) =>
  client.post(`/api/floors/${floorId}/desks/batch`, body);

/** Every desk of the organization as the database holds it, for "nothing changed" checks. */
async function snapshot(organizationId: string) {
  return testApp.database.sql.query(
    `SELECT id, floor_id, name, position_x::text, position_y::text, rotation, amenities, bookable, unavailable_reason
     FROM desks WHERE organization_id = $1 ORDER BY id`,
    [organizationId],
  );
}

/** What the batches recorded: the offices' own floors and desks, made through the API, are recorded too but left out. */
async function auditActions(organizationId: string) {
  const rows = await testApp.database.sql.query<{ action: string; details: Record<string, unknown> }>(
    `SELECT action, details FROM audit_events
     WHERE organization_id = $1 AND action NOT IN ('desk.created', 'floor.created') ORDER BY id`,
    [organizationId],
  );
  return rows;
}

describe('a batch of desk changes', () => {
  it('moves a group of desks in one request, each kept on the canvas, and answers them as the floor lists them', async () => {
    const office = await createOffice();
    const [first, second] = office.deskIds as [string, string];
    const response = await batch(people.admin, office.floorId, {
      update: [
        { id: first, positionX: '210', positionY: 320, rotation: 375 },
        { id: second, positionX: 5000, positionY: -40 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.deleted).toEqual([]);
    expect(
      response.body.updated.map((desk: Record<string, string>) => [
        desk.id,
        desk.positionX,
        desk.positionY,
        desk.rotation,
      ]),
    ).toEqual([
      [first, '210', '320', '15'],
      [second, '1800', '0', '0'],
    ]);
    const listed = (await people.member.get(`/api/floors/${office.floorId}/desks`)).body;
    expect(listed.filter((desk: { id: string }) => desk.id !== office.deskIds[2])).toEqual(response.body.updated);
    // One event for the whole move, naming the desks.
    expect(await auditActions(office.organizationId)).toEqual([
      { action: 'desks.moved', details: { floorName: 'Floor 1', count: 2, names: ['D01', 'D02'] } },
    ]);
  });

  it('sets the amenities and the out-of-service state of several desks, and audits it once', async () => {
    const office = await createOffice();
    const [first, second] = office.deskIds as [string, string];
    const response = await batch(people.admin, office.floorId, {
      update: [
        { id: first, amenities: ['monitor', 'Quiet'], bookable: false, unavailableReason: 'Painting' },
        { id: second, amenities: ['monitor'], bookable: false, unavailableReason: 'Painting' },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(
      response.body.updated.map((desk: Record<string, unknown>) => [
        desk.amenities,
        desk.bookable,
        desk.unavailableReason,
      ]),
    ).toEqual([
      [['monitor', 'quiet'], false, 'Painting'],
      [['monitor'], false, 'Painting'],
    ]);
    const events = await auditActions(office.organizationId);
    expect(events.map((event) => event.action)).toEqual(['desks.updated']);
    expect(events[0]?.details).toMatchObject({ floorName: 'Floor 1', count: 2 });

    const back = await batch(people.admin, office.floorId, { update: [{ id: first, bookable: true }] });
    expect(back.body.updated[0]).toMatchObject({
      bookable: true,
      unavailableReason: null,
      amenities: ['monitor', 'quiet'],
    });
  });

  it('deletes several desks and their bookings in one request, and audits the names', async () => {
    const office = await createOffice(4);
    const [first, second, third] = office.deskIds as [string, string, string];
    await testApp.database.sql.query(
      `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
       VALUES ($1, $2, $3, current_date + 3, 'full-day')`,
      [office.organizationId, first, people.memberId],
    );
    const response = await batch(people.admin, office.floorId, {
      update: [{ id: third, positionX: 10, positionY: 10 }],
      delete: [first, second],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.deleted).toEqual([first, second]);
    const names = (await people.member.get(`/api/floors/${office.floorId}/desks`)).body.map(
      (desk: { name: string }) => desk.name,
    );
    expect(names).toEqual(['D03', 'D04']);
    const [bookings] = await testApp.database.sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM bookings WHERE desk_id = $1',
      [first],
    );
    expect(bookings?.count).toBe(0);
    expect(await auditActions(office.organizationId)).toEqual([
      { action: 'desks.moved', details: { floorName: 'Floor 1', count: 1, names: ['D03'] } },
      { action: 'desks.deleted', details: { floorName: 'Floor 1', count: 2, names: ['D01', 'D02'] } },
    ]);
  });

  it.each([
    ['another floor of the same organization', 'annex'],
    ['another organization', 'elsewhere'],
    ['an unknown id', 'unknown'],
    ['an id that is not a uuid', 'not-a-uuid'],
  ])('changes nothing at all and answers 404 when one desk is on %s', async (_label, kind) => {
    const office = await createOffice();
    let foreign: string = randomUUID();
    if (kind === 'annex') {
      const annex = await people.admin.post(`/api/organizations/${office.organizationId}/floors`, { name: 'Annex' });
      const desk = await postDesk(people.admin, office, {
        name: 'A01',
        positionX: 1,
        positionY: 1,
        floorId: annex.body.id,
      });
      foreign = desk.body.id;
    } else if (kind === 'elsewhere') {
      foreign = (await createOffice(1, people.outsider)).deskIds[0]!;
    } else if (kind === 'not-a-uuid') {
      foreign = 'D01';
    }
    const before = await snapshot(office.organizationId);
    for (const body of [
      {
        update: [
          { id: office.deskIds[0], positionX: 900, positionY: 900 },
          { id: foreign, rotation: 90 },
        ],
      },
      { update: [{ id: office.deskIds[0], amenities: ['window'] }], delete: [office.deskIds[1], foreign] },
    ]) {
      const response = await batch(people.admin, office.floorId, body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Desk not found.' });
    }
    expect(await snapshot(office.organizationId)).toEqual(before);
    expect(await auditActions(office.organizationId)).toEqual([]);
  });

  it('changes nothing when one desk of the batch gets a tag the organization does not keep', async () => {
    const office = await createOffice();
    const before = await snapshot(office.organizationId);
    const response = await batch(people.admin, office.floorId, {
      update: [
        { id: office.deskIds[0], amenities: ['monitor'], positionX: 700, positionY: 700 },
        { id: office.deskIds[1], amenities: ['hammock'] },
      ],
      delete: [office.deskIds[2]],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^hammock is not one of the organization's amenities/);
    expect(await snapshot(office.organizationId)).toEqual(before);
  });

  it.each([
    ['an empty batch', {}, 'Request body: Send at least one desk to update or delete'],
    ['a desk twice', 'twice', 'A desk appears twice in update (update)'],
    ['a desk updated and deleted', 'both', 'A desk cannot be both updated and deleted (delete)'],
    ['an update without a change', 'nothing', 'Each desk to update needs something to change (update.0)'],
    ['a move with one coordinate', 'half', 'Send positionX and positionY together (update.0)'],
    ['a name, which changes one desk at a time', 'name', /name/],
    ['update as an object', { update: {} }, 'update must be a list of desks (update)'],
    ['an unknown field', { update: [], delete: [], floorId: 'x' }, /floorId/],
  ])('refuses %s with 400', async (_label, shape, message) => {
    const office = await createOffice(2);
    const [id, other] = office.deskIds as [string, string];
    const bodies: Record<string, unknown> = {
      twice: {
        update: [
          { id, rotation: 15 },
          { id, rotation: 30 },
        ],
      },
      both: { update: [{ id, rotation: 15 }], delete: [id, other] },
      nothing: { update: [{ id }] },
      half: { update: [{ id, positionX: 10 }] },
      name: { update: [{ id, name: 'New' }] },
    };
    const before = await snapshot(office.organizationId);
    const response = await batch(people.admin, office.floorId, typeof shape === 'string' ? bodies[shape] : shape);
    expectRefusal(response, 400, message);
    expect(await snapshot(office.organizationId)).toEqual(before);
  });

  it('answers 403 to a member, 404 to an outsider and for an unknown floor, 422 when the subscription has lapsed', async () => {
    const office = await createOffice();
    const body = { delete: [office.deskIds[0]] };
    const before = await snapshot(office.organizationId);
    expect((await batch(people.member, office.floorId, body)).status).toBe(403);
    expect((await batch(people.outsider, office.floorId, body)).status).toBe(404);
    expect((await batch(people.admin, randomUUID(), body)).status).toBe(404);
    expect((await batch(testApp.client(), office.floorId, body)).status).toBe(401);
    await cancelSubscription(testApp, office.organizationId);
    expect((await batch(people.admin, office.floorId, body)).status).toBe(422);
    expect(await snapshot(office.organizationId)).toEqual(before);
  });
});

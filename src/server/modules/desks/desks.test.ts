import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelSubscription, startTestAppForFile, type TestClient } from '#test-support/harness.ts';
import { createOffice as createOfficeOf, type Office, officePeopleForFile, postDesk } from '#test-support/office.ts';

const testApp = startTestAppForFile();
// People shared by the file's tests (argon2 is slow on purpose); every test makes its own organizations.
const people = officePeopleForFile(testApp);

/** A new organization of `owner` with its 'Floor 1'; the shared member joins it as a plain member. */
const createOffice = (owner: TestClient = people.admin): Promise<Office> =>
  createOfficeOf(testApp, owner, people.memberId);

async function addFloor(organizationId: string, name: string): Promise<string> {
  const response = await people.admin.post(`/api/organizations/${organizationId}/floors`, { name });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function addDesk(office: Office, body: Record<string, unknown> = {}, client: TestClient = people.admin) {
  return postDesk(client, office, {
    name: 'D01',
    description: 'New desk',
    positionX: '100',
    positionY: '200',
    width: '120',
    height: '80',
    ...body,
  });
}

async function countDesks(organizationId: string): Promise<number> {
  const [row] = await testApp.database.sql.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM desks WHERE organization_id = $1',
    [organizationId],
  );
  return row!.count;
}

describe('adding a desk', () => {
  it('answers 201 with the desk, its geometry as numeric strings and its floor', async () => {
    const office = await createOffice();
    const response = await addDesk(office, { name: ' D01 ', positionX: '100.5', positionY: 200, rotation: '90' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationId: office.organizationId,
      floorId: office.floorId,
      floor: { id: office.floorId, name: 'Floor 1' },
      name: 'D01',
      description: 'New desk',
      amenities: [],
      bookable: true,
      unavailableReason: null,
      neighbourhoodId: null,
      positionX: '100.5',
      positionY: '200',
      width: '120',
      height: '80',
      rotation: '90',
    });
  });

  it("gives a desk sent without size, description or rotation the spec's defaults", async () => {
    const office = await createOffice();
    const response = await postDesk(people.admin, office, { name: 'D01', positionX: 10, positionY: 20 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ description: 'New desk', width: '120', height: '80', rotation: '0' });
  });

  it.each([
    ['left of and above the canvas', { positionX: -50, positionY: '-20' }, { positionX: '0', positionY: '0' }],
    ['beyond the canvas', { positionX: 5000, positionY: 5000 }, { positionX: '1800', positionY: '1000' }],
    [
      'a larger desk beyond the canvas',
      { positionX: '1900', positionY: '1070', width: 200, height: 100 },
      { positionX: '1720', positionY: '980' },
    ],
  ])('keeps a desk placed %s wholly on the canvas', async (_label, body, expected) => {
    const office = await createOffice();
    const response = await addDesk(office, body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject(expected);
  });

  it.each([
    [375, '15'],
    ['-15', '345'],
    [720, '0'],
  ])('normalises a rotation of %s degrees to %s', async (rotation, expected) => {
    const office = await createOffice();
    expect((await addDesk(office, { rotation })).body.rotation).toBe(expected);
  });

  it.each([
    ['a missing name', { name: undefined }, 'Desk name is required (name)'],
    ['an empty name', { name: '  ' }, 'Desk name is required (name)'],
    ['a name of 41 characters', { name: 'D'.repeat(41) }, 'Desk name must be at most 40 characters (name)'],
    ['a missing floor', { floorId: undefined }, 'Please select a floor before adding desks (floorId)'],
    ['a floor id that is a number', { floorId: 7 }, 'Please select a floor before adding desks (floorId)'],
    ['a word as positionX', { positionX: 'left' }, 'Position X must be a number (positionX)'],
    ['NaN as positionY', { positionY: 'NaN' }, 'Position Y must be a number (positionY)'],
    ['Infinity as positionX', { positionX: 'Infinity' }, 'Position X must be a number (positionX)'],
    ['an exponent as positionX', { positionX: '1e3' }, 'Position X must be a number (positionX)'],
    ['a missing positionX', { positionX: undefined }, 'Position X must be a number (positionX)'],
    ['null as positionY', { positionY: null }, 'Position Y must be a number (positionY)'],
    ['an array as positionX', { positionX: [1] }, 'Position X must be a number (positionX)'],
    ['a huge positionX', { positionX: 1e300 }, 'Position X must be at most 100000 (positionX)'],
    ['a huge negative positionY', { positionY: '-99999999999' }, 'Position Y must be at least -100000 (positionY)'],
    ['a zero width', { width: 0 }, 'Width must be at least 1 (width)'],
    ['a width wider than the canvas', { width: 1921 }, 'Width must be at most 1920 (width)'],
    ['a height taller than the canvas', { height: '1081' }, 'Height must be at most 1080 (height)'],
    ['a rotation as a word', { rotation: 'right' }, 'Rotation must be a number (rotation)'],
    ['a huge rotation', { rotation: 1e20 }, 'Rotation must be at most 100000 (rotation)'],
    [
      'a description of 501 characters',
      { description: 'x'.repeat(501) },
      'Description must be at most 500 characters (description)',
    ],
    ['an object as description', { description: { text: 'x' } }, undefined],
    ['a NUL character in the description', { description: 'a\u0000b' }, undefined],
  ])('refuses %s with 400 and creates nothing', async (_label, body, message) => {
    const office = await createOffice();
    const response = await addDesk(office, body);
    expect(response.status).toBe(400);
    if (message) expect(response.body.message).toBe(message);
    else expect(response.body.message).toEqual(expect.any(String));
    expect(await countDesks(office.organizationId)).toBe(0);
  });

  it('refuses an unknown field with 400 naming it, so a client cannot choose the organization', async () => {
    const office = await createOffice();
    const response = await addDesk(office, { organizationId: randomUUID() });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/organizationId/);
    expect(await countDesks(office.organizationId)).toBe(0);
  });

  it("answers 404 'Floor not found.' for another organization's floor, an unknown floor or a floor id that is not a uuid", async () => {
    const office = await createOffice();
    const elsewhere = await createOffice(people.outsider);
    for (const floorId of [elsewhere.floorId, randomUUID(), 'floor-1']) {
      const response = await addDesk(office, { floorId });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Floor not found.' });
    }
    expect(await countDesks(office.organizationId)).toBe(0);
    expect(await countDesks(elsewhere.organizationId)).toBe(0);
  });

  it('answers 403 to a member who is not an admin', async () => {
    const office = await createOffice();
    expect((await addDesk(office, {}, people.member)).status).toBe(403);
    expect(await countDesks(office.organizationId)).toBe(0);
  });

  it("answers 422 'Subscribe to edit floor plans' when the subscription is cancelled", async () => {
    const office = await createOffice();
    await cancelSubscription(testApp, office.organizationId);
    const response = await addDesk(office);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: 'Subscribe to edit floor plans' });
    expect(await countDesks(office.organizationId)).toBe(0);
  });

  it('answers 404 to an admin of another organization and 401 when signed out', async () => {
    const office = await createOffice();
    await createOffice(people.outsider);
    expect((await addDesk(office, {}, people.outsider)).status).toBe(404);
    expect((await addDesk(office, {}, testApp.client())).status).toBe(401);
    expect(await countDesks(office.organizationId)).toBe(0);
  });
});

describe('listing desks', () => {
  it('lists every desk of the organization with its floor, and only those of the asked floor per floor', async () => {
    const office = await createOffice();
    const annexId = await addFloor(office.organizationId, 'Annex');
    const first = (await addDesk(office, { name: 'D01' })).body;
    const second = (await addDesk(office, { name: 'D02', floorId: annexId })).body;
    const third = (await addDesk(office, { name: 'D03' })).body;
    await addDesk(await createOffice(), { name: 'Elsewhere' });

    const all = await people.member.get(`/api/organizations/${office.organizationId}/desks`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([first, third, second]);
    expect(second.floor).toEqual({ id: annexId, name: 'Annex' });

    const ground = await people.member.get(`/api/floors/${office.floorId}/desks`);
    expect(ground.status).toBe(200);
    expect(ground.body).toEqual([first, third]);
    expect((await people.member.get(`/api/floors/${annexId}/desks`)).body).toEqual([second]);
  });

  it('answers an empty list for a floor or an organization without desks', async () => {
    const office = await createOffice();
    expect((await people.member.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([]);
    expect((await people.member.get(`/api/organizations/${office.organizationId}/desks`)).body).toEqual([]);
  });

  it("answers the same 404 for another organization's floor or desks, unknown ids and ids that are not uuids", async () => {
    const office = await createOffice();
    await addDesk(office);
    const floorOfOtherTenant = await people.outsider.get(`/api/floors/${office.floorId}/desks`);
    expect(floorOfOtherTenant.status).toBe(404);
    expect(floorOfOtherTenant.text).not.toContain('D01');
    expect((await people.outsider.get(`/api/floors/${randomUUID()}/desks`)).body).toEqual(floorOfOtherTenant.body);
    expect((await people.outsider.get('/api/floors/1/desks')).body).toEqual(floorOfOtherTenant.body);

    const organizationOfOtherTenant = await people.outsider.get(`/api/organizations/${office.organizationId}/desks`);
    expect(organizationOfOtherTenant.status).toBe(404);
    expect(organizationOfOtherTenant.text).not.toContain('D01');
    expect((await people.outsider.get(`/api/organizations/${randomUUID()}/desks`)).status).toBe(404);
    expect((await people.outsider.get('/api/organizations/x/desks')).status).toBe(404);
  });

  it('keeps any text of names and descriptions intact in the list', async () => {
    const office = await createOffice();
    const name = 'Desk "A" \\ ü 🪑';
    const description = '</script> \u2028 Ω "quoted"';
    const desk = (await addDesk(office, { name, description })).body;
    expect(desk).toMatchObject({ name, description });
    expect((await people.member.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([desk]);
    expect((await people.member.get(`/api/organizations/${office.organizationId}/desks`)).body).toEqual([desk]);
  });

  it('shows desks changed in the database by anyone else, such as another server instance, on the next read', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office, { name: 'D01' })).body;
    const path = `/api/floors/${office.floorId}/desks`;
    expect((await people.member.get(path)).body).toEqual([desk]);

    await testApp.database.sql.query('UPDATE desks SET position_x = 555, rotation = 45 WHERE id = $1', [desk.id]);
    const moved = { ...desk, positionX: '555', rotation: '45' };
    expect((await people.member.get(path)).body).toEqual([moved]);

    await testApp.database.sql.query(
      `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
       VALUES ($1, $2, 'D02', 1, 2, 3, 4)`,
      [office.organizationId, office.floorId],
    );
    expect((await people.member.get(path)).body.map((listed: { name: string }) => listed.name)).toEqual(['D01', 'D02']);

    await testApp.database.sql.query("DELETE FROM desks WHERE name = 'D02' AND floor_id = $1", [office.floorId]);
    expect((await people.member.get(path)).body).toEqual([moved]);

    await testApp.database.sql.query("UPDATE floors SET name = 'Ground floor' WHERE id = $1", [office.floorId]);
    expect((await people.member.get(path)).body).toEqual([
      { ...moved, floor: { id: office.floorId, name: 'Ground floor' } },
    ]);
  });

  it('answers 401 when signed out', async () => {
    const office = await createOffice();
    expect((await testApp.client().get(`/api/floors/${office.floorId}/desks`)).status).toBe(401);
    expect((await testApp.client().get(`/api/organizations/${office.organizationId}/desks`)).status).toBe(401);
  });
});

describe('moving and rotating a desk', () => {
  it('moves a desk and answers it, kept on the canvas by its own size', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office, { width: 200, height: 100 })).body;
    const moved = await people.admin.request('PUT', `/api/desks/${desk.id}`, { positionX: '300.25', positionY: '400' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ ...desk, positionX: '300.25', positionY: '400' });
    const beyond = await people.admin.request('PUT', `/api/desks/${desk.id}`, { positionX: 5000, positionY: -5 });
    expect(beyond.body).toMatchObject({ positionX: '1720', positionY: '0', rotation: '0' });
    expect((await people.member.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([beyond.body]);
  });

  it('rotates a desk, normalising the angle, without moving it', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    const rotated = await people.admin.request('PUT', `/api/desks/${desk.id}`, { rotation: '-15' });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ ...desk, rotation: '345' });
    expect((await people.admin.request('PUT', `/api/desks/${desk.id}`, { rotation: 360 })).body.rotation).toBe('0');
  });

  it('moves and rotates in one request', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    const response = await people.admin.request('PUT', `/api/desks/${desk.id}`, {
      positionX: 10,
      positionY: 20,
      rotation: 30,
    });
    expect(response.body).toMatchObject({ positionX: '10', positionY: '20', rotation: '30' });
  });

  it.each([
    ['an empty body', {}, 'Send what to change: name, description, amenities, bookable, unavailableReason'],
    ['positionX alone', { positionX: 10 }, 'Send positionX and positionY together'],
    ['positionY alone with a rotation', { positionY: 10, rotation: 15 }, 'Send positionX and positionY together'],
    ['a word as positionX', { positionX: 'ten', positionY: 10 }, 'Position X must be a number (positionX)'],
    ['NaN as rotation', { rotation: 'NaN' }, 'Rotation must be a number (rotation)'],
    ['a huge positionY', { positionX: 1, positionY: 1e12 }, 'Position Y must be at most 100000 (positionY)'],
    ['a boolean rotation', { rotation: false }, 'Rotation must be a number (rotation)'],
    ['an unknown field', { rotation: 15, width: 300 }, undefined],
    ['a new floor', { rotation: 15, floorId: randomUUID() }, undefined],
  ])('refuses %s with 400 and leaves the desk as it was', async (_label, body, message) => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    const response = await people.admin.request('PUT', `/api/desks/${desk.id}`, body);
    expect(response.status).toBe(400);
    if (message) expect(response.body.message).toMatch(message);
    else expect(response.body.message).toEqual(expect.any(String));
    expect((await people.admin.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([desk]);
  });

  it('answers 403 to a member, and 422 when the subscription is cancelled', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    expect((await people.member.request('PUT', `/api/desks/${desk.id}`, { rotation: 15 })).status).toBe(403);
    await cancelSubscription(testApp, office.organizationId);
    const lapsed = await people.admin.request('PUT', `/api/desks/${desk.id}`, { rotation: 15 });
    expect(lapsed.status).toBe(422);
    expect(lapsed.body.message).toBe('Subscribe to edit floor plans');
    expect((await people.admin.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([desk]);
  });

  it("answers the same 404 for another organization's desk, an unknown desk and an id that is not a uuid", async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    await createOffice(people.outsider);
    const otherTenant = await people.outsider.request('PUT', `/api/desks/${desk.id}`, { rotation: 15 });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body).toEqual({ message: 'Desk not found.' });
    expect((await people.admin.request('PUT', `/api/desks/${randomUUID()}`, { rotation: 15 })).body).toEqual(
      otherTenant.body,
    );
    expect((await people.admin.request('PUT', '/api/desks/D01', { rotation: 15 })).body).toEqual(otherTenant.body);
    expect((await people.admin.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([desk]);
  });

  it('answers 401 when signed out', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    expect((await testApp.client().request('PUT', `/api/desks/${desk.id}`, { rotation: 15 })).status).toBe(401);
  });
});

describe('deleting a desk', () => {
  it("deletes the desk and answers 200 'Desk deleted.'; a second delete answers 404", async () => {
    const office = await createOffice();
    const kept = (await addDesk(office, { name: 'D01' })).body;
    const desk = (await addDesk(office, { name: 'D02' })).body;
    const response = await people.admin.request('DELETE', `/api/desks/${desk.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Desk deleted.' });
    expect((await people.member.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([kept]);
    expect((await people.admin.request('DELETE', `/api/desks/${desk.id}`)).status).toBe(404);
  });

  it('answers 403 to a member and 422 when the subscription is cancelled, and keeps the desk', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    expect((await people.member.request('DELETE', `/api/desks/${desk.id}`)).status).toBe(403);
    await cancelSubscription(testApp, office.organizationId);
    const lapsed = await people.admin.request('DELETE', `/api/desks/${desk.id}`);
    expect(lapsed.status).toBe(422);
    expect(lapsed.body.message).toBe('Subscribe to edit floor plans');
    expect(await countDesks(office.organizationId)).toBe(1);
  });

  it("answers 404 for another organization's desk, an unknown desk and an id that is not a uuid", async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    await createOffice(people.outsider);
    expect((await people.outsider.request('DELETE', `/api/desks/${desk.id}`)).status).toBe(404);
    expect((await people.admin.request('DELETE', `/api/desks/${randomUUID()}`)).status).toBe(404);
    expect((await people.admin.request('DELETE', '/api/desks/%27%20OR%201=1')).status).toBe(404);
    expect(await countDesks(office.organizationId)).toBe(1);
  });

  it('answers 401 when signed out', async () => {
    const office = await createOffice();
    const desk = (await addDesk(office)).body;
    expect((await testApp.client().request('DELETE', `/api/desks/${desk.id}`)).status).toBe(401);
    expect(await countDesks(office.organizationId)).toBe(1);
  });
});

describe('deleting all desks', () => {
  it("deletes every desk of the organization on every floor, and no one else's", async () => {
    const office = await createOffice();
    const annexId = await addFloor(office.organizationId, 'Annex');
    await addDesk(office, { name: 'D01' });
    await addDesk(office, { name: 'D02' });
    await addDesk(office, { name: 'D03', floorId: annexId });
    const elsewhere = await createOffice(people.outsider);
    await addDesk(elsewhere, {}, people.outsider);

    expect((await people.admin.get(`/api/floors/${office.floorId}/desks`)).body).toHaveLength(2);
    expect((await people.admin.get(`/api/floors/${annexId}/desks`)).body).toHaveLength(1);

    const response = await people.admin.request('DELETE', `/api/organizations/${office.organizationId}/desks`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Deleted 3 desks.', deletedCount: 3 });
    expect((await people.admin.get(`/api/organizations/${office.organizationId}/desks`)).body).toEqual([]);
    expect((await people.admin.get(`/api/floors/${office.floorId}/desks`)).body).toEqual([]);
    expect((await people.admin.get(`/api/floors/${annexId}/desks`)).body).toEqual([]);
    expect(await countDesks(elsewhere.organizationId)).toBe(1);
  });

  it("answers 200 with deletedCount 0 and 'No desks to delete.' when there are none", async () => {
    const office = await createOffice();
    const response = await people.admin.request('DELETE', `/api/organizations/${office.organizationId}/desks`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'No desks to delete.', deletedCount: 0 });
  });

  it('answers 403 to a member, 422 when the subscription is cancelled and 404 to a non-member', async () => {
    const office = await createOffice();
    await addDesk(office);
    const path = `/api/organizations/${office.organizationId}/desks`;
    expect((await people.member.request('DELETE', path)).status).toBe(403);
    expect((await people.outsider.request('DELETE', path)).status).toBe(404);
    expect((await people.admin.request('DELETE', '/api/organizations/not-a-uuid/desks')).status).toBe(404);
    await cancelSubscription(testApp, office.organizationId);
    const lapsed = await people.admin.request('DELETE', path);
    expect(lapsed.status).toBe(422);
    expect(lapsed.body.message).toBe('Subscribe to edit floor plans');
    expect(await countDesks(office.organizationId)).toBe(1);
  });

  it('answers 401 when signed out', async () => {
    const office = await createOffice();
    await addDesk(office);
    expect((await testApp.client().request('DELETE', `/api/organizations/${office.organizationId}/desks`)).status).toBe(
      401,
    );
    expect(await countDesks(office.organizationId)).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deskListSchema } from '#domain/floor-plan.ts';
import { cancelSubscription, expectRefusal, startTestAppForFile, type TestClient } from '#test-support/harness.ts';
import { createOffice as createOfficeOf, type Office, officePeopleForFile, postDesk } from '#test-support/office.ts';

const testApp = startTestAppForFile();
// People shared by the file's tests (argon2 is slow on purpose); every test makes its own organizations.
const people = officePeopleForFile(testApp);

const createOffice = (owner: TestClient = people.admin): Promise<Office> =>
  createOfficeOf(testApp, owner, people.memberId);

async function addDesk(office: Office, name: string, floorId = office.floorId) {
  const response = await postDesk(people.admin, office, { name, positionX: 100, positionY: 100, floorId });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const put = (client: TestClient, deskId: string, body: unknown) => client.request('PUT', `/api/desks/${deskId}`, body);

async function deskRow(deskId: string) {
  const [row] = await testApp.database.sql.query<Record<string, unknown>>(
    'SELECT name, description, amenities, bookable, unavailable_reason FROM desks WHERE id = $1',
    [deskId],
  );
  return row;
}

async function auditEvents(organizationId: string, action: string) {
  return testApp.database.sql.query<{ details: Record<string, unknown> }>(
    'SELECT details FROM audit_events WHERE organization_id = $1 AND action = $2 ORDER BY id',
    [organizationId, action],
  );
}

describe('a new desk', () => {
  it('starts bookable, with no amenities and no reason, as before', async () => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    expect(desk).toMatchObject({ description: 'New desk', amenities: [], bookable: true, unavailableReason: null });
  });

  it('cannot take a name already on its floor, whatever its case, but may take one used on another floor', async () => {
    const office = await createOffice();
    await addDesk(office, 'Window');
    const clash = await postDesk(people.admin, office, { name: 'WINDOW', positionX: 1, positionY: 1 });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: 'A desk named WINDOW is already on this floor.' });
    const annex = await people.admin.post(`/api/organizations/${office.organizationId}/floors`, { name: 'Annex' });
    await addDesk(office, 'Window', annex.body.id);
  });
});

describe('changing a desk’s properties', () => {
  it('renames, describes, tags and takes a desk out of service, and every desk read shows it', async () => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    const response = await put(people.admin, desk.id, {
      name: '  Window seat ',
      description: 'By the south window, next to the printer.',
      amenities: ['Window', 'monitor'],
      bookable: false,
      unavailableReason: ' Chair broken ',
    });
    expect(response.status, response.text).toBe(200);
    const expected = {
      ...desk,
      name: 'Window seat',
      description: 'By the south window, next to the printer.',
      // The organization's spelling and order: monitor comes before window on its list.
      amenities: ['monitor', 'window'],
      bookable: false,
      unavailableReason: 'Chair broken',
    };
    expect(response.body).toEqual(expected);
    const floorList = await people.member.get(`/api/floors/${office.floorId}/desks`);
    expect(floorList.body).toEqual([expected]);
    expect(deskListSchema.parse(floorList.body)).toEqual([expected]);
    expect((await people.member.get(`/api/organizations/${office.organizationId}/desks`)).body).toEqual([expected]);
  });

  it('clears the reason when the desk becomes bookable again, and keeps it while it stays out of service', async () => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    await put(people.admin, desk.id, { bookable: false, unavailableReason: 'Being repaired' });
    expect((await put(people.admin, desk.id, { rotation: 90 })).body).toMatchObject({
      bookable: false,
      unavailableReason: 'Being repaired',
    });
    expect((await put(people.admin, desk.id, { bookable: true })).body).toMatchObject({
      bookable: true,
      unavailableReason: null,
    });
    // A reason sent for a bookable desk is not kept: members would never see it.
    expect((await put(people.admin, desk.id, { unavailableReason: 'Ignored' })).body.unavailableReason).toBeNull();
    expect((await put(people.admin, desk.id, { bookable: false, unavailableReason: '  ' })).body).toMatchObject({
      bookable: false,
      unavailableReason: null,
    });
  });

  it('clears a description sent as null or blank, and keeps the rest as it was', async () => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    await put(people.admin, desk.id, { amenities: ['quiet'] });
    expect((await put(people.admin, desk.id, { description: null })).body).toMatchObject({
      description: null,
      amenities: ['quiet'],
    });
    await put(people.admin, desk.id, { description: 'Corner' });
    expect((await put(people.admin, desk.id, { description: '   ' })).body.description).toBeNull();
  });

  it.each([
    ['a blank name', { name: '  ' }, 'Desk name is required (name)'],
    ['a name of 41 characters', { name: 'x'.repeat(41) }, 'Desk name must be at most 40 characters (name)'],
    ['a name with a control character', { name: 'D\u000701' }, /not allowed \(name\)/],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, /at most 500 characters \(description\)/],
    [
      'a reason of 201 characters',
      { unavailableReason: 'x'.repeat(201) },
      /at most 200 characters \(unavailableReason\)/,
    ],
    ['bookable as a word', { bookable: 'no' }, 'bookable must be true or false (bookable)'],
    ['amenities as a string', { amenities: 'monitor' }, 'amenities must be a list of tags (amenities)'],
    ['a tag twice', { amenities: ['monitor', 'Monitor'] }, /Monitor is listed twice/],
    ['21 tags', { amenities: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /at most 20 amenities/],
    ['a blank tag', { amenities: [' '] }, /An amenity cannot be blank/],
    [
      'a tag the organization does not keep',
      { amenities: ['monitor', 'sofa'] },
      "sofa is not one of the organization's amenities. An admin can add it to the list first. (amenities)",
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    const before = await deskRow(desk.id);
    const response = await put(people.admin, desk.id, body);
    expectRefusal(response, 400, message);
    expect(await deskRow(desk.id)).toEqual(before);
  });

  it("answers 409 naming the desk when the name is another desk's on the floor, whatever its case", async () => {
    const office = await createOffice();
    await addDesk(office, 'D01');
    const second = await addDesk(office, 'D02');
    const response = await put(people.admin, second.id, { name: 'd01' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'A desk named d01 is already on this floor.' });
    expect((await deskRow(second.id))?.name).toBe('D02');
    // Its own name in another case is a rename, not a clash.
    expect((await put(people.admin, second.id, { name: 'd02' })).body.name).toBe('d02');
  });

  it('lets exactly one of two concurrent renames to the same name win', async () => {
    const office = await createOffice();
    const first = await addDesk(office, 'D01');
    const second = await addDesk(office, 'D02');
    const answers = await Promise.all([
      put(people.admin, first.id, { name: 'Corner' }),
      put(people.admin, second.id, { name: 'corner' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [row] = await testApp.database.sql.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM desks WHERE floor_id = $1 AND lower(name) = 'corner'",
      [office.floorId],
    );
    expect(row?.count).toBe(1);
  });

  it('records a property change in the audit log, and a move alone not at all', async () => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    await put(people.admin, desk.id, { positionX: 300, positionY: 300 });
    expect(await auditEvents(office.organizationId, 'desk.updated')).toEqual([]);
    await put(people.admin, desk.id, { name: 'D09', bookable: false, unavailableReason: 'Chair broken' });
    const [event] = await auditEvents(office.organizationId, 'desk.updated');
    expect(event?.details).toEqual({
      name: 'D09',
      floorName: 'Floor 1',
      changes: {
        name: { from: 'D01', to: 'D09' },
        bookable: { from: true, to: false, reason: 'Chair broken' },
      },
    });
  });

  it('answers 403 to a member, 404 to an outsider and 422 when the subscription has lapsed, changing nothing', async () => {
    const office = await createOffice();
    const desk = await addDesk(office, 'D01');
    const before = await deskRow(desk.id);
    expect((await put(people.member, desk.id, { name: 'Mine' })).status).toBe(403);
    expect((await put(people.outsider, desk.id, { name: 'Mine' })).status).toBe(404);
    expect((await put(people.admin, randomUUID(), { name: 'Mine' })).status).toBe(404);
    await cancelSubscription(testApp, office.organizationId);
    expect((await put(people.admin, desk.id, { name: 'Mine' })).status).toBe(422);
    expect(await deskRow(desk.id)).toEqual(before);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maxNeighbourhoodsPerFloor, teamMessages } from '#domain/neighbourhoods.ts';
import { addDesks, addFloor, addMember, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { insertTeam } from '#test-support/neighbourhoods.ts';

// Neighbourhoods (issue 29): an admin groups desks of a floor, kept for teams on some weekdays; members read them and
// each desk's neighbourhoodId. What booking one does is in ../bookings/neighbourhood-rules.test.ts.
const testApp = startTestAppForFile();

type Client = TestOrganization['admin']['client'];
const create = (client: Client, floorId: string, body: Record<string, unknown>) =>
  client.post(`/api/floors/${floorId}/neighbourhoods`, body);
const list = (client: Client, floorId: string) => client.get(`/api/floors/${floorId}/neighbourhoods`);
const put = (client: Client, id: string, body: Record<string, unknown>) =>
  client.request('PUT', `/api/neighbourhoods/${id}`, body);
const remove = (client: Client, id: string) => client.request('DELETE', `/api/neighbourhoods/${id}`);
const desksOf = async (client: Client, floorId: string) =>
  (await client.get(`/api/floors/${floorId}/desks`)).body as Array<{ id: string; neighbourhoodId: string | null }>;
/** Each desk's neighbourhoodId as the floor's desk read gives it, in the order of `deskIds`. */
const neighbourhoodsOfDesks = async (client: Client, floorId: string, deskIds: readonly (string | undefined)[]) => {
  const byId = new Map((await desksOf(client, floorId)).map((desk) => [desk.id, desk.neighbourhoodId]));
  return deskIds.map((id) => byId.get(id ?? ''));
};
const auditOf = (organizationId: string, action: string) =>
  testApp.database.sql.query<{ target_id: string; details: Record<string, unknown> }>(
    'SELECT target_id, details FROM audit_events WHERE organization_id = $1 AND action = $2 ORDER BY id',
    [organizationId, action],
  );
const revisionOf = async (floorId: string) =>
  (
    await testApp.database.sql.query<{ revision: string }>(
      'SELECT desks_revision::text AS revision FROM floors WHERE id = $1',
      [floorId],
    )
  )[0]?.revision;

describe('making and reading neighbourhoods', () => {
  it('makes a neighbourhood of desks kept for teams on weekdays, lists it for every member, and audits it', async () => {
    const organization = await createOrganization(testApp, { deskCount: 4 });
    const member = await addMember(testApp, organization.id);
    const design = await insertTeam(testApp, organization.id, 'Design');
    const [d1, d2] = organization.desks;
    const response = await create(organization.admin.client, organization.floorId, {
      name: '  Windows ',
      colour: '#059669',
      deskIds: [d2, d1, d1],
      teamIds: [design],
      weekdays: [4, 2, 2],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      floorId: organization.floorId,
      name: 'Windows',
      colour: '#059669',
      deskIds: expect.arrayContaining([d1, d2]),
      teamIds: [design],
      weekdays: [2, 4],
    });
    expect(response.body.deskIds).toHaveLength(2);
    const read = await list(member.client, organization.floorId);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([response.body]);
    expect(await neighbourhoodsOfDesks(member.client, organization.floorId, organization.desks)).toEqual([
      response.body.id,
      response.body.id,
      null,
      null,
    ]);
    expect(await auditOf(organization.id, 'neighbourhood.created')).toEqual([
      {
        target_id: response.body.id,
        details: { name: 'Windows', floor: 'Floor 1', desks: 2, teams: ['Design'], weekdays: [2, 4] },
      },
    ]);
  });

  it('defaults to the first colour, no desks, open to all on every day', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const response = await create(organization.admin.client, organization.floorId, { name: 'Quiet' });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ colour: '#2563eb', deskIds: [], teamIds: [], weekdays: [] });
  });

  it('moves a desk named by a new neighbourhood out of the one it was in, and renews the floor’s desk list', async () => {
    const organization = await createOrganization(testApp, { deskCount: 3 });
    const admin = organization.admin.client;
    const [d1, d2, d3] = organization.desks;
    const first = (await create(admin, organization.floorId, { name: 'North', deskIds: [d1, d2] })).body;
    await desksOf(admin, organization.floorId); // cached at this revision
    const revision = await revisionOf(organization.floorId);
    const second = await create(admin, organization.floorId, { name: 'South', deskIds: [d2, d3] });
    expect(second.status).toBe(201);
    expect(await revisionOf(organization.floorId)).not.toBe(revision);
    expect(await neighbourhoodsOfDesks(admin, organization.floorId, [d1, d2, d3])).toEqual([
      first.id,
      second.body.id,
      second.body.id,
    ]);
    const [north, south] = (await list(admin, organization.floorId)).body;
    expect(north.deskIds).toEqual([d1]);
    expect([...south.deskIds].sort()).toEqual([d2, d3].sort());
  });

  it('changes any field with PUT, the lists replacing the old ones, and audits what changed', async () => {
    const organization = await createOrganization(testApp, { deskCount: 3 });
    const admin = organization.admin.client;
    const [d1, d2, d3] = organization.desks;
    const [design, finance] = [
      await insertTeam(testApp, organization.id, 'Design'),
      await insertTeam(testApp, organization.id, 'Finance'),
    ];
    const made = (await create(admin, organization.floorId, { name: 'North', deskIds: [d1, d2], teamIds: [design] }))
      .body;
    const response = await put(admin, made.id, {
      name: 'North wing',
      colour: '#DC2626',
      deskIds: [d3],
      teamIds: [finance, design],
      weekdays: [5],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      name: 'North wing',
      colour: '#dc2626',
      deskIds: [d3],
      teamIds: [design, finance].sort(),
      weekdays: [5],
    });
    expect(await neighbourhoodsOfDesks(admin, organization.floorId, [d1, d2, d3])).toEqual([null, null, made.id]);
    const renamedOnly = await put(admin, made.id, { name: 'North' });
    expect(renamedOnly.body).toMatchObject({ deskIds: [d3], weekdays: [5] });
    expect((await auditOf(organization.id, 'neighbourhood.updated')).map((row) => row.details)).toEqual([
      {
        name: 'North wing',
        changes: {
          name: { from: 'North', to: 'North wing' },
          colour: { from: '#2563eb', to: '#dc2626' },
          weekdays: { from: [], to: [5] },
          desks: { from: 2, to: 1 },
          teams: { from: 1, to: 2 },
        },
      },
      { name: 'North', changes: { name: { from: 'North wing', to: 'North' } } },
    ]);
  });

  it('deletes a neighbourhood, leaving its desks in none, and audits it', async () => {
    const organization = await createOrganization(testApp, { deskCount: 2 });
    const admin = organization.admin.client;
    const made = (await create(admin, organization.floorId, { name: 'North', deskIds: organization.desks })).body;
    await desksOf(admin, organization.floorId);
    const revision = await revisionOf(organization.floorId);
    const response = await remove(admin, made.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: 'North was deleted.' });
    expect(await revisionOf(organization.floorId)).not.toBe(revision);
    expect((await desksOf(admin, organization.floorId)).map((desk) => desk.neighbourhoodId)).toEqual([null, null]);
    expect((await list(admin, organization.floorId)).body).toEqual([]);
    expect((await auditOf(organization.id, 'neighbourhood.deleted')).map((row) => row.details)).toEqual([
      { name: 'North', desks: 2 },
    ]);
    expect((await remove(admin, made.id)).status).toBe(404);
  });
});

describe('what a neighbourhood refuses', () => {
  it('refuses desks of another floor or another organization with 422 and writes nothing', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const other = await createOrganization(testApp, { deskCount: 1 });
    const secondFloor = await addFloor(testApp, organization.id, 'Floor 2');
    const [upstairs] = await addDesks(testApp, organization.id, secondFloor, 1, 'U');
    for (const deskIds of [[organization.desks[0], upstairs], [other.desks[0]], [randomUUID()], ['not-a-desk']]) {
      const response = await create(organization.admin.client, organization.floorId, { name: 'North', deskIds });
      expect(response.status, response.text).toBe(422);
      expect(response.body.message).toBe(teamMessages.desksNotOnFloor);
    }
    expect((await list(organization.admin.client, organization.floorId)).body).toEqual([]);
    expect((await desksOf(organization.admin.client, organization.floorId))[0]?.neighbourhoodId).toBeNull();
  });

  it('refuses teams of another organization or unknown ones with 422, on POST and PUT', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const other = await createOrganization(testApp, { deskCount: 1 });
    const foreign = await insertTeam(testApp, other.id, 'Spies');
    for (const teamIds of [[foreign], [randomUUID()], ['x']]) {
      const response = await create(organization.admin.client, organization.floorId, { name: 'North', teamIds });
      expect(response.status, response.text).toBe(422);
      expect(response.body.message).toBe(teamMessages.teamsNotFound);
    }
    const made = (await create(organization.admin.client, organization.floorId, { name: 'North' })).body;
    const response = await put(organization.admin.client, made.id, { teamIds: [foreign], name: 'Renamed' });
    expect(response.status).toBe(422);
    expect((await list(organization.admin.client, organization.floorId)).body[0]).toMatchObject({
      name: 'North',
      teamIds: [],
    });
  });

  it('answers 409 for a name the floor already has, whatever its case, also when two admins race', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const admin = organization.admin.client;
    expect((await create(admin, organization.floorId, { name: 'North' })).status).toBe(201);
    const taken = await create(admin, organization.floorId, { name: 'NORTH' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(teamMessages.neighbourhoodNameTaken('NORTH'));
    const south = (await create(admin, organization.floorId, { name: 'South' })).body;
    expect((await put(admin, south.id, { name: 'north' })).status).toBe(409);
    // Another floor may use the name.
    const secondFloor = await addFloor(testApp, organization.id, 'Floor 2');
    expect((await create(admin, secondFloor, { name: 'North' })).status).toBe(201);

    const racers = await Promise.all(
      Array.from({ length: 8 }, () => create(admin, organization.floorId, { name: 'Race' })),
    );
    expect(racers.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it(`allows at most ${maxNeighbourhoodsPerFloor} neighbourhoods on a floor, also under a race`, async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    await testApp.database.sql.query(
      `INSERT INTO neighbourhoods (organization_id, floor_id, name, colour)
       SELECT $1, $2, 'N' || n, '#2563eb' FROM generate_series(1, $3::int - 3) AS n`,
      [organization.id, organization.floorId, maxNeighbourhoodsPerFloor],
    );
    const racers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create(organization.admin.client, organization.floorId, { name: `Racer ${index}` }),
      ),
    );
    expect(racers.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = racers.filter((response) => response.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.body.message).toBe(teamMessages.neighbourhoodsTooMany);
  });

  it('refuses members with 403 and answers 404 for other organizations’ floors and neighbourhoods', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const member = await addMember(testApp, organization.id);
    const other = await createOrganization(testApp, { deskCount: 1 });
    const made = (await create(organization.admin.client, organization.floorId, { name: 'North' })).body;
    expect((await create(member.client, organization.floorId, { name: 'Mine' })).status).toBe(403);
    expect((await put(member.client, made.id, { name: 'Mine' })).status).toBe(403);
    expect((await remove(member.client, made.id)).status).toBe(403);

    const outsider = other.admin.client;
    const unknown = randomUUID();
    for (const response of [
      await list(outsider, organization.floorId),
      await create(outsider, organization.floorId, { name: 'Theirs' }),
      await put(outsider, made.id, { name: 'Theirs' }),
      await remove(outsider, made.id),
      await put(outsider, unknown, { name: 'Theirs' }),
      await remove(outsider, 'not-an-id'),
      await list(outsider, unknown),
    ]) {
      expect(response.status, response.text).toBe(404);
    }
    expect((await list(organization.admin.client, organization.floorId)).body[0].name).toBe('North');
  });

  it('refuses malformed and oversized input with 400', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const admin = organization.admin.client;
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'Bad\u0007name' },
      { name: 'North', colour: 'red' },
      { name: 'North', weekdays: [0] },
      { name: 'North', weekdays: [1, 2, 3, 4, 5, 6, 7, 1] },
      { name: 'North', teamIds: 'all' },
      { name: 'North', extra: true },
    ]) {
      const response = await create(admin, organization.floorId, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const tooMany = await create(admin, organization.floorId, {
      name: 'North',
      deskIds: Array.from({ length: 2_001 }, () => randomUUID()),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 2,000 desks');
    expect((await list(admin, organization.floorId)).body).toEqual([]);
  });

  it('takes a neighbourhood of 2,000 desks, a whole large floor, in one request', async () => {
    const organization = await createOrganization(testApp, { deskCount: 0 });
    const desks = await testApp.database.sql.query<{ id: string }>(
      `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
       SELECT $1, $2, 'D' || n, n % 50 * 30, n / 50 * 20, 20, 15 FROM generate_series(1, 2000) AS n RETURNING id`,
      [organization.id, organization.floorId],
    );
    const response = await create(organization.admin.client, organization.floorId, {
      name: 'Everyone',
      deskIds: desks.map((desk) => desk.id),
    });
    expect(response.status, response.text.slice(0, 200)).toBe(201);
    expect(response.body.deskIds).toHaveLength(2_000);
  });
});

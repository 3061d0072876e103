import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelSubscription, startTestAppForFile, type TestClient } from '#test-support/harness.ts';
import { createOrganizationOf, officePeopleForFile } from '#test-support/office.ts';

const testApp = startTestAppForFile();
// People shared by the file's tests (argon2 is slow on purpose); every test makes its own organizations.
const people = officePeopleForFile(testApp);

/** A new organization of the shared admin, with the shared member in it as a plain member. */
const createOrganization = (owner: TestClient = people.admin): Promise<string> =>
  createOrganizationOf(testApp, owner, people.memberId, 'Floor Corp');

async function firstFloorOf(organizationId: string): Promise<{ id: string; name: string; organizationId: string }> {
  const response = await people.admin.get(`/api/organizations/${organizationId}/floors`);
  expect(response.status).toBe(200);
  return response.body[0];
}

async function countFloors(organizationId: string): Promise<number> {
  const [row] = await testApp.database.sql.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM floors WHERE organization_id = $1',
    [organizationId],
  );
  return row!.count;
}

const floorShape = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  organizationId: expect.any(String),
  siteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  name: expect.any(String),
  floorPlanUrl: null,
  defaultZoomLevel: null,
  createdAt: expect.any(String),
};

describe('listing floors', () => {
  it("creates 'Floor 1' when an admin lists an organization without floors, and only once", async () => {
    const organizationId = await createOrganization();
    const first = await people.admin.get(`/api/organizations/${organizationId}/floors`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([{ ...floorShape, organizationId, name: 'Floor 1' }]);
    const second = await people.admin.get(`/api/organizations/${organizationId}/floors`);
    expect(second.body).toEqual(first.body);
    expect(await countFloors(organizationId)).toBe(1);
  });

  it('creates nothing when a member lists an organization without floors', async () => {
    const organizationId = await createOrganization();
    const response = await people.member.get(`/api/organizations/${organizationId}/floors`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(await countFloors(organizationId)).toBe(0);
  });

  it("creates exactly one 'Floor 1' when an admin lists floors ten times at once", async () => {
    const organizationId = await createOrganization();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => people.admin.get(`/api/organizations/${organizationId}/floors`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const ids = new Set(responses.flatMap((response) => response.body.map((floor: { id: string }) => floor.id)));
    expect(ids.size).toBe(1);
    expect(await countFloors(organizationId)).toBe(1);
  });

  it("still creates 'Floor 1' for an admin whose subscription has lapsed, so that members can see the plan", async () => {
    const organizationId = await createOrganization();
    await cancelSubscription(testApp, organizationId);
    const response = await people.admin.get(`/api/organizations/${organizationId}/floors`);
    expect(response.body).toEqual([expect.objectContaining({ name: 'Floor 1' })]);
  });

  it('lists floors in the order they were created, to members as to admins', async () => {
    const organizationId = await createOrganization();
    await firstFloorOf(organizationId);
    for (const name of ['Mezzanine', 'Annex', 'Basement']) {
      expect((await people.admin.post(`/api/organizations/${organizationId}/floors`, { name })).status).toBe(201);
    }
    const names = (await people.member.get(`/api/organizations/${organizationId}/floors`)).body.map(
      (floor: { name: string }) => floor.name,
    );
    expect(names).toEqual(['Floor 1', 'Mezzanine', 'Annex', 'Basement']);
  });

  it('answers 404 to a non-member, for an unknown organization and for an id that is not a uuid', async () => {
    const organizationId = await createOrganization();
    await firstFloorOf(organizationId);
    const otherTenant = await people.outsider.get(`/api/organizations/${organizationId}/floors`);
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.text).not.toContain('Floor 1');
    expect((await people.outsider.get(`/api/organizations/${randomUUID()}/floors`)).body).toEqual(otherTenant.body);
    expect((await people.outsider.get('/api/organizations/not-a-uuid/floors')).body).toEqual(otherTenant.body);
  });

  it('answers 401 when signed out', async () => {
    const organizationId = await createOrganization();
    expect((await testApp.client().get(`/api/organizations/${organizationId}/floors`)).status).toBe(401);
    expect(await countFloors(organizationId)).toBe(0);
  });
});

describe('adding a floor', () => {
  it('answers 201 with the floor, its name trimmed', async () => {
    const organizationId = await createOrganization();
    const response = await people.admin.post(`/api/organizations/${organizationId}/floors`, {
      name: '  Second floor  ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ...floorShape, organizationId, name: 'Second floor' });
    expect((await people.member.get(`/api/organizations/${organizationId}/floors`)).body).toEqual([response.body]);
  });

  it.each([
    ['an empty name', { name: '' }, 'Floor name is required (name)'],
    ['a name of spaces', { name: '   ' }, 'Floor name is required (name)'],
    ['a missing name', {}, 'Floor name is required (name)'],
    ['a name that is not text', { name: 42 }, 'Floor name is required (name)'],
    ['a null name', { name: null }, 'Floor name is required (name)'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'Floor name must be at most 100 characters (name)'],
    [
      'a name with a control character',
      { name: 'Floor\u0000' },
      'Floor name contains characters that are not allowed (name)',
    ],
  ])('refuses %s with 400 and creates nothing', async (_label, body, message) => {
    const organizationId = await createOrganization();
    const response = await people.admin.post(`/api/organizations/${organizationId}/floors`, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await countFloors(organizationId)).toBe(0);
  });

  it('refuses an unknown field with 400 naming it', async () => {
    const organizationId = await createOrganization();
    const response = await people.admin.post(`/api/organizations/${organizationId}/floors`, {
      name: 'A',
      defaultZoomLevel: 2,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/defaultZoomLevel/);
  });

  it('refuses a body that is not a JSON object with 400', async () => {
    const organizationId = await createOrganization();
    for (const body of ['"Floor"', '[]', '{"name":', 'null']) {
      const response = await people.admin.request('POST', `/api/organizations/${organizationId}/floors`, body, {
        'content-type': 'application/json',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });

  it('answers 403 to a member who is not an admin', async () => {
    const organizationId = await createOrganization();
    const response = await people.member.post(`/api/organizations/${organizationId}/floors`, { name: 'Mine' });
    expect(response.status).toBe(403);
    expect(await countFloors(organizationId)).toBe(0);
  });

  it("answers 422 'Subscribe to edit floor plans' when the subscription is cancelled", async () => {
    const organizationId = await createOrganization();
    await cancelSubscription(testApp, organizationId);
    const response = await people.admin.post(`/api/organizations/${organizationId}/floors`, { name: 'Annex' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: 'Subscribe to edit floor plans' });
    expect(await countFloors(organizationId)).toBe(0);
  });

  it('answers 404 to an admin of another organization, and never 403', async () => {
    const organizationId = await createOrganization();
    await createOrganization(people.outsider);
    const response = await people.outsider.post(`/api/organizations/${organizationId}/floors`, { name: 'Intruder' });
    expect(response.status).toBe(404);
    expect(await countFloors(organizationId)).toBe(0);
  });

  it('answers 401 when signed out', async () => {
    const organizationId = await createOrganization();
    const response = await testApp.client().post(`/api/organizations/${organizationId}/floors`, { name: 'Annex' });
    expect(response.status).toBe(401);
  });
});

const badZoomLevels: Array<[string, unknown, RegExp]> = [
  ['a zoom below 0.5', 0.25, /Zoom level must be at least 0.5/],
  ['a zoom above 3', 3.5, /Zoom level must be at most 3/],
  ['a word', 'big', /Zoom level must be a number/],
  ['NaN as text', 'NaN', /Zoom level must be a number/],
  ['Infinity as text', 'Infinity', /Zoom level must be a number/],
  ['a huge number', 1e308, /Zoom level must be at most 3/],
  ['null', null, /Zoom level must be a number/],
  ['a boolean', true, /Zoom level must be a number/],
  ['an empty string', '', /Zoom level must be a number/],
];

describe("saving a floor's default zoom", () => {
  it('answers the floor with its new default zoom, from a number or a numeric string', async () => {
    const organizationId = await createOrganization();
    const floor = await firstFloorOf(organizationId);
    const saved = await people.admin.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: 1.5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...floorShape, id: floor.id, organizationId, name: 'Floor 1', defaultZoomLevel: 1.5 });
    const fromText = await people.admin.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: '2.25' });
    expect(fromText.body.defaultZoomLevel).toBe(2.25);
    expect((await people.member.get(`/api/organizations/${organizationId}/floors`)).body[0].defaultZoomLevel).toBe(
      2.25,
    );
  });

  it('accepts the limits 0.5 and 3', async () => {
    const floor = await firstFloorOf(await createOrganization());
    expect(
      (await people.admin.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: 0.5 })).body.defaultZoomLevel,
    ).toBe(0.5);
    expect(
      (await people.admin.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: '3' })).body.defaultZoomLevel,
    ).toBe(3);
  });

  it.each(badZoomLevels)('refuses %s with 400 and keeps the old zoom', async (_label, defaultZoomLevel, message) => {
    const floor = await firstFloorOf(await createOrganization());
    const response = await people.admin.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(response.body.message).toMatch(/\(defaultZoomLevel\)$/);
    expect(
      (await people.admin.get(`/api/organizations/${floor.organizationId}/floors`)).body[0].defaultZoomLevel,
    ).toBeNull();
  });

  it('refuses an empty body and unknown fields with 400', async () => {
    const floor = await firstFloorOf(await createOrganization());
    const empty = await people.admin.request('PUT', `/api/floors/${floor.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Request body: Send name, defaultZoomLevel or siteId');
    const unknown = await people.admin.request('PUT', `/api/floors/${floor.id}`, {
      defaultZoomLevel: 1,
      floorPlanUrl: 'x',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/floorPlanUrl/);
    expect(
      (await people.admin.get(`/api/organizations/${floor.organizationId}/floors`)).body[0].defaultZoomLevel,
    ).toBeNull();
  });

  it('answers 403 to a member, and 422 when the subscription is cancelled', async () => {
    const organizationId = await createOrganization();
    const floor = await firstFloorOf(organizationId);
    expect((await people.member.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: 2 })).status).toBe(403);
    await cancelSubscription(testApp, organizationId);
    const lapsed = await people.admin.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: 2 });
    expect(lapsed.status).toBe(422);
    expect(lapsed.body.message).toBe('Subscribe to edit floor plans');
    expect((await people.admin.get(`/api/organizations/${organizationId}/floors`)).body[0].defaultZoomLevel).toBeNull();
  });

  it("answers the same 404 for another organization's floor, an unknown floor and an id that is not a uuid", async () => {
    const floor = await firstFloorOf(await createOrganization());
    await createOrganization(people.outsider);
    const otherTenant = await people.outsider.request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: 2 });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body).toEqual({ message: 'Floor not found.' });
    expect((await people.admin.request('PUT', `/api/floors/${randomUUID()}`, { defaultZoomLevel: 2 })).body).toEqual(
      otherTenant.body,
    );
    expect((await people.admin.request('PUT', '/api/floors/floor-1', { defaultZoomLevel: 2 })).body).toEqual(
      otherTenant.body,
    );
  });

  it('answers 401 when signed out', async () => {
    const floor = await firstFloorOf(await createOrganization());
    expect((await testApp.client().request('PUT', `/api/floors/${floor.id}`, { defaultZoomLevel: 2 })).status).toBe(
      401,
    );
  });
});

describe("saving an organization's default zoom", () => {
  it('answers the organization with its new default zoom, which members then read', async () => {
    const organizationId = await createOrganization();
    const saved = await people.admin.request('PUT', `/api/organizations/${organizationId}`, {
      defaultZoomLevel: '1.75',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: organizationId, name: 'Floor Corp', role: 'admin', defaultZoomLevel: 1.75 });
    expect(saved.body.subscription).toMatchObject({ status: 'trial' });
    const read = await people.member.get(`/api/organizations/${organizationId}`);
    expect(read.body.defaultZoomLevel).toBe(1.75);
  });

  it.each(badZoomLevels)('refuses %s with 400', async (_label, defaultZoomLevel, message) => {
    const organizationId = await createOrganization();
    const response = await people.admin.request('PUT', `/api/organizations/${organizationId}`, { defaultZoomLevel });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it('refuses other fields, so the name and subscription cannot be changed this way', async () => {
    const organizationId = await createOrganization();
    for (const body of [{ defaultZoomLevel: 1, name: 'Renamed' }, { subscription: { status: 'active' } }, {}]) {
      expect((await people.admin.request('PUT', `/api/organizations/${organizationId}`, body)).status).toBe(400);
    }
    expect((await people.admin.get(`/api/organizations/${organizationId}`)).body.name).toBe('Floor Corp');
  });

  it('answers 403 to a member, 422 when the subscription is cancelled and 404 to a non-member', async () => {
    const organizationId = await createOrganization();
    expect(
      (await people.member.request('PUT', `/api/organizations/${organizationId}`, { defaultZoomLevel: 2 })).status,
    ).toBe(403);
    expect(
      (await people.outsider.request('PUT', `/api/organizations/${organizationId}`, { defaultZoomLevel: 2 })).status,
    ).toBe(404);
    expect((await people.admin.request('PUT', '/api/organizations/not-a-uuid', { defaultZoomLevel: 2 })).status).toBe(
      404,
    );
    await cancelSubscription(testApp, organizationId);
    const lapsed = await people.admin.request('PUT', `/api/organizations/${organizationId}`, { defaultZoomLevel: 2 });
    expect(lapsed.status).toBe(422);
    expect(lapsed.body.message).toBe('Subscribe to edit floor plans');
    expect((await people.admin.get(`/api/organizations/${organizationId}`)).body.defaultZoomLevel).toBeNull();
  });

  it('answers 401 when signed out', async () => {
    const organizationId = await createOrganization();
    const response = await testApp.client().request('PUT', `/api/organizations/${organizationId}`, {
      defaultZoomLevel: 2,
    });
    expect(response.status).toBe(401);
  });
});

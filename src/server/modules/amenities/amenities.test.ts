import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelSubscription, startTestAppForFile } from '#test-support/harness.ts';
import { createOffice as createOfficeOf, type Office, officePeopleForFile, postDesk } from '#test-support/office.ts';

const testApp = startTestAppForFile();
// People shared by the file's tests (argon2 is slow on purpose); every test makes its own organizations.
const people = officePeopleForFile(testApp);

const defaults = ['monitor', 'standing desk', 'docking station', 'window', 'quiet'];

const createOffice = () => createOfficeOf(testApp, people.admin, people.memberId);

async function addTaggedDesk(office: Office, name: string, amenities: string[]) {
  const desk = await postDesk(people.admin, office, { name, positionX: 10, positionY: 10 });
  const tagged = await people.admin.request('PUT', `/api/desks/${desk.body.id}`, { amenities });
  expect(tagged.status, tagged.text).toBe(200);
  return desk.body.id as string;
}

const path = (organizationId: string) => `/api/organizations/${organizationId}/amenities`;

describe("the organization's amenity list", () => {
  it('starts with the five usual tags, which any member can read', async () => {
    const office = await createOffice();
    const response = await people.member.get(path(office.organizationId));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ amenities: defaults });
  });

  it('is replaced by an admin, trimmed, in the order sent', async () => {
    const office = await createOffice();
    const response = await people.admin.request('PUT', path(office.organizationId), {
      amenities: [' quiet ', 'Phone booth', 'monitor'],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ amenities: ['quiet', 'Phone booth', 'monitor'], desksChanged: 0 });
    expect((await people.member.get(path(office.organizationId))).body).toEqual({
      amenities: ['quiet', 'Phone booth', 'monitor'],
    });
  });

  it('takes a removed tag off every desk of the organization in the same change, and audits it', async () => {
    const office = await createOffice();
    const first = await addTaggedDesk(office, 'D01', ['monitor', 'window']);
    const second = await addTaggedDesk(office, 'D02', ['window']);
    const third = await addTaggedDesk(office, 'D03', ['quiet']);
    const response = await people.admin.request('PUT', path(office.organizationId), {
      amenities: ['monitor', 'quiet', 'Standing desk', 'docking station'],
    });
    expect(response.body).toEqual({
      amenities: ['monitor', 'quiet', 'Standing desk', 'docking station'],
      desksChanged: 2,
    });
    const desks = (await people.member.get(`/api/floors/${office.floorId}/desks`)).body as Array<{
      id: string;
      amenities: string[];
    }>;
    expect(Object.fromEntries(desks.map((desk) => [desk.id, desk.amenities]))).toEqual({
      [first]: ['monitor'],
      [second]: [],
      [third]: ['quiet'],
    });
    const [event] = await testApp.database.sql.query<{ details: unknown }>(
      "SELECT details FROM audit_events WHERE organization_id = $1 AND action = 'amenities.changed'",
      [office.organizationId],
    );
    expect(event?.details).toEqual({ added: [], removed: ['window'], desksChanged: 2 });
  });

  it('respells a tag on the desks when only its case changes, and a desk can then be given it in any case', async () => {
    const office = await createOffice();
    const desk = await addTaggedDesk(office, 'D01', ['monitor']);
    await people.admin.request('PUT', path(office.organizationId), { amenities: ['Monitor', 'Sofa'] });
    expect(
      (await people.admin.request('PUT', `/api/desks/${desk}`, { amenities: ['sofa', 'MONITOR'] })).body.amenities,
    ).toEqual(['Monitor', 'Sofa']);
  });

  it.each([
    ['a tag twice in another case', { amenities: ['Quiet', 'quiet'] }, /quiet is listed twice/],
    ['a blank tag', { amenities: ['monitor', '  '] }, /An amenity cannot be blank/],
    ['a tag of 41 characters', { amenities: ['x'.repeat(41)] }, /at most 40 characters/],
    ['51 tags', { amenities: Array.from({ length: 51 }, (_, i) => `tag ${i}`) }, /at most 50 amenities/],
    ['a list that is not a list', { amenities: 'monitor' }, /amenities must be a list of tags/],
    ['a missing list', {}, /amenities/],
    ['an unknown field', { amenities: [], organizationId: randomUUID() }, /organizationId/],
  ])('refuses %s with 400 and keeps the list', async (_label, body, message) => {
    const office = await createOffice();
    const response = await people.admin.request('PUT', path(office.organizationId), body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect((await people.admin.get(path(office.organizationId))).body).toEqual({ amenities: defaults });
  });

  it('may be emptied, which takes every tag off every desk', async () => {
    const office = await createOffice();
    const desk = await addTaggedDesk(office, 'D01', ['quiet', 'window']);
    expect((await people.admin.request('PUT', path(office.organizationId), { amenities: [] })).body).toEqual({
      amenities: [],
      desksChanged: 1,
    });
    const [row] = await testApp.database.sql.query<{ amenities: string[] }>(
      'SELECT amenities FROM desks WHERE id = $1',
      [desk],
    );
    expect(row?.amenities).toEqual([]);
  });

  it('answers 403 to a member and 422 when the subscription has lapsed for a change; 404 to outsiders; 401 signed out', async () => {
    const office = await createOffice();
    const body = { amenities: ['monitor'] };
    expect((await people.member.request('PUT', path(office.organizationId), body)).status).toBe(403);
    expect((await people.outsider.request('PUT', path(office.organizationId), body)).status).toBe(404);
    expect((await people.outsider.get(path(office.organizationId))).status).toBe(404);
    expect((await people.admin.get(path('not-a-uuid'))).status).toBe(404);
    expect((await testApp.client().get(path(office.organizationId))).status).toBe(401);
    await cancelSubscription(testApp, office.organizationId);
    expect((await people.admin.request('PUT', path(office.organizationId), body)).status).toBe(422);
    expect((await people.admin.get(path(office.organizationId))).body).toEqual({ amenities: defaults });
  });
});

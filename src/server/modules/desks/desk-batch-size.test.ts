import { describe, expect, it } from 'vitest';
import { deskBatchBodyLimit, maxDesksPerBatch } from '#domain/floor-plan.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { createOffice, officePeopleForFile } from '#test-support/office.ts';

// Issue 26: the batch took 5,000 desks by its schema but 64 KiB of body, about 800 moves or 1,700 deletions. Its
// route now has a body limit of its own, computed from the schema (deskBatchBodyLimit), and reads a body larger than
// everyone else's only from someone who may edit the floor.

const testApp = startTestAppForFile();
// People shared by the file's tests (argon2 is slow on purpose); every test makes its own organizations.
const people = officePeopleForFile(testApp);

/** An office of the admin's whose first floor holds `count` desks, inserted by SQL, in rows of 40 on the canvas. */
async function officeWithDesks(count: number) {
  const office = await createOffice(testApp, people.admin, people.memberId);
  const rows = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
     SELECT $1, $2, 'D' || lpad(n::text, 4, '0'), (n % 40) * 45, ((n / 40) % 50) * 20, 40, 15 FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [office.organizationId, office.floorId, count],
  );
  return { ...office, deskIds: rows.map((row) => row.id) };
}

const batchUrl = (floorId: string) => `/api/floors/${floorId}/desks/batch`;

async function deskCount(floorId: string): Promise<number> {
  const [row] = await testApp.database.sql.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM desks WHERE floor_id = $1',
    [floorId],
  );
  return row?.count ?? -1;
}

describe('a batch as large as its limits', () => {
  it('moves a whole floor of 2,000 desks in one request', async () => {
    const office = await officeWithDesks(2000);
    const update = office.deskIds.map((id, index) => ({
      id,
      positionX: 1800 - (index % 40) * 45.25,
      positionY: 1000 - Math.floor(index / 40) * 19.5,
    }));
    const body = JSON.stringify({ update });
    expect(body.length).toBeGreaterThan(64 * 1024 * 2);
    const response = await people.admin.request('POST', batchUrl(office.floorId), body, {
      'content-type': 'application/json',
    });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.updated).toHaveLength(2000);
    const [first] = await testApp.database.sql.query<{ x: string; y: string }>(
      'SELECT position_x::text AS x, position_y::text AS y FROM desks WHERE id = $1',
      [office.deskIds[41]],
    );
    expect(first).toEqual({ x: '1754.75', y: '980.50' });
  });

  it(`deletes ${maxDesksPerBatch.toLocaleString('en')} desks, the most one batch may name, in one request`, async () => {
    const office = await officeWithDesks(maxDesksPerBatch);
    const response = await people.admin.post(batchUrl(office.floorId), { delete: office.deskIds });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.deleted).toHaveLength(maxDesksPerBatch);
    expect(await deskCount(office.floorId)).toBe(0);
  });

  it('answers a body over its limit with 413 and a sentence, and changes nothing', async () => {
    const office = await officeWithDesks(1);
    // Spaces are valid JSON around the value: a body one byte over the limit, whatever it holds.
    const payload = JSON.stringify({ delete: office.deskIds });
    const body = `${' '.repeat(deskBatchBodyLimit + 1 - payload.length)}${payload}`;
    const response = await people.admin.request('POST', batchUrl(office.floorId), body, {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      message: `The batch is too large: one request may update ${maxDesksPerBatch.toLocaleString('en')} desks and delete as many, in at most ${deskBatchBodyLimit.toLocaleString('en')} bytes. Send the rest in another request.`,
    });
    expect(await deskCount(office.floorId)).toBe(1);
  });

  it('reads more than 64 KiB only from someone who may edit the floor: 401 signed out, 403 to a member, first', async () => {
    const office = await officeWithDesks(1);
    const body = `${' '.repeat(deskBatchBodyLimit + 1)}{"delete":[]}`;
    const headers = { 'content-type': 'application/json' };
    expect((await testApp.client().request('POST', batchUrl(office.floorId), body, headers)).status).toBe(401);
    const refused = await people.member.request('POST', batchUrl(office.floorId), body, headers);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));
    expect(await deskCount(office.floorId)).toBe(1);
  });

  it('keeps 64 KiB for every other request, the desk’s own change among them', async () => {
    const office = await officeWithDesks(1);
    const response = await people.admin.request(
      'PUT',
      `/api/desks/${office.deskIds[0]}`,
      JSON.stringify({ description: 'x'.repeat(65 * 1024) }),
      { 'content-type': 'application/json' },
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large.' });
  });
});

import { describe, expect, it } from 'vitest';
import type { TestClient } from '#test-support/harness.ts';
import { tinyPng } from '#test-support/image-fixtures.ts';
import { startS3TestAppForFile } from '#test-support/s3-test-app.ts';
import { createTeam, password, signUp, teamTestEnvironment } from '#test-support/team.ts';
import { insertFloor, requestUploadUrl, uploadIdOf, uploadRow } from '#test-support/uploads.ts';

const s3 = startS3TestAppForFile(teamTestEnvironment);
const { testApp } = s3;

/** What the browser does: PUT the image straight to the presigned URL; answers the bucket key it landed on. */
async function putToBucket(client: TestClient, organizationId: string): Promise<{ uploadUrl: string; key: string }> {
  const uploadUrl = await requestUploadUrl(client, organizationId);
  const put = await fetch(uploadUrl, { method: 'PUT', body: tinyPng(), headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return { uploadUrl, key: s3.keyOf(uploadUrl) };
}

/** An image uploaded and made a floor plan: Perch checks it and keeps its copy at the upload's own key. */
async function floorPlanKey(client: TestClient, organizationId: string): Promise<string> {
  const floorId = await insertFloor(testApp, organizationId);
  const { uploadUrl } = await putToBucket(client, organizationId);
  const saved = await client.request('PUT', `/api/floors/${floorId}/floor-plan`, { floorPlanURL: uploadUrl });
  expect(saved.status).toBe(200);
  const row = await uploadRow(testApp, uploadIdOf(saved.body.floorPlanUrl));
  return row?.object_key ?? '';
}

describe('deleting an account on S3 storage', () => {
  it('removes every floor-plan object of an organization deleted with it from the bucket, and no one else’s', async () => {
    const person = await signUp(testApp, { firstName: 'Zephyrine', lastName: 'Quillfeather' });
    const own = await createTeam(testApp, person);
    const kept = await floorPlanKey(person.client, own.id);
    // Uploaded but never made a floor plan: it waits in the incoming area.
    const waiting = (await putToBucket(person.client, own.id)).key;
    // Uploaded, never used, and its row since pruned by the maintenance job: only the bucket remembers it.
    const pruned = (await putToBucket(person.client, own.id)).key;
    const prunedRows = await testApp.database.sql.query('DELETE FROM uploads WHERE object_key = $1 RETURNING id', [
      pruned.replace(/^incoming\//, ''),
    ]);
    expect(prunedRows).toHaveLength(1);
    const someoneElses = await createTeam(testApp);
    const other = await floorPlanKey(someoneElses.admin.client, someoneElses.id);
    for (const key of [kept, waiting, pruned, other]) expect(await s3.bucket.size(key)).toBe(tinyPng().length);

    const response = await person.client.request('DELETE', '/api/user', { password });
    expect(response.status).toBe(200);
    expect(response.body.deletedOrganizations).toEqual(['Acme Corp']);
    for (const key of [kept, waiting, pruned]) expect(await s3.bucket.size(key)).toBeNull();
    expect(await s3.bucket.size(other)).toBe(tinyPng().length);
  });
});

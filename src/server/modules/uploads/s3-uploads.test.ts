import { describe, expect, it } from 'vitest';
import { htmlPage, pngOfSize, svgImage, tinyPng } from '#test-support/image-fixtures.ts';
import { startS3TestAppForFile } from '#test-support/s3-test-app.ts';
import {
  addMember,
  createAdmin,
  getObject,
  insertFloor,
  requestUploadUrl,
  type TestOrganization,
  uploadIdOf,
  uploadRow,
  uploadTestEnvironment,
} from '#test-support/uploads.ts';

const s3 = startS3TestAppForFile(uploadTestEnvironment);
const { testApp, keyOf } = s3;

/** What the browser does: PUT the file straight to the presigned URL. */
async function putToBucket(uploadUrl: string, bytes: Buffer, contentType = 'image/png') {
  return fetch(uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
}

function setFloorPlan(admin: TestOrganization, floorId: string, floorPlanURL: string) {
  return admin.client.request('PUT', `/api/floors/${floorId}/floor-plan`, { floorPlanURL });
}

async function adminWithFloor() {
  const admin = await createAdmin(testApp);
  return { ...admin, floorId: await insertFloor(testApp, admin.organizationId) };
}

describe('floor-plan uploads to an S3 bucket', () => {
  it('issues a presigned PUT URL on the bucket, valid for 15 minutes, that a plain fetch can use', async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    const url = new URL(uploadUrl);
    expect(url.origin).toBe(s3.fakeS3.endpoint);
    expect(url.pathname).toMatch(new RegExp(`^/${s3.fakeS3.bucket}/incoming/floor-plans/${admin.organizationId}/`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect((await putToBucket(uploadUrl, tinyPng())).status).toBe(200);
  });

  it('checks the image on the floor-plan PUT, keeps the checked copy, and serves it by a presigned GET that works', async () => {
    const admin = await adminWithFloor();
    const png = tinyPng([200, 100, 0]);
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    expect((await putToBucket(uploadUrl, png, 'application/octet-stream')).status).toBe(200);

    const saved = await setFloorPlan(admin, admin.floorId, uploadUrl);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'Floor plan updated.',
      floorPlanUrl: expect.stringMatching(/^\/api\/objects\//),
    });
    const row = await uploadRow(testApp, uploadIdOf(saved.body.floorPlanUrl));
    expect(row).toMatchObject({ used_at: expect.any(Date), content_type: 'image/png', size_bytes: png.length });
    expect(await s3.bucket.size(keyOf(uploadUrl))).toBeNull();
    expect(await s3.bucket.size(row!.object_key)).toBe(png.length);

    const member = await addMember(testApp, admin.organizationId);
    const redirect = await getObject(testApp, member.client, saved.body.floorPlanUrl);
    expect(redirect.status).toBe(302);
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${s3.fakeS3.endpoint}/${s3.fakeS3.bucket}/${row!.object_key}?`)).toBe(true);
    expect(new URL(location).searchParams.get('response-content-type')).toBe('image/png');
    const image = await fetch(location);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
  });

  it('accepts the same upload again, for another floor, without checking it twice', async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    await putToBucket(uploadUrl, tinyPng());
    const first = await setFloorPlan(admin, admin.floorId, uploadUrl);
    const secondFloor = await insertFloor(testApp, admin.organizationId);
    const again = await setFloorPlan(admin, secondFloor, uploadUrl);
    const byLocation = await setFloorPlan(admin, secondFloor, first.body.floorPlanUrl);
    expect([first.status, again.status, byLocation.status]).toEqual([200, 200, 200]);
    expect(again.body.floorPlanUrl).toBe(first.body.floorPlanUrl);
    expect(byLocation.body.floorPlanUrl).toBe(first.body.floorPlanUrl);
  });

  it('keeps serving the checked image when the presigned URL is used again afterwards', async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    await putToBucket(uploadUrl, tinyPng([1, 2, 3]));
    const saved = await setFloorPlan(admin, admin.floorId, uploadUrl);
    expect(saved.status).toBe(200);
    await putToBucket(uploadUrl, svgImage, 'image/svg+xml');
    const redirect = await getObject(testApp, admin.client, saved.body.floorPlanUrl);
    const image = await fetch(String(redirect.headers.location));
    expect(Buffer.from(await image.arrayBuffer())).toEqual(tinyPng([1, 2, 3]));
  });

  it.each([
    ['an SVG image', svgImage, 'image/svg+xml'],
    ['an HTML page renamed .png', htmlPage, 'image/png'],
  ])('refuses %s with 415 on the floor-plan PUT and deletes it from the bucket', async (_label, bytes, type) => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    expect((await putToBucket(uploadUrl, bytes, type)).status).toBe(200);
    const response = await setFloorPlan(admin, admin.floorId, uploadUrl);
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/^The floor plan must be a PNG, JPEG or WebP image/);
    expect(await s3.bucket.size(keyOf(uploadUrl))).toBeNull();
  });

  it('refuses 10,485,761 bytes with 413 on the floor-plan PUT and deletes them from the bucket', async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    expect((await putToBucket(uploadUrl, pngOfSize(10_485_761))).status).toBe(200);
    const response = await setFloorPlan(admin, admin.floorId, uploadUrl);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The floor plan is too large: the limit is 10 MB (10,485,760 bytes).');
    expect(await s3.bucket.size(keyOf(uploadUrl))).toBeNull();
  });

  it('refuses an upload URL nothing was uploaded to with 400', async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    const response = await setFloorPlan(admin, admin.floorId, uploadUrl);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Nothing has been uploaded/);
  });

  it("answers 404 for another organization's upload and leaves it in place", async () => {
    const owner = await adminWithFloor();
    const other = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(owner.client, owner.organizationId);
    await putToBucket(uploadUrl, tinyPng());
    const response = await setFloorPlan(other, other.floorId, uploadUrl);
    expect(response.status).toBe(404);
    expect(await s3.bucket.size(keyOf(uploadUrl))).toBe(tinyPng().length);
  });

  it('refuses bucket URLs it did not issue as upload URLs with 400', async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    await putToBucket(uploadUrl, tinyPng());
    const finalKey = keyOf(uploadUrl).replace(/^incoming\//, '');
    for (const location of [
      `${s3.fakeS3.endpoint}/${s3.fakeS3.bucket}/${finalKey}`,
      `${s3.fakeS3.endpoint}/another-bucket/${keyOf(uploadUrl)}`,
      `http://perch.test/api/objects/upload/${'A'.repeat(43)}`,
    ]) {
      const response = await setFloorPlan(admin, admin.floorId, location);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('That floor-plan location was not issued by Perch.');
    }
  });

  it('takes no uploads on Perch itself: they go to the bucket', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/objects/upload/${'A'.repeat(43)}`,
      headers: { 'content-type': 'image/png' },
      payload: tinyPng(),
    });
    expect(response.statusCode).toBe(404);
  });

  it("answers 404 to another organization's member and 401 when signed out, without a redirect", async () => {
    const admin = await adminWithFloor();
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    await putToBucket(uploadUrl, tinyPng());
    const saved = await setFloorPlan(admin, admin.floorId, uploadUrl);
    const outsider = await createAdmin(testApp);
    const foreign = await getObject(testApp, outsider.client, saved.body.floorPlanUrl);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.location).toBeUndefined();
    expect((await getObject(testApp, null, saved.body.floorPlanUrl)).status).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestAppForFile } from '#test-support/harness.ts';
import { tinyPng } from '#test-support/image-fixtures.ts';
import {
  addMember,
  cancelSubscription,
  createAdmin,
  getObject,
  insertFloor,
  putBytes,
  requestUploadUrl,
  type TestOrganization,
  uploadIdOf,
  uploadTestEnvironment,
} from '#test-support/uploads.ts';

const testApp = startTestAppForFile({ environment: uploadTestEnvironment });

/** An admin with a floor and a stored PNG: the upload URL it used and the location it was given. */
async function adminWithUpload(png = tinyPng()) {
  const admin = await createAdmin(testApp);
  const floorId = await insertFloor(testApp, admin.organizationId);
  const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
  const stored = await putBytes(testApp, uploadUrl, png);
  expect(stored.status).toBe(200);
  return { ...admin, floorId, uploadUrl, location: stored.body.location as string, png };
}

function setFloorPlan(admin: TestOrganization, floorId: string, floorPlanURL: unknown) {
  return admin.client.request('PUT', `/api/floors/${floorId}/floor-plan`, { floorPlanURL });
}

async function floorPlanUrlOf(floorId: string) {
  const [row] = await testApp.database.sql.query<{ floor_plan_url: string | null }>(
    'SELECT floor_plan_url FROM floors WHERE id = $1',
    [floorId],
  );
  return row?.floor_plan_url;
}

describe("saving a floor's plan", () => {
  it('accepts the upload URL it issued and saves the object location as the floor plan', async () => {
    const admin = await adminWithUpload();
    const response = await setFloorPlan(admin, admin.floorId, admin.uploadUrl);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Floor plan updated.', floorPlanUrl: admin.location });
    expect(await floorPlanUrlOf(admin.floorId)).toBe(admin.location);
  });

  it('accepts the location the upload answered, relative or absolute, and the upload URL with a query string', async () => {
    const admin = await adminWithUpload();
    for (const location of [admin.location, `http://perch.test${admin.location}`, `${admin.uploadUrl}?x=1`]) {
      const response = await setFloorPlan(admin, admin.floorId, location);
      expect(response.status).toBe(200);
      expect(response.body.floorPlanUrl).toBe(admin.location);
    }
  });

  it.each([
    ['a URL on another site', 'https://evil.example/plan.png'],
    ['an object path on another site', 'https://evil.example/api/objects/00000000-0000-4000-8000-000000000000'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a Perch path that is not an object', '/api/user'],
    ['an object path without an id', '/api/objects/not-an-id'],
    ['a protocol-relative URL', '//evil.example/api/objects/00000000-0000-4000-8000-000000000000'],
    ['plain text', 'my floor plan'],
  ])("refuses %s with 400 'That floor-plan location was not issued by Perch.'", async (_label, location) => {
    const admin = await adminWithUpload();
    const response = await setFloorPlan(admin, admin.floorId, location);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('That floor-plan location was not issued by Perch.');
    expect(await floorPlanUrlOf(admin.floorId)).toBeNull();
  });

  it('refuses a missing or overlong floorPlanURL with 400 naming the field', async () => {
    const admin = await adminWithUpload();
    for (const body of [{}, { floorPlanURL: '' }, { floorPlanURL: 42 }, { floorPlanURL: `/${'a'.repeat(2001)}` }]) {
      const response = await admin.client.request('PUT', `/api/floors/${admin.floorId}/floor-plan`, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/floorPlanURL/);
    }
  });

  it("answers 404 for another organization's upload, exactly as for one that does not exist", async () => {
    const owner = await adminWithUpload();
    const other = await adminWithUpload();
    const byLocation = await setFloorPlan(other, other.floorId, owner.location);
    const byUploadUrl = await setFloorPlan(other, other.floorId, owner.uploadUrl);
    const missing = await setFloorPlan(other, other.floorId, `/api/objects/${randomUUID()}`);
    for (const response of [byLocation, byUploadUrl, missing]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual(missing.body);
    }
    expect(await floorPlanUrlOf(other.floorId)).toBeNull();
  });

  it('refuses an upload URL nothing was uploaded to with 400', async () => {
    const admin = await createAdmin(testApp);
    const floorId = await insertFloor(testApp, admin.organizationId);
    const uploadUrl = await requestUploadUrl(admin.client, admin.organizationId);
    const response = await setFloorPlan(admin, floorId, uploadUrl);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Nothing has been uploaded to that location yet. Please upload the image first.',
    );
  });

  it('refuses a member with 403 and an admin of a cancelled subscription with 422', async () => {
    const admin = await adminWithUpload();
    const member = await addMember(testApp, admin.organizationId);
    const byMember = await member.client.request('PUT', `/api/floors/${admin.floorId}/floor-plan`, {
      floorPlanURL: admin.location,
    });
    expect(byMember.status).toBe(403);
    await cancelSubscription(testApp, admin.organizationId);
    const cancelled = await setFloorPlan(admin, admin.floorId, admin.location);
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.message).toBe('Subscribe to edit floor plans');
    expect(await floorPlanUrlOf(admin.floorId)).toBeNull();
  });

  it("answers 404 for another organization's floor and for a floor that does not exist, and 401 when signed out", async () => {
    const admin = await adminWithUpload();
    const other = await adminWithUpload();
    const foreign = await setFloorPlan(admin, other.floorId, admin.location);
    const missing = await setFloorPlan(admin, randomUUID(), admin.location);
    const odd = await setFloorPlan(admin, 'not-a-floor', admin.location);
    for (const response of [foreign, missing, odd]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Floor not found.' });
    }
    const signedOut = await testApp.client().request('PUT', `/api/floors/${admin.floorId}/floor-plan`, {
      floorPlanURL: admin.location,
    });
    expect(signedOut.status).toBe(401);
    expect(await floorPlanUrlOf(other.floorId)).toBeNull();
  });
});

describe("saving the organization's plan", () => {
  it('saves the object location on the organization, where the organization answer shows it', async () => {
    const admin = await adminWithUpload();
    const response = await admin.client.request('PUT', `/api/organizations/${admin.organizationId}/floor-plan`, {
      floorPlanURL: admin.uploadUrl,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Floor plan updated.', floorPlanUrl: admin.location });
    expect((await admin.client.get(`/api/organizations/${admin.organizationId}`)).body.floorPlanUrl).toBe(
      admin.location,
    );
  });

  it("refuses a member (403), another organization's admin (404), a cancelled subscription (422) and the signed out (401)", async () => {
    const admin = await adminWithUpload();
    const member = await addMember(testApp, admin.organizationId);
    const outsider = await adminWithUpload();
    const path = `/api/organizations/${admin.organizationId}/floor-plan`;
    expect((await member.client.request('PUT', path, { floorPlanURL: admin.location })).status).toBe(403);
    expect((await outsider.client.request('PUT', path, { floorPlanURL: outsider.location })).status).toBe(404);
    expect((await testApp.client().request('PUT', path, { floorPlanURL: admin.location })).status).toBe(401);
    await cancelSubscription(testApp, admin.organizationId);
    expect((await admin.client.request('PUT', path, { floorPlanURL: admin.location })).status).toBe(422);
  });

  it("refuses another organization's upload with 404", async () => {
    const admin = await adminWithUpload();
    const other = await adminWithUpload();
    const response = await admin.client.request('PUT', `/api/organizations/${admin.organizationId}/floor-plan`, {
      floorPlanURL: other.location,
    });
    expect(response.status).toBe(404);
  });
});

describe('serving a floor-plan image', () => {
  it('serves the exact bytes to a member with the sniffed type and the headers of an inert file', async () => {
    const admin = await adminWithUpload(tinyPng([10, 20, 30]));
    const member = await addMember(testApp, admin.organizationId);
    for (const viewer of [member.client, admin.client]) {
      const response = await getObject(testApp, viewer, admin.location);
      expect(response.status).toBe(200);
      expect(response.bytes).toEqual(tinyPng([10, 20, 30]));
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(tinyPng().length),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, max-age=31536000, immutable',
        etag: `"${uploadIdOf(admin.location)}"`,
      });
    }
  });

  it('answers 304 to a member whose copy is current', async () => {
    const admin = await adminWithUpload();
    const etag = `"${uploadIdOf(admin.location)}"`;
    const response = await getObject(testApp, admin.client, admin.location, { 'if-none-match': etag });
    expect(response.status).toBe(304);
    expect(response.bytes.length).toBe(0);
    expect(response.headers.etag).toBe(etag);
  });

  it("answers 404 to another organization's member, as for an image that does not exist, and 401 when signed out", async () => {
    const admin = await adminWithUpload();
    const outsider = await createAdmin(testApp);
    const foreign = await getObject(testApp, outsider.client, admin.location);
    const missing = await getObject(testApp, outsider.client, `/api/objects/${randomUUID()}`);
    const odd = await getObject(testApp, outsider.client, '/api/objects/not-an-id');
    for (const response of [foreign, missing, odd]) {
      expect(response.status).toBe(404);
      expect(response.bytes.toString()).not.toContain('PNG');
    }
    expect(foreign.text).toBe(missing.text);
    expect((await getObject(testApp, null, admin.location)).status).toBe(401);
    const guessedEtag = await getObject(testApp, outsider.client, admin.location, {
      'if-none-match': `"${uploadIdOf(admin.location)}"`,
    });
    expect(guessedEtag.status).toBe(404);
  });

  it('answers 404 for an upload link nothing was uploaded to', async () => {
    const admin = await createAdmin(testApp);
    await requestUploadUrl(admin.client, admin.organizationId);
    const [row] = await testApp.database.sql.query<{ id: string }>(
      'SELECT id FROM uploads WHERE organization_id = $1',
      [admin.organizationId],
    );
    expect((await getObject(testApp, admin.client, `/api/objects/${row!.id}`)).status).toBe(404);
  });

  it('shows the saved floor plan to members through the floor it was saved on', async () => {
    const admin = await adminWithUpload();
    expect((await setFloorPlan(admin, admin.floorId, admin.uploadUrl)).status).toBe(200);
    const member = await addMember(testApp, admin.organizationId);
    const floorPlanUrl = await floorPlanUrlOf(admin.floorId);
    const response = await getObject(testApp, member.client, floorPlanUrl!);
    expect(response.status).toBe(200);
    expect(response.bytes).toEqual(admin.png);
  });
});

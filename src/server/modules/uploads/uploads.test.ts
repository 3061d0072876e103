import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maintenanceJob } from '#server/jobs/maintenance.ts';
import { digestToken } from '#server/tokens.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import {
  gifImage,
  htmlPage,
  jpegStart,
  pngOfSize,
  svgImage,
  tinyPng,
  webpStart,
} from '#test-support/image-fixtures.ts';
import {
  addMember,
  cancelSubscription,
  createAdmin,
  getObject,
  putBytes,
  requestUploadUrl,
  uploadIdOf,
  uploadRow,
  uploadTestEnvironment,
} from '#test-support/uploads.ts';

const testApp = startTestAppForFile({ environment: uploadTestEnvironment });

const uploadUrlPattern = /^http:\/\/perch\.test\/api\/objects\/upload\/([A-Za-z0-9_-]{43})$/;

function tokenOf(uploadUrl: string): string {
  return uploadUrlPattern.exec(uploadUrl)![1]!;
}

describe('asking for an upload URL', () => {
  it('gives an admin a single-use Perch URL, stores only the digest of its token, and expires it in 15 minutes', async () => {
    const { client, organizationId, user } = await createAdmin(testApp);
    const response = await client.post('/api/objects/upload', { organizationId });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ uploadURL: expect.stringMatching(uploadUrlPattern) });
    const token = tokenOf(response.body.uploadURL);
    const rows = await testApp.database.sql.query<Record<string, unknown>>(
      `SELECT organization_id, user_id, token_digest, object_key, used_at,
              expires_at - created_at = interval '15 minutes' AS lasts_fifteen_minutes
         FROM uploads WHERE organization_id = $1`,
      [organizationId],
    );
    expect(rows).toEqual([
      {
        organization_id: organizationId,
        user_id: user.id,
        token_digest: digestToken(token),
        object_key: expect.stringMatching(new RegExp(`^floor-plans/${organizationId}/[0-9a-f-]{36}$`)),
        used_at: null,
        lasts_fifteen_minutes: true,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('issues a different URL every time', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const first = await requestUploadUrl(client, organizationId);
    const second = await requestUploadUrl(client, organizationId);
    expect(first).not.toBe(second);
  });

  it('uses the only organization the caller administers when no organizationId is sent', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const response = await client.request('POST', '/api/objects/upload');
    expect(response.status).toBe(200);
    const rows = await testApp.database.sql.query('SELECT id FROM uploads WHERE organization_id = $1', [
      organizationId,
    ]);
    expect(rows).toHaveLength(1);
    expect((await client.post('/api/objects/upload', {})).status).toBe(200);
  });

  it('answers 400 "organizationId is required" when the caller administers several organizations or none', async () => {
    const { client } = await createAdmin(testApp);
    expect(
      (await client.post('/api/organizations', { name: 'Second Office', slug: `second-${randomUUID()}` })).status,
    ).toBe(201);
    const several = await client.post('/api/objects/upload', {});
    expect(several.status).toBe(400);
    expect(several.body.message).toBe('organizationId is required');

    const { client: memberOnly } = await addMember(testApp, (await createAdmin(testApp)).organizationId);
    const none = await memberOnly.request('POST', '/api/objects/upload');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('organizationId is required');
  });

  it('refuses a member with 403 and creates nothing', async () => {
    const { organizationId } = await createAdmin(testApp);
    const member = await addMember(testApp, organizationId);
    const response = await member.client.post('/api/objects/upload', { organizationId });
    expect(response.status).toBe(403);
    expect(response.body.message).toEqual(expect.any(String));
    const rows = await testApp.database.sql.query('SELECT id FROM uploads WHERE organization_id = $1', [
      organizationId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another organization's admin, as for an organization that does not exist", async () => {
    const { organizationId } = await createAdmin(testApp);
    const outsider = await createAdmin(testApp);
    const other = await outsider.client.post('/api/objects/upload', { organizationId });
    const missing = await outsider.client.post('/api/objects/upload', { organizationId: randomUUID() });
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });

  it("answers 422 with the spec's message when the subscription is cancelled", async () => {
    const { client, organizationId } = await createAdmin(testApp);
    await cancelSubscription(testApp, organizationId);
    const response = await client.post('/api/objects/upload', { organizationId });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Subscribe to edit floor plans');
  });

  it('answers 401 when signed out', async () => {
    const { organizationId } = await createAdmin(testApp);
    const response = await testApp.client().post('/api/objects/upload', { organizationId });
    expect(response.status).toBe(401);
  });

  it('refuses an organizationId that is not text, and unknown fields, with 400', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const notText = await client.post('/api/objects/upload', { organizationId: 42 });
    expect(notText.status).toBe(400);
    expect(notText.body.message).toMatch(/organizationId/);
    const unknownField = await client.post('/api/objects/upload', { organizationId, objectKey: '../../etc/passwd' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toMatch(/objectKey/);
  });
});

describe('uploading to the URL', () => {
  it('stores a real PNG, uses up the URL and answers its location', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const png = tinyPng();
    const response = await putBytes(testApp, await requestUploadUrl(client, organizationId), png);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ location: expect.stringMatching(/^\/api\/objects\/[0-9a-f-]{36}$/) });
    const row = await uploadRow(testApp, uploadIdOf(response.body.location));
    expect(row).toMatchObject({
      organization_id: organizationId,
      used_at: expect.any(Date),
      content_type: 'image/png',
      size_bytes: png.length,
    });
  });

  it('needs no session cookie: the URL itself authorises the PUT', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const uploadUrl = await requestUploadUrl(client, organizationId);
    const response = await putBytes(testApp, uploadUrl, tinyPng(), 'image/png', { cookie: '' });
    expect(response.status).toBe(200);
  });

  it('records the type found in the bytes, not the one declared', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    for (const [bytes, declared, found] of [
      [tinyPng(), 'application/octet-stream', 'image/png'],
      [jpegStart, 'image/png', 'image/jpeg'],
      [webpStart, 'image/jpeg', 'image/webp'],
    ] as const) {
      const response = await putBytes(testApp, await requestUploadUrl(client, organizationId), bytes, declared);
      expect(response.status).toBe(200);
      expect((await uploadRow(testApp, uploadIdOf(response.body.location)))?.content_type).toBe(found);
    }
  });

  it.each([
    ['an SVG image', svgImage, 'image/svg+xml'],
    ['an HTML page renamed .png', htmlPage, 'image/png'],
    ['a GIF image', gifImage, 'image/gif'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
    ['a JSON body', Buffer.from('{"a":1}'), 'application/json'],
  ])('refuses %s with 415 and a sentence, and keeps the URL for a real image', async (_label, bytes, type) => {
    const { client, organizationId } = await createAdmin(testApp);
    const uploadUrl = await requestUploadUrl(client, organizationId);
    const refused = await putBytes(testApp, uploadUrl, bytes, type);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toMatch(/^The floor plan must be a PNG, JPEG or WebP image/);
    const rows = await testApp.database.sql.query<{ used_at: Date | null }>(
      'SELECT used_at FROM uploads WHERE token_digest = $1',
      [digestToken(tokenOf(uploadUrl))],
    );
    expect(rows).toEqual([{ used_at: null }]);
    expect((await putBytes(testApp, uploadUrl, tinyPng())).status).toBe(200);
  });

  it('refuses a body without a Content-Type that is not an image with 415', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const url = new URL(await requestUploadUrl(client, organizationId));
    const response = await testApp.app.inject({ method: 'PUT', url: url.pathname, payload: htmlPage });
    expect(response.statusCode).toBe(415);
  });

  it('accepts exactly 10,485,760 bytes and refuses 10,485,761 with 413 and a sentence', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const tooBig = await putBytes(testApp, await requestUploadUrl(client, organizationId), pngOfSize(10_485_761));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('The floor plan is too large: the limit is 10 MB (10,485,760 bytes).');
    const atLimit = await putBytes(testApp, await requestUploadUrl(client, organizationId), pngOfSize(10_485_760));
    expect(atLimit.status).toBe(200);
    expect((await uploadRow(testApp, uploadIdOf(atLimit.body.location)))?.size_bytes).toBe(10_485_760);
  });

  it('refuses a second PUT to the same URL with 403 "Request has expired" and keeps the first image', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const uploadUrl = await requestUploadUrl(client, organizationId);
    const first = await putBytes(testApp, uploadUrl, tinyPng([1, 1, 1]));
    expect(first.status).toBe(200);
    const second = await putBytes(testApp, uploadUrl, tinyPng([2, 2, 2]));
    expect(second.status).toBe(403);
    expect(second.body.message).toMatch(/^Request has expired/);
    expect((await getObject(testApp, client, first.body.location)).bytes).toEqual(tinyPng([1, 1, 1]));
  });

  it('lets exactly one of two simultaneous PUTs to the same URL through', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const uploadUrl = await requestUploadUrl(client, organizationId);
    const answers = await Promise.all([
      putBytes(testApp, uploadUrl, tinyPng()),
      putBytes(testApp, uploadUrl, tinyPng()),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
  });

  it('refuses an expired URL with 403 "Request has expired"', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const uploadUrl = await requestUploadUrl(client, organizationId);
    await testApp.database.sql.query(
      "UPDATE uploads SET expires_at = now() - interval '1 second' WHERE token_digest = $1",
      [digestToken(tokenOf(uploadUrl))],
    );
    const response = await putBytes(testApp, uploadUrl, tinyPng());
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/^Request has expired/);
  });

  it('refuses a token it never issued with 403 before reading the body', async () => {
    for (const token of ['A'.repeat(43), 'short']) {
      const response = await putBytes(testApp, `http://perch.test/api/objects/upload/${token}`, pngOfSize(10_485_761));
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/^Request has expired/);
    }
    const overlong = await putBytes(testApp, `http://perch.test/api/objects/upload/${'x'.repeat(150)}`, tinyPng());
    expect(overlong.status).toBe(414);
  });

  it('refuses a PUT from another site with 403 and accepts one from Perch itself', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const uploadUrl = await requestUploadUrl(client, organizationId);
    const crossSite = await putBytes(testApp, uploadUrl, tinyPng(), 'image/png', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe('Cross-origin requests are not allowed.');
    const sameOrigin = await putBytes(testApp, uploadUrl, tinyPng(), 'image/png', { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(200);
  });

  it('writes the image under DATA_DIR/objects and nowhere else', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const response = await putBytes(testApp, await requestUploadUrl(client, organizationId), tinyPng());
    const row = await uploadRow(testApp, uploadIdOf(response.body.location));
    expect(await testApp.app.inject({ method: 'GET', url: '/api/objects/upload' }).then((r) => r.statusCode)).toBe(401);
    expect(row?.object_key).toMatch(new RegExp(`^floor-plans/${organizationId}/`));
    const { readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const stored = await readFile(path.join(testApp.config.dataDir, 'objects', ...row!.object_key.split('/')));
    expect(stored).toEqual(tinyPng());
  });
});

describe('housekeeping', () => {
  it('deletes upload links left unused for a day after they expired, and keeps the rest', async () => {
    const { client, organizationId } = await createAdmin(testApp);
    const abandoned = tokenOf(await requestUploadUrl(client, organizationId));
    const recent = tokenOf(await requestUploadUrl(client, organizationId));
    const used = await requestUploadUrl(client, organizationId);
    expect((await putBytes(testApp, used, tinyPng())).status).toBe(200);
    await testApp.database.sql.query(
      "UPDATE uploads SET expires_at = now() - interval '25 hours' WHERE organization_id = $1 AND token_digest <> $2",
      [organizationId, digestToken(recent)],
    );
    await maintenanceJob(testApp.database.db).run();
    const rows = await testApp.database.sql.query<{ token_digest: string }>(
      'SELECT token_digest FROM uploads WHERE organization_id = $1',
      [organizationId],
    );
    const digests = rows.map((row) => row.token_digest);
    expect(digests).toHaveLength(2);
    expect(digests).toContain(digestToken(recent));
    expect(digests).toContain(digestToken(tokenOf(used)));
    expect(digests).not.toContain(digestToken(abandoned));
  });
});

import { expect } from 'vitest';
import type { TestApp, TestClient } from './harness.ts';
import { insertMembership, uniqueEmail } from './harness.ts';

/** The app must trust X-Forwarded-For (TRUST_PROXY) so that each test user signs up from its own address. */
export const uploadTestEnvironment = { TRUST_PROXY: 'true' };

let counter = 0;

export interface TestUser {
  client: TestClient;
  user: { id: string; email: string };
}

/** A signed-in user of its own network address, so the sign-up limit per address never trips. */
export async function signUpUser(testApp: TestApp): Promise<TestUser> {
  counter += 1;
  const address = `203.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
  const client = testApp.client({ 'x-forwarded-for': address });
  const response = await client.post('/api/register', {
    email: uniqueEmail('uploads'),
    password: 'correct horse battery',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  expect(response.status).toBe(201);
  return { client, user: response.body };
}

export interface TestOrganization extends TestUser {
  organizationId: string;
}

/** A new user who creates an organization and so is its admin, on a trial that allows editing. */
export async function createAdmin(testApp: TestApp): Promise<TestOrganization> {
  const admin = await signUpUser(testApp);
  counter += 1;
  const created = await admin.client.post('/api/organizations', { name: 'Uploads Test', slug: `uploads-${counter}` });
  expect(created.status).toBe(201);
  return { ...admin, organizationId: created.body.id };
}

/** A new user added to the organization with that role. */
export async function addMember(
  testApp: TestApp,
  organizationId: string,
  role: 'admin' | 'member' = 'member',
): Promise<TestUser> {
  const member = await signUpUser(testApp);
  await insertMembership(testApp, organizationId, member.user.id, role);
  return member;
}

export async function insertFloor(testApp: TestApp, organizationId: string): Promise<string> {
  const [row] = await testApp.database.sql.query<{ id: string }>(
    'INSERT INTO floors (organization_id, name) VALUES ($1, $2) RETURNING id',
    [organizationId, 'Floor 1'],
  );
  return row!.id;
}

export { cancelSubscription } from './harness.ts';

export async function requestUploadUrl(client: TestClient, organizationId: string): Promise<string> {
  const response = await client.post('/api/objects/upload', { organizationId });
  expect(response.status).toBe(200);
  return response.body.uploadURL;
}

/** A PUT of raw bytes to a Perch upload URL, as a browser on Perch's page sends it. */
export async function putBytes(
  testApp: TestApp,
  uploadUrl: string,
  bytes: Buffer,
  contentType = 'image/png',
  headers: Record<string, string> = {},
) {
  const url = new URL(uploadUrl);
  const response = await testApp.app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': contentType, origin: new URL(testApp.config.publicUrl).origin, ...headers },
    payload: bytes,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export async function uploadRow(testApp: TestApp, uploadId: string) {
  const [row] = await testApp.database.sql.query<{
    organization_id: string;
    used_at: Date | null;
    content_type: string | null;
    size_bytes: number | null;
    object_key: string;
  }>('SELECT organization_id, used_at, content_type, size_bytes, object_key FROM uploads WHERE id = $1', [uploadId]);
  return row;
}

export function uploadIdOf(location: string): string {
  const match = /\/api\/objects\/([0-9a-f-]{36})$/.exec(location);
  if (!match?.[1]) throw new Error(`not an object location: ${location}`);
  return match[1];
}

/** A GET of an object as a browser's <img> sends it, with the raw bytes of the answer. */
export async function getObject(testApp: TestApp, client: TestClient | null, location: string, headers = {}) {
  const cookie = client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  const response = await testApp.app.inject({
    method: 'GET',
    url: location,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers, text: response.body };
}

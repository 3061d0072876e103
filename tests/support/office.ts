import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { insertMembership, signUp, type TestApp, type TestClient } from './harness.ts';
import { forgetOrganizationsCreatedToday } from './organization-limit.ts';

// The desk, floor and amenity tests' office: people shared by a file's tests (argon2 is slow on purpose), and a new
// organization for each test.

export interface OfficePeople {
  admin: TestClient;
  member: TestClient;
  memberId: string;
  /** A member of no office but their own. */
  outsider: TestClient;
}

export async function signUpOfficePeople(testApp: TestApp): Promise<OfficePeople> {
  const admin = (await signUp(testApp)).client;
  const signedUpMember = await signUp(testApp);
  const outsider = (await signUp(testApp)).client;
  return { admin, member: signedUpMember.client, memberId: signedUpMember.user.id, outsider };
}

/** The file's office people, signed up before its first test (read them inside tests and hooks only). */
export function officePeopleForFile(testApp: TestApp): OfficePeople {
  const people = {} as OfficePeople;
  beforeAll(async () => {
    Object.assign(people, await signUpOfficePeople(testApp));
  });
  return people;
}

export interface Office {
  organizationId: string;
  floorId: string;
}

/** A new organization of `owner`, through the API, with no floor yet; `memberId` joins it as a plain member. */
export async function createOrganizationOf(
  testApp: TestApp,
  owner: TestClient,
  memberId: string,
  name = 'Office Corp',
): Promise<string> {
  await forgetOrganizationsCreatedToday(testApp);
  const created = await owner.post('/api/organizations', { name, slug: `office-${randomUUID().slice(0, 8)}` });
  if (created.status !== 201) throw new Error(`organization: ${created.status} ${created.text}`);
  const organizationId = created.body.id as string;
  await insertMembership(testApp, organizationId, memberId, 'member');
  return organizationId;
}

/** Posts a desk to the office, on its 'Floor 1' unless `desk.floorId` names another, as the floor editor does. */
export function postDesk(client: TestClient, office: Office, desk: Record<string, unknown>) {
  return client.post(`/api/organizations/${office.organizationId}/desks`, { floorId: office.floorId, ...desk });
}

/** The same with its 'Floor 1', made by the owner's first read of the floors (as the dashboard's). */
export async function createOffice(testApp: TestApp, owner: TestClient, memberId: string): Promise<Office> {
  const organizationId = await createOrganizationOf(testApp, owner, memberId);
  const floors = await owner.get(`/api/organizations/${organizationId}/floors`);
  return { organizationId, floorId: floors.body[0].id };
}

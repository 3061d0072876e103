import { randomUUID } from 'node:crypto';
import type { TestApp, TestClient } from '#test-support/harness.ts';
import { insertMembership } from '#test-support/harness.ts';
import { tinyPng } from '#test-support/image-fixtures.ts';

/** The app must trust X-Forwarded-For so that every person signs up from an address of its own. */
export const worldEnvironment = { TRUST_PROXY: 'true' };

export interface Person {
  client: TestClient;
  id: string;
  email: string;
  password: string;
}

/** One organization with everything a route can name: floor, desks, a booking, an invitation, an image. */
export interface Tenant {
  id: string;
  name: string;
  slug: string;
  admin: Person;
  member: Person;
  floorId: string;
  floorName: string;
  deskIds: string[];
  deskNames: string[];
  bookingId: string;
  invitationId: string;
  invitedEmail: string;
  uploadId: string;
}

export interface World {
  testApp: TestApp;
  a: Tenant;
  b: Tenant;
  /** Signed in, member of nothing. */
  outsider: Person;
}

const password = 'correct horse battery';
let addressCounter = 0;

/** A client from a network address no other client uses, so per-address limits never trip. */
export function newClient(testApp: TestApp): TestClient {
  addressCounter += 1;
  return testApp.client({
    'x-forwarded-for': `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`,
  });
}

function unique(prefix: string): string {
  return `${prefix}${randomUUID().slice(0, 8)}`;
}

async function expectStatus<T>(response: Promise<{ status: number; body: T; text: string }>, status: number) {
  const answer = await response;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

export async function signUpPerson(testApp: TestApp, label: string): Promise<Person> {
  const client = newClient(testApp);
  const email = `${unique(label)}@example.com`;
  const body = await expectStatus(
    client.post('/api/register', { email, password, firstName: unique('First'), lastName: unique('Last') }),
    201,
  );
  return { client, id: body.id, email, password };
}

/** A YYYY-MM-DD date some days from now, far enough ahead to be "future" in any time zone. */
/** A platform administrator: an admin of the platform organization, which is made first when the database has none. */
export async function signUpPlatformAdmin(testApp: TestApp): Promise<Person> {
  const platformId = testApp.config.platformOrganizationId;
  await testApp.database.sql.query(
    `INSERT INTO organizations (id, name, slug, time_zone) VALUES ($1, 'Perch platform', 'perch-platform', 'UTC')
     ON CONFLICT (id) DO NOTHING`,
    [platformId],
  );
  const person = await signUpPerson(testApp, 'platform-');
  await insertMembership(testApp, platformId, person.id, 'admin');
  return person;
}

export function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function insertDesk(testApp: TestApp, tenant: Pick<Tenant, 'id' | 'floorId'>, name = unique('Desk-')) {
  const [row] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
     VALUES ($1, $2, $3, 100, 100, 120, 80) RETURNING id`,
    [tenant.id, tenant.floorId, name],
  );
  return row!.id;
}

/** The first Monday to Friday at least some days from now. */
export function futureWeekday(days: number): string {
  let offset = days;
  while ([0, 6].includes(new Date(Date.now() + offset * 86_400_000).getUTCDay())) offset += 1;
  return futureDate(offset);
}

let bookingDay = 20;
/** An active booking of a desk by a user, on a future date no other booking of this file uses. */
export async function insertBooking(testApp: TestApp, organizationId: string, deskId: string, userId: string) {
  bookingDay += 1;
  const [row] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
     VALUES ($1, $2, $3, $4, 'full-day') RETURNING id`,
    [organizationId, deskId, userId, futureDate(bookingDay)],
  );
  return row!.id;
}

/** A pending invitation, made through the API; answers its id. */
export async function inviteSomeone(tenant: Tenant, email = `${unique('invited')}@example.com`) {
  await expectStatus(tenant.admin.client.post(`/api/organizations/${tenant.id}/invite`, { emails: [email] }), 200);
  const list = await expectStatus(tenant.admin.client.get(`/api/organizations/${tenant.id}/invitations`), 200);
  return { id: (list as Array<{ id: string; email: string }>).find((item) => item.email === email)!.id, email };
}

/** An organization made through the API by a new admin, with a member, a floor, desks, a booking, an image. */
export async function createTenant(testApp: TestApp, label: string, admin?: Person, member?: Person): Promise<Tenant> {
  const owner = admin ?? (await signUpPerson(testApp, `${label}-admin-`));
  const name = unique(`Org ${label} `);
  const slug = unique(`org-${label.toLowerCase()}-`);
  const organization = await expectStatus(owner.client.post('/api/organizations', { name, slug }), 201);
  const id = organization.id as string;
  // Its site works every day (issue 28: members book working days only), so that the members' walk-ins and bookings
  // of today pass on a weekend too.
  await testApp.database.sql.query(
    "UPDATE sites SET working_days = '{1,2,3,4,5,6,7}'::smallint[] WHERE organization_id = $1",
    [id],
  );
  const teammate = member ?? (await signUpPerson(testApp, `${label}-member-`));
  await insertMembership(testApp, id, teammate.id, 'member');

  const floorName = unique(`Floor ${label} `);
  const floor = await expectStatus(owner.client.post(`/api/organizations/${id}/floors`, { name: floorName }), 201);
  const deskNames = [unique(`Desk-${label}-`), unique(`Desk-${label}-`)];
  const deskIds: string[] = [];
  for (const deskName of deskNames) {
    const desk = await expectStatus(
      owner.client.post(`/api/organizations/${id}/desks`, {
        name: deskName,
        floorId: floor.id,
        positionX: 100,
        positionY: 100,
      }),
      201,
    );
    deskIds.push(desk.id);
  }
  const bookingId = await insertBooking(testApp, id, deskIds[0]!, teammate.id);

  const upload = await expectStatus(owner.client.post('/api/objects/upload', { organizationId: id }), 200);
  const uploadUrl = new URL(upload.uploadURL);
  const stored = await testApp.app.inject({
    method: 'PUT',
    url: `${uploadUrl.pathname}${uploadUrl.search}`,
    headers: { 'content-type': 'image/png' },
    payload: tinyPng(),
  });
  if (stored.statusCode !== 200) throw new Error(`upload: ${stored.statusCode} ${stored.body}`);
  const location = stored.json().location as string;
  await expectStatus(
    owner.client.request('PUT', `/api/floors/${floor.id}/floor-plan`, { floorPlanURL: location }),
    200,
  );

  const tenant: Tenant = {
    id,
    name,
    slug,
    admin: owner,
    member: teammate,
    floorId: floor.id,
    floorName,
    deskIds,
    deskNames,
    bookingId,
    invitationId: '',
    invitedEmail: '',
    uploadId: location.split('/').at(-1)!,
  };
  const invitation = await inviteSomeone(tenant);
  tenant.invitationId = invitation.id;
  tenant.invitedEmail = invitation.email;
  return tenant;
}

export async function createWorld(testApp: TestApp): Promise<World> {
  const a = await createTenant(testApp, 'A');
  const b = await createTenant(testApp, 'B');
  const outsider = await signUpPerson(testApp, 'outsider-');
  return { testApp, a, b, outsider };
}

/** Everything that identifies a tenant's data: an answer to anyone outside it must contain none of it. */
export function markersOf(tenant: Tenant): string[] {
  return [
    tenant.id,
    tenant.name,
    tenant.slug,
    tenant.admin.id,
    tenant.admin.email,
    tenant.member.id,
    tenant.member.email,
    tenant.floorId,
    tenant.floorName,
    ...tenant.deskIds,
    ...tenant.deskNames,
    tenant.bookingId,
    tenant.invitationId,
    tenant.invitedEmail,
    tenant.uploadId,
  ];
}

import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { insertMembership, signUp as signUpFrom, startTestAppForFile, type TestApp, uniqueEmail } from './harness.ts';

export const password = 'correct horse battery';
export const teamTestEnvironment = { TRUST_PROXY: 'true' };

/** The file's app for team tests (startTestAppForFile): it trusts the proxy, so newClient's addresses count. */
export function startTeamAppForFile(environment: Record<string, string> = {}): TestApp {
  return startTestAppForFile({ environment: { ...teamTestEnvironment, ...environment } });
}

let slugCounter = 0;
let addressCounter = 0;

/** A signed-out client from a network address no other client uses (the app must trust the proxy). */
export function newClient(testApp: TestApp) {
  addressCounter += 1;
  return testApp.client({
    'x-forwarded-for': `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`,
  });
}

/** Registers a user through the API, each from its own address so the sign-up limit per network never trips. */
export function signUp(testApp: TestApp, names: { firstName?: string; lastName?: string } = {}) {
  return signUpFrom(testApp, { ...names, password, client: newClient(testApp) });
}

export type SignedUp = Awaited<ReturnType<typeof signUp>>;

export interface Team {
  id: string;
  admin: SignedUp;
}

/** An organization created through the API by a new admin (a 14-day Tier 1 trial). */
export async function createTeam(testApp: TestApp, admin?: SignedUp): Promise<Team> {
  const owner = admin ?? (await signUp(testApp, { firstName: 'Ada', lastName: 'Admin' }));
  slugCounter += 1;
  const response = await owner.client.post('/api/organizations', {
    name: 'Acme Corp',
    slug: `team-${Date.now().toString(36)}-${slugCounter}`,
  });
  if (response.status !== 201) throw new Error(`organization: ${response.status} ${response.text}`);
  return { id: response.body.id, admin: owner };
}

/** A new user made a member by SQL (the invitation path is tested on its own). */
export async function addMember(
  testApp: TestApp,
  organizationId: string,
  role: 'admin' | 'member' = 'member',
  names: { firstName?: string; lastName?: string } = { firstName: 'Mia', lastName: 'Member' },
): Promise<SignedUp> {
  const member = await signUp(testApp, names);
  await insertMembership(testApp, organizationId, member.user.id, role);
  return member;
}

export async function setSubscription(
  testApp: TestApp,
  organizationId: string,
  values: { maxUsers?: number; status?: string; endsAt?: string | null },
): Promise<void> {
  const current = await testApp.database.sql.query<{ max_users: number; status: string; ends_at: Date | null }>(
    'SELECT max_users, status, ends_at FROM subscriptions WHERE organization_id = $1',
    [organizationId],
  );
  const row = current[0];
  if (!row) throw new Error('no subscription');
  await testApp.database.sql.query(
    'UPDATE subscriptions SET max_users = $2, status = $3, ends_at = $4 WHERE organization_id = $1',
    [
      organizationId,
      values.maxUsers ?? row.max_users,
      values.status ?? row.status,
      values.endsAt === undefined ? row.ends_at : values.endsAt,
    ],
  );
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The token of the newest invitation mail sent to the address. */
export function lastInvitationToken(testApp: TestApp, email: string): string {
  const mail = testApp.mails.filter((item) => item.to === email).at(-1);
  const link = mail?.links?.[0] ?? '';
  expect(link).toMatch(/^http:\/\/perch\.test\/signup\?token=[A-Za-z0-9_-]{43}$/);
  return new URL(link).searchParams.get('token') ?? '';
}

/** Invites the address as an admin of the team and answers the token from the mail. */
export async function inviteAndGetToken(
  testApp: TestApp,
  team: Team,
  email = uniqueEmail('invitee'),
  role: 'admin' | 'member' = 'member',
) {
  const response = await team.admin.client.post(`/api/organizations/${team.id}/invite`, { emails: [email], role });
  expect(response.status).toBe(200);
  expect(response.body.summary).toEqual({ sent: 1, failed: 0 });
  return { email, token: lastInvitationToken(testApp, email) };
}

/** Ends the invitation sent to `email` a second ago, by SQL, as time would; answers its id. */
export async function expireInvitation(testApp: TestApp, email: string): Promise<string> {
  const [row] = await testApp.database.sql.query<{ id: string }>(
    "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = $1 RETURNING id",
    [email],
  );
  if (!row) throw new Error(`no invitation to ${email}`);
  return row.id;
}

/** Revokes the invitation sent to `email` by SQL (revoking through the API is tested on its own). */
export async function revokeInvitation(testApp: TestApp, email: string): Promise<void> {
  await testApp.database.sql.query('UPDATE invitations SET revoked_at = now() WHERE email = $1', [email]);
}

/** A floor and `count` desks, inserted by SQL. */
export async function addDesks(testApp: TestApp, organizationId: string, count = 2): Promise<string[]> {
  const [floor] = await testApp.database.sql.query<{ id: string }>(
    "INSERT INTO floors (organization_id, name) VALUES ($1, 'Floor 1') RETURNING id",
    [organizationId],
  );
  const rows = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
     SELECT $1, $2, 'D' || lpad(n::text, greatest(2, length(n::text)), '0'), 10 * n, 10, 120, 80 FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [organizationId, floor?.id, count],
  );
  return rows.map((row) => row.id);
}

/**
 * A booking row inserted by SQL, on any date (the API refuses past ones): `bookingDate`, or `daysFromToday` after the
 * database's date (negative: a past booking).
 */
export async function insertBooking(
  testApp: TestApp,
  values: {
    organizationId: string;
    deskId: string;
    userId: string;
    timeSlot?: 'full-day' | 'morning' | 'afternoon';
    isPermanent?: boolean;
  } & ({ bookingDate: string; daysFromToday?: never } | { daysFromToday: number; bookingDate?: never }),
): Promise<string> {
  const [row] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, is_permanent)
     VALUES ($1, $2, $3, coalesce($4::date, current_date + $5::int), $6, $7) RETURNING id`,
    [
      values.organizationId,
      values.deskId,
      values.userId,
      values.bookingDate ?? null,
      values.daysFromToday ?? 0,
      values.timeSlot ?? 'full-day',
      values.isPermanent ?? false,
    ],
  );
  if (!row) throw new Error('booking not inserted');
  return row.id;
}

export interface BookedDesk {
  deskId: string;
  bookingId: string;
}

/**
 * One new desk per user in `userIds`, each booked by that user for the full day `daysFromToday` ahead (tomorrow by
 * default); answers the desks and bookings in the users' order.
 */
export async function bookOneDeskEach(
  testApp: TestApp,
  organizationId: string,
  userIds: string[],
  daysFromToday = 1,
): Promise<BookedDesk[]> {
  const deskIds = await addDesks(testApp, organizationId, userIds.length);
  const booked: BookedDesk[] = [];
  for (const [index, userId] of userIds.entries()) {
    const deskId = deskIds[index] as string;
    booked.push({ deskId, bookingId: await insertBooking(testApp, { organizationId, deskId, userId, daysFromToday }) });
  }
  return booked;
}

export async function bookingStatuses(testApp: TestApp, ids: string[]) {
  return testApp.database.sql.query<{ id: string; status: string; cancelled_by: string | null }>(
    'SELECT id, status, cancelled_by FROM bookings WHERE id = ANY($1::uuid[]) ORDER BY id',
    [ids],
  );
}

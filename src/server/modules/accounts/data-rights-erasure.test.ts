import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findInEveryTable } from '#test-support/find-in-every-table.ts';
import { insertMembership, type TestClient, uniqueEmail } from '#test-support/harness.ts';
import { tinyPng } from '#test-support/image-fixtures.ts';
import { approveLink, createCheckout, pathOf } from '#test-support/subscriptions.ts';
import {
  addDesks,
  createTeam,
  insertBooking,
  inviteAndGetToken,
  newClient,
  password,
  startTeamAppForFile,
  type Team,
} from '#test-support/team.ts';
import { putBytes, requestUploadUrl } from '#test-support/uploads.ts';

const testApp = startTeamAppForFile();

const names = { firstName: 'Zephyrine', lastName: 'Quillfeather' };
const deletedUser = 'a deleted user';

const deleteAccount = (client: TestClient) => client.request('DELETE', '/api/user', { password });

const count = async (query: string, params: unknown[]) =>
  Number((await testApp.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${query}`, params))[0]?.n);

/** A person with distinctive names who joins the team through an invitation mailed to them. */
async function personInvitedTo(team: Team) {
  const email = uniqueEmail('forget.me');
  const { token } = await inviteAndGetToken(testApp, team, email, 'member');
  const client = newClient(testApp);
  const response = await client.post('/api/signup-with-invitation', { token, password, ...names });
  expect(response.status).toBe(201);
  return { client, email, user: response.body as { id: string } };
}

type Person = Awaited<ReturnType<typeof personInvitedTo>>;

/** An organization named after the person, of which they are the only member: it goes with the account. */
async function ownOrganization(person: Person) {
  const created = await person.client.post('/api/organizations', {
    name: `${names.lastName} Studio`,
    slug: `studio-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
  });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  const [desk] = (await addDesks(testApp, id, 1)) as [string];
  await insertBooking(testApp, { organizationId: id, deskId: desk, userId: person.user.id, daysFromToday: 1 });
  return id;
}

/**
 * Everything that records a person: an accepted invitation, a role change, bookings an admin cancelled one by one
 * and all at once, an invitation they sent, a removal from another organization, a pending invitation from a
 * third, and an organization of their own with desks, bookings and a checkout in progress.
 */
async function personWithHistory() {
  const shared = await createTeam(testApp);
  const person = await personInvitedTo(shared);
  const admin = shared.admin.client;
  const promoted = await admin.request('PATCH', `/api/organizations/${shared.id}/members/${person.user.id}/role`, {
    role: 'admin',
  });
  expect(promoted.status).toBe(200);
  const [first, second] = (await addDesks(testApp, shared.id, 2)) as [string, string];
  const booking = await insertBooking(testApp, {
    organizationId: shared.id,
    deskId: first,
    userId: person.user.id,
    daysFromToday: 1,
  });
  await insertBooking(testApp, { organizationId: shared.id, deskId: second, userId: person.user.id, daysFromToday: 2 });
  expect((await admin.request('DELETE', `/api/bookings/${booking}`)).status).toBe(200);
  expect(
    (await admin.request('DELETE', `/api/organizations/${shared.id}/users/${person.user.id}/bookings`)).status,
  ).toBe(200);
  const guest = uniqueEmail('guest');
  expect(
    (await person.client.post(`/api/organizations/${shared.id}/invite`, { emails: guest, role: 'member' })).status,
  ).toBe(200);

  const left = await createTeam(testApp);
  await insertMembership(testApp, left.id, person.user.id);
  expect(
    (await left.admin.client.request('DELETE', `/api/organizations/${left.id}/members/${person.user.id}`)).status,
  ).toBe(200);
  const inviting = await createTeam(testApp);
  await inviteAndGetToken(testApp, inviting, person.email, 'admin');

  const own = await ownOrganization(person);
  const checkout = await createCheckout(person.client, own, 'tier-2');
  return { shared, person, guest, own, checkoutPage: pathOf(approveLink(checkout)) };
}

describe('deleting an account forgets the person', () => {
  it('leaves their e-mail and names in no column of any table', async () => {
    const { person } = await personWithHistory();
    const needles = [person.email, names.firstName, names.lastName].map((needle) => needle.toLowerCase());
    // The scan sees every place the person is recorded today, so an empty scan afterwards means something.
    expect(await findInEveryTable(testApp, needles)).toEqual(
      expect.arrayContaining([
        `users.email: ${needles[0]}`,
        `users.first_name: ${needles[1]}`,
        `invitations.email: ${needles[0]}`,
        `audit_events.actor_email: ${needles[0]}`,
        `audit_events.details: ${needles[0]}`,
        `audit_events.details: ${needles[2]}`,
        `organizations.name: ${needles[2]}`,
        `local_checkout_subscriptions.display: ${needles[2]}`,
      ]),
    );

    expect((await deleteAccount(person.client)).status).toBe(200);
    expect(await findInEveryTable(testApp, needles)).toEqual([]);
  });

  it('shows "a deleted user" in the audit log wherever the person was named, and keeps everyone else', async () => {
    const { shared, person, guest } = await personWithHistory();
    expect((await deleteAccount(person.client)).status).toBe(200);

    const log = await shared.admin.client.get(`/api/organizations/${shared.id}/audit-log?limit=100`);
    expect(log.status).toBe(200);
    const events = [...log.body.events].reverse();
    expect(events.map((event: { action: string }) => event.action)).toEqual([
      'invitation.sent',
      'member.role_changed',
      'booking.cancelled_by_admin',
      'member.bookings_cancelled',
      'invitation.sent',
      'member.account_deleted',
    ]);
    const [invited, promoted, cancelled, cancelledAll, sentByPerson, deleted] = events;
    const admin = { email: shared.admin.email, name: 'Ada Admin' };
    expect(invited).toMatchObject({ actor: admin, details: { email: deletedUser, role: 'member' } });
    expect(promoted).toMatchObject({
      actor: admin,
      target: { type: 'user', id: person.user.id },
      details: { member: { name: deletedUser, email: deletedUser }, from: 'member', to: 'admin' },
    });
    expect(cancelled).toMatchObject({ actor: admin, details: { owner: { name: deletedUser, email: deletedUser } } });
    expect(cancelledAll).toMatchObject({ actor: admin, details: { member: { name: deletedUser } } });
    expect(sentByPerson).toMatchObject({ actor: { email: deletedUser, name: null }, details: { email: guest } });
    expect(deleted).toMatchObject({
      actor: { email: deletedUser, name: null },
      target: { type: 'user', id: person.user.id },
      details: { member: { name: deletedUser }, role: 'admin', cancelledBookings: 0 },
    });
  });

  it('removes invitations sent to the person, and keeps those they sent without saying who sent them', async () => {
    const { shared, person, guest } = await personWithHistory();
    expect(await count('invitations WHERE email = $1', [person.email])).toBe(2);
    expect((await deleteAccount(person.client)).status).toBe(200);
    expect(await count('invitations WHERE email = $1 OR accepted_by = $2', [person.email, person.user.id])).toBe(0);
    expect(
      await count('invitations WHERE organization_id = $1 AND email = $2 AND invited_by IS NULL', [shared.id, guest]),
    ).toBe(1);
  });

  it('removes the local checkout of an organization deleted with the account, whose page then answers 404', async () => {
    const { person, own, checkoutPage } = await personWithHistory();
    expect((await person.client.get(checkoutPage)).status).toBe(200);
    expect(await count('local_checkout_subscriptions WHERE custom_id = $1', [own])).toBe(1);
    expect((await deleteAccount(person.client)).status).toBe(200);
    expect(await count('local_checkout_subscriptions WHERE custom_id = $1', [own])).toBe(0);
    const page = await newClient(testApp).get(checkoutPage);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain(names.lastName);
  });

  it('removes the booking revisions of desks of an organization deleted with the account, and keeps the others', async () => {
    const { shared, person, own } = await personWithHistory();
    expect(await count('desk_booking_revisions WHERE organization_id = $1', [own])).toBe(1);
    const sharedRevisions = await count('desk_booking_revisions WHERE organization_id = $1', [shared.id]);
    expect(sharedRevisions).toBe(2);
    expect((await deleteAccount(person.client)).status).toBe(200);
    expect(await count('desk_booking_revisions WHERE organization_id = $1', [own])).toBe(0);
    expect(await count('desk_booking_revisions WHERE organization_id = $1', [shared.id])).toBe(sharedRevisions);
  });
});

describe('the floor-plan files of an organization deleted with the account', () => {
  const objectsOf = (organizationId: string) =>
    path.join(testApp.config.dataDir, 'objects', 'floor-plans', organizationId);

  async function uploadFloorPlan(client: TestClient, organizationId: string): Promise<void> {
    const uploadUrl = await requestUploadUrl(client, organizationId);
    expect((await putBytes(testApp, uploadUrl, tinyPng())).status).toBe(200);
  }

  it('are removed from the local store after the deletion, while other organizations keep theirs', async () => {
    const shared = await createTeam(testApp);
    const person = await personInvitedTo(shared);
    const own = await ownOrganization(person);
    await uploadFloorPlan(person.client, own);
    await uploadFloorPlan(person.client, own);
    // A link issued but never used: a row without a file.
    await requestUploadUrl(person.client, own);
    await uploadFloorPlan(shared.admin.client, shared.id);
    expect(await fs.readdir(objectsOf(own))).toHaveLength(2);

    expect((await deleteAccount(person.client)).status).toBe(200);
    await expect(fs.access(objectsOf(own))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await fs.readdir(objectsOf(shared.id))).toHaveLength(1);
  });

  it('that cannot be removed are logged, and the account is deleted all the same', async () => {
    const shared = await createTeam(testApp);
    const person = await personInvitedTo(shared);
    const own = await ownOrganization(person);
    await uploadFloorPlan(person.client, own);
    const store = testApp.app.perch.objectStore;
    const removal = vi.spyOn(store, 'removeAll').mockRejectedValue(new Error('the disk is away'));
    const logged = vi.spyOn(testApp.app.log, 'error');
    try {
      const response = await deleteAccount(person.client);
      expect(response.status).toBe(200);
      expect(response.body.deletedOrganizations).toEqual([`${names.lastName} Studio`]);
      expect(removal).toHaveBeenCalledWith(`floor-plans/${own}`);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ organizationId: own }),
        'a deleted organization’s floor-plan files could not be removed',
      );
    } finally {
      removal.mockRestore();
      logged.mockRestore();
    }
    expect(await count('users WHERE id = $1', [person.user.id])).toBe(0);
    expect(await count('organizations WHERE id = $1', [own])).toBe(0);
  });
});

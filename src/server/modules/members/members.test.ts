import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#domain/dates.ts';
import { insertMembership } from '#test-support/harness.ts';
import {
  addDesks,
  addMember,
  bookingStatuses,
  createTeam,
  insertBooking,
  type SignedUp,
  signUp,
  startTeamAppForFile,
  type Team,
} from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const membersOf = (team: Team) => `/api/organizations/${team.id}/members`;
const roleOf = (team: Team, userId: string) => `/api/organizations/${team.id}/members/${userId}/role`;
const memberPath = (team: Team, userId: string) => `/api/organizations/${team.id}/members/${userId}`;

async function rolesIn(team: Team) {
  return testApp.database.sql.query<{ user_id: string; role: string }>(
    'SELECT user_id, role FROM memberships WHERE organization_id = $1 ORDER BY role, user_id',
    [team.id],
  );
}

async function timeZoneOf(team: Team): Promise<string> {
  const [row] = await testApp.database.sql.query<{ time_zone: string }>(
    'SELECT time_zone FROM organizations WHERE id = $1',
    [team.id],
  );
  return row!.time_zone;
}

describe('listing members', () => {
  it('answers every member with role, join time and public user fields, to admins and members alike', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Mia', lastName: 'Member' });
    const expected = [
      {
        userId: team.admin.user.id,
        role: 'admin',
        createdAt: expect.stringMatching(/Z$/),
        user: {
          id: team.admin.user.id,
          firstName: 'Ada',
          lastName: 'Admin',
          email: team.admin.email,
          profileImageUrl: null,
        },
      },
      {
        userId: member.user.id,
        role: 'member',
        createdAt: expect.stringMatching(/Z$/),
        user: { id: member.user.id, firstName: 'Mia', lastName: 'Member', email: member.email, profileImageUrl: null },
      },
    ];
    for (const client of [team.admin.client, member.client]) {
      const response = await client.get(membersOf(team));
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expected);
    }
  });

  it('answers the caller its own member row on /members/me', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const mine = await member.client.get(`${membersOf(team)}/me`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ userId: member.user.id, role: 'member', user: { email: member.email } });
    expect((await team.admin.client.get(`${membersOf(team)}/me`)).body.role).toBe('admin');
  });

  it('answers 404 to a signed-in user of another organization, for a made-up id and for a non-uuid id', async () => {
    const team = await createTeam(testApp);
    const other = await createTeam(testApp);
    for (const url of [
      membersOf(team),
      `${membersOf(team)}/me`,
      `/api/organizations/${randomUUID()}/members`,
      '/api/organizations/not-a-uuid/members',
      '/api/organizations/not-a-uuid/members/me',
    ]) {
      const response = await other.admin.client.get(url);
      expect(response.status, url).toBe(404);
      expect(response.body.message).toBe('Organization not found.');
    }
  });
});

describe('signed out', () => {
  it('answers 401 to every member call, before looking at the input', async () => {
    const team = await createTeam(testApp);
    const anonymous = testApp.client();
    const userId = team.admin.user.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', membersOf(team)],
      ['GET', `${membersOf(team)}/me`],
      ['PATCH', roleOf(team, userId), { role: 'member' }],
      ['PATCH', roleOf(team, userId), { role: 'nonsense' }],
      ['DELETE', memberPath(team, userId)],
      ['DELETE', '/api/organizations/x/members/y'],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(401);
    }
    expect(await rolesIn(team)).toEqual([{ user_id: userId, role: 'admin' }]);
  });
});

describe('changing a role', () => {
  let team: Team;
  let member: SignedUp;
  beforeAll(async () => {
    team = await createTeam(testApp);
    member = await addMember(testApp, team.id);
  });

  it('lets an admin promote a member to admin and demote them again, answering the member', async () => {
    const promoted = await team.admin.client.request('PATCH', roleOf(team, member.user.id), { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: member.user.id, role: 'admin', user: { email: member.email } });
    expect((await member.client.get(`${membersOf(team)}/me`)).body.role).toBe('admin');
    expect((await member.client.get(`/api/organizations/${team.id}`)).body.role).toBe('admin');

    const demoted = await team.admin.client.request('PATCH', roleOf(team, member.user.id), { role: 'member' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('member');
    expect((await member.client.get(`${membersOf(team)}/me`)).body.role).toBe('member');
  });

  it("refuses an admin's change of its own role with 403", async () => {
    const other = await addMember(testApp, team.id, 'admin');
    for (const role of ['member', 'admin']) {
      const response = await team.admin.client.request('PATCH', roleOf(team, team.admin.user.id), { role });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('You cannot change your own role.');
    }
    await team.admin.client.request('DELETE', memberPath(team, other.user.id));
    expect((await team.admin.client.get(`${membersOf(team)}/me`)).body.role).toBe('admin');
  });

  it('refuses a member with 403 and changes nothing', async () => {
    const response = await member.client.request('PATCH', roleOf(team, member.user.id), { role: 'admin' });
    expect(response.status).toBe(403);
    const other = await member.client.request('PATCH', roleOf(team, team.admin.user.id), { role: 'member' });
    expect(other.status).toBe(403);
    expect((await rolesIn(team)).map((row) => row.role).sort()).toEqual(['admin', 'member']);
  });

  it('answers 404 for a user who is not a member here, an unknown id and a non-uuid id', async () => {
    const elsewhere = await createTeam(testApp);
    for (const userId of [elsewhere.admin.user.id, randomUUID(), 'not-a-uuid']) {
      const response = await team.admin.client.request('PATCH', roleOf(team, userId), { role: 'admin' });
      expect(response.status, userId).toBe(404);
      expect(response.body.message).toBe('Member not found.');
    }
    const otherTenant = await elsewhere.admin.client.request('PATCH', roleOf(team, member.user.id), { role: 'admin' });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body.message).toBe('Organization not found.');
  });

  it('refuses a role other than admin or member, or a missing one, with 400 naming the field', async () => {
    for (const body of [{ role: 'owner' }, {}, { role: 'admin', extra: true }]) {
      const response = await team.admin.client.request('PATCH', roleOf(team, member.user.id), body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/\S/);
    }
    const owner = await team.admin.client.request('PATCH', roleOf(team, member.user.id), { role: 'owner' });
    expect(owner.body.message).toBe('Role must be admin or member (role)');
  });
});

describe('the last admin', () => {
  it('keeps at least one admin when two admins demote each other at the same moment', async () => {
    const team = await createTeam(testApp);
    const second = await addMember(testApp, team.id, 'admin');
    const responses = await Promise.all([
      team.admin.client.request('PATCH', roleOf(team, second.user.id), { role: 'member' }),
      second.client.request('PATCH', roleOf(team, team.admin.user.id), { role: 'member' }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 403]);
    expect((await rolesIn(team)).filter((row) => row.role === 'admin')).toHaveLength(1);
  });

  it('keeps at least one admin when two admins remove each other at the same moment', async () => {
    const team = await createTeam(testApp);
    const second = await addMember(testApp, team.id, 'admin');
    const responses = await Promise.all([
      team.admin.client.request('DELETE', memberPath(team, second.user.id)),
      second.client.request('DELETE', memberPath(team, team.admin.user.id)),
    ]);
    // The loser is refused either way: 403 when it was still a member as its request began (the team lock
    // then finds it no longer an admin), 404 when its removal had already committed (no longer a member).
    const [winner, loser] = responses.map((response) => response.status).sort();
    expect(winner).toBe(200);
    expect([403, 404]).toContain(loser);
    const left = await rolesIn(team);
    expect(left).toHaveLength(1);
    expect(left[0]?.role).toBe('admin');
  });

  it('never lets the only admin demote or remove itself', async () => {
    const team = await createTeam(testApp);
    await addMember(testApp, team.id);
    const demote = await team.admin.client.request('PATCH', roleOf(team, team.admin.user.id), { role: 'member' });
    const remove = await team.admin.client.request('DELETE', memberPath(team, team.admin.user.id));
    expect([demote.status, remove.status]).toEqual([403, 403]);
    expect(remove.body.message).toBe('You cannot remove yourself from the organization.');
    expect((await rolesIn(team)).find((row) => row.user_id === team.admin.user.id)?.role).toBe('admin');
  });
});

describe('removing a member', () => {
  it('deletes the membership and cancels their bookings here from today on and permanent ones, not past ones', async () => {
    const team = await createTeam(testApp);
    const [deskA, deskB, deskC] = await addDesks(testApp, team.id, 3);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Mia', lastName: 'Member' });
    const otherTeam = await createTeam(testApp);
    await insertMembership(testApp, otherTeam.id, member.user.id, 'member');
    const [otherDesk] = await addDesks(testApp, otherTeam.id, 1);
    const base = { organizationId: team.id, userId: member.user.id };
    // "Today" is the organization's, in its time zone, whatever the database server's date.
    const today = todayIn(await timeZoneOf(team));
    const cancelledOnes = [
      await insertBooking(testApp, { ...base, deskId: deskA!, daysFromToday: 3 }),
      await insertBooking(testApp, { ...base, deskId: deskA!, bookingDate: today, timeSlot: 'morning' }),
      await insertBooking(testApp, { ...base, deskId: deskB!, daysFromToday: 10, isPermanent: true }),
      await insertBooking(testApp, { ...base, deskId: deskC!, bookingDate: addDays(today, -10), isPermanent: true }),
    ];
    const past = await insertBooking(testApp, { ...base, deskId: deskA!, bookingDate: addDays(today, -2) });
    const alreadyCancelled = await insertBooking(testApp, { ...base, deskId: deskA!, daysFromToday: 5 });
    await testApp.database.sql.query(
      "UPDATE bookings SET status = 'cancelled', cancelled_at = now() - interval '1 day' WHERE id = $1",
      [alreadyCancelled],
    );
    const adminsBooking = await insertBooking(testApp, {
      ...base,
      userId: team.admin.user.id,
      deskId: deskA!,
      daysFromToday: 4,
    });
    const elsewhere = await insertBooking(testApp, {
      organizationId: otherTeam.id,
      userId: member.user.id,
      deskId: otherDesk!,
      daysFromToday: 3,
    });

    const response = await team.admin.client.request('DELETE', memberPath(team, member.user.id));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Mia Member was removed from Acme Corp; 4 bookings were cancelled.',
      cancelledBookings: 4,
    });
    expect(await bookingStatuses(testApp, cancelledOnes)).toEqual(
      [...cancelledOnes].sort().map((id) => ({ id, status: 'cancelled', cancelled_by: team.admin.user.id })),
    );
    // A past booking is history: it stays as it was.
    expect(await bookingStatuses(testApp, [past])).toEqual([{ id: past, status: 'active', cancelled_by: null }]);
    const [untouched] = await testApp.database.sql.query<{ cancelled_by: string | null; old: boolean }>(
      "SELECT cancelled_by, cancelled_at < now() - interval '1 hour' AS old FROM bookings WHERE id = $1",
      [alreadyCancelled],
    );
    expect(untouched).toEqual({ cancelled_by: null, old: true });
    expect((await bookingStatuses(testApp, [adminsBooking, elsewhere])).map((row) => row.status)).toEqual([
      'active',
      'active',
    ]);

    expect((await member.client.get(`/api/organizations/${team.id}`)).status).toBe(404);
    expect((await member.client.get(`/api/organizations/${otherTeam.id}`)).status).toBe(200);
    const listed = (await team.admin.client.get(membersOf(team))).body.map((row: any) => row.userId);
    expect(listed).toEqual([team.admin.user.id]);
  });

  it('answers zero cancelled bookings and names a member without names by the start of the e-mail', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: '', lastName: '' });
    const response = await team.admin.client.request('DELETE', memberPath(team, member.user.id));
    expect(response.status).toBe(200);
    expect(response.body.cancelledBookings).toBe(0);
    expect(response.body.message).toBe(
      `${member.email.split('@')[0]} was removed from Acme Corp; 0 bookings were cancelled.`,
    );
  });

  it('lets an admin remove another admin', async () => {
    const team = await createTeam(testApp);
    const other = await addMember(testApp, team.id, 'admin');
    expect((await team.admin.client.request('DELETE', memberPath(team, other.user.id))).status).toBe(200);
    expect(await rolesIn(team)).toEqual([{ user_id: team.admin.user.id, role: 'admin' }]);
  });

  it('refuses a member with 403, and 404 for a non-member, unknown or non-uuid user', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const other = await addMember(testApp, team.id);
    expect((await member.client.request('DELETE', memberPath(team, other.user.id))).status).toBe(403);
    expect((await member.client.request('DELETE', memberPath(team, member.user.id))).status).toBe(403);
    const stranger = await signUp(testApp);
    for (const userId of [stranger.user.id, randomUUID(), 'x'.repeat(40)]) {
      const response = await team.admin.client.request('DELETE', memberPath(team, userId));
      expect(response.status, userId).toBe(404);
    }
    const elsewhere = await createTeam(testApp);
    expect((await elsewhere.admin.client.request('DELETE', memberPath(team, member.user.id))).status).toBe(404);
    expect(await rolesIn(team)).toHaveLength(3);
  });

  it('leaves both the membership and the bookings as they were when the removal fails half-way', async () => {
    const team = await createTeam(testApp);
    const [desk] = await addDesks(testApp, team.id, 1);
    const member = await addMember(testApp, team.id);
    const bookings = [
      await insertBooking(testApp, {
        organizationId: team.id,
        userId: member.user.id,
        deskId: desk!,
        daysFromToday: 1,
      }),
      await insertBooking(testApp, {
        organizationId: team.id,
        userId: member.user.id,
        deskId: desk!,
        daysFromToday: 2,
      }),
    ];
    // The membership delete runs after the bookings update; make it fail for this member only.
    await testApp.database.sql.exec(`
      CREATE FUNCTION refuse_member_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.user_id = '${member.user.id}' THEN RAISE EXCEPTION 'membership delete refused by the test'; END IF;
        RETURN OLD;
      END $$;
      CREATE TRIGGER refuse_member_delete BEFORE DELETE ON memberships
        FOR EACH ROW EXECUTE FUNCTION refuse_member_delete();`);
    try {
      const response = await team.admin.client.request('DELETE', memberPath(team, member.user.id));
      expect(response.status).toBe(500);
      expect(response.body.message).not.toMatch(/refused by the test/);
      expect((await bookingStatuses(testApp, bookings)).map((row) => row.status)).toEqual(['active', 'active']);
      expect((await member.client.get(`/api/organizations/${team.id}`)).status).toBe(200);
    } finally {
      await testApp.database.sql.exec(
        'DROP TRIGGER refuse_member_delete ON memberships; DROP FUNCTION refuse_member_delete();',
      );
    }
    const retried = await team.admin.client.request('DELETE', memberPath(team, member.user.id));
    expect(retried.status).toBe(200);
    expect(retried.body.cancelledBookings).toBe(2);
  });
});

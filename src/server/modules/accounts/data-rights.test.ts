import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#domain/dates.ts';
import { type TestApp, uniqueEmail } from '#test-support/harness.ts';
import { insertTeam } from '#test-support/neighbourhoods.ts';
import {
  addDesks,
  addMember,
  bookOneDeskEach,
  createTeam,
  insertBooking,
  newClient,
  password,
  signUp,
  startTeamAppForFile,
} from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const count = async (query: string, params: unknown[]) =>
  Number((await testApp.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${query}`, params))[0]?.n);

describe('downloading one’s data', () => {
  it('answers a JSON attachment with the account, memberships, bookings, invitations sent and sessions', async () => {
    const team = await createTeam(testApp);
    const colleague = await addMember(testApp, team.id, 'member', { firstName: 'Cleo', lastName: 'Colleague' });
    await bookOneDeskEach(testApp, team.id, [team.admin.user.id, colleague.user.id]);
    const invitee = uniqueEmail('invitee');
    await team.admin.client.post(`/api/organizations/${team.id}/invite`, { emails: invitee, role: 'admin' });
    // A second device: two sessions.
    await newClient(testApp).post('/api/login', { email: team.admin.email, password });
    // A home site (issue 28) and two teams (issue 29), kept in the copy by name.
    const [site] = await testApp.database.sql.query<{ id: string }>(
      `INSERT INTO sites (organization_id, name, time_zone) VALUES ($1, 'Head office', 'Europe/London') RETURNING id`,
      [team.id],
    );
    await team.admin.client.request('PUT', `/api/organizations/${team.id}/home-site`, { siteId: site?.id });
    for (const name of ['Engineering', 'Design']) {
      await insertTeam(testApp, team.id, name, { userIds: [team.admin.user.id] });
    }

    const response = await team.admin.client.get('/api/user/export');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="perch-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.body.account).toEqual({
      id: team.admin.user.id,
      email: team.admin.email,
      firstName: 'Ada',
      lastName: 'Admin',
      profileImageUrl: null,
      emailVerifiedAt: expect.stringMatching(/Z$/),
      createdAt: expect.stringMatching(/Z$/),
      checkInReminders: true,
      calendarFeedCreatedAt: null,
    });
    expect(response.body.memberships).toEqual([
      {
        organization: { id: team.id, name: 'Acme Corp', slug: expect.any(String) },
        role: 'admin',
        joinedAt: expect.any(String),
        homeSite: 'Head office',
        teams: ['Design', 'Engineering'],
      },
    ]);
    expect(response.body.bookings).toEqual([
      expect.objectContaining({
        organization: 'Acme Corp',
        desk: 'D01',
        floor: 'Floor 1',
        status: 'active',
        timeSlot: 'full-day',
      }),
    ]);
    expect(response.body.invitationsSent).toEqual([
      expect.objectContaining({
        organization: 'Acme Corp',
        email: invitee,
        role: 'admin',
        acceptedAt: null,
        revokedAt: null,
      }),
    ]);
    expect(response.body.sessions).toHaveLength(2);
    expect(Object.keys(response.body.sessions[0]).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'lastSeenAt',
      'signInMethod',
    ]);
    expect(response.body.administratorActions).toEqual([
      expect.objectContaining({ organization: 'Acme Corp', action: 'invitation.sent' }),
    ]);
  });

  it('lists the bookings kept of a desk deleted since, marked as such', async () => {
    const team = await createTeam(testApp);
    await bookOneDeskEach(testApp, team.id, [team.admin.user.id]);
    const [desk] = await testApp.database.sql.query<{ id: string }>(
      'SELECT desk_id AS id FROM bookings WHERE user_id = $1 AND organization_id = $2',
      [team.admin.user.id, team.id],
    );
    // Dated in the past, so that the deletion keeps it (future bookings of a deleted desk are not kept).
    await testApp.database.sql.query(
      'UPDATE bookings SET booking_date = booking_date - 400 WHERE user_id = $1 AND organization_id = $2',
      [team.admin.user.id, team.id],
    );
    expect((await team.admin.client.request('DELETE', `/api/desks/${desk?.id}`)).status).toBeLessThan(300);
    const response = await team.admin.client.get('/api/user/export');
    expect(response.body.bookings).toEqual([
      expect.objectContaining({ organization: 'Acme Corp', desk: 'D01', floor: 'Floor 1', deskDeleted: true }),
    ]);
  });

  it('never carries the password hash, a session id or anything of another user', async () => {
    const team = await createTeam(testApp);
    const colleague = await addMember(testApp, team.id, 'member', { firstName: 'Cleo', lastName: 'Colleague' });
    await bookOneDeskEach(testApp, team.id, [colleague.user.id]);
    const response = await team.admin.client.get('/api/user/export');
    expect(response.status).toBe(200);
    const [stored] = await testApp.database.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [team.admin.user.id],
    );
    const sessionIds = await testApp.database.sql.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [
      team.admin.user.id,
    ]);
    expect(response.text).not.toContain(stored?.password_hash);
    expect(response.text).not.toMatch(/argon2|passwordHash|password_hash/i);
    for (const session of sessionIds) expect(response.text).not.toContain(session.id);
    expect(response.text).not.toContain(colleague.email);
    expect(response.text).not.toContain(colleague.user.id);
    expect(response.text).not.toContain('Cleo');
    expect(response.body.bookings).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await testApp.client().get('/api/user/export')).status).toBe(401);
  });
});

describe('deleting one’s account', () => {
  const deleteAccount = (client: ReturnType<TestApp['client']>, body: unknown) =>
    client.request('DELETE', '/api/user', body);

  it('refuses a wrong or missing password with a sentence, and changes nothing', async () => {
    const someone = await signUp(testApp);
    const wrong = await deleteAccount(someone.client, { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('That password is not correct. Your account was not deleted.');
    const missing = await deleteAccount(someone.client, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('password');
    expect((await someone.client.get('/api/user')).status).toBe(200);
    expect((await testApp.client().request('DELETE', '/api/user', { password })).status).toBe(401);
  });

  it('answers 409 naming the organization to its last admin while others are in it, and changes nothing', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const [booking] = (await bookOneDeskEach(testApp, team.id, [team.admin.user.id])).map((booked) => booked.bookingId);
    const refused = await deleteAccount(team.admin.client, { password });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'You are the only administrator of Acme Corp, which has other members. Make someone else an administrator there first, then delete your account.',
    );
    expect((await team.admin.client.get('/api/user')).status).toBe(200);
    expect(await count("bookings WHERE id = $1 AND status = 'active'", [booking])).toBe(1);
    expect(await count('audit_events WHERE organization_id = $1', [team.id])).toBe(0);

    // With another admin, the same request goes through.
    await team.admin.client.request('PATCH', `/api/organizations/${team.id}/members/${member.user.id}/role`, {
      role: 'admin',
    });
    expect((await deleteAccount(team.admin.client, { password })).status).toBe(200);
  });

  it('refuses while an organization of theirs alone still has a subscription the provider renews', async () => {
    const team = await createTeam(testApp);
    await testApp.database.sql.query(
      "UPDATE subscriptions SET status = 'active', provider_subscription_id = 'I-TEST' WHERE organization_id = $1",
      [team.id],
    );
    const refused = await deleteAccount(team.admin.client, { password });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Acme Corp has an active subscription. Cancel it on the Subscription page first, then delete your account.',
    );
    expect(await count('organizations WHERE id = $1', [team.id])).toBe(1);
    await testApp.database.sql.query(
      "UPDATE subscriptions SET status = 'cancel_at_period_end' WHERE organization_id = $1",
      [team.id],
    );
    expect((await deleteAccount(team.admin.client, { password })).status).toBe(200);
    expect(await count('organizations WHERE id = $1', [team.id])).toBe(0);
  });

  it('cancels their bookings from today on and their permanent ones, and counts no past booking among them', async () => {
    const shared = await createTeam(testApp);
    const leaver = await addMember(testApp, shared.id, 'member', { firstName: 'Lee', lastName: 'Leaver' });
    const [deskA, deskB, deskC] = (await addDesks(testApp, shared.id, 3)) as [string, string, string];
    // "Today" is the organization's, in its time zone, whatever the database server's date.
    const [organization] = await testApp.database.sql.query<{ time_zone: string }>(
      'SELECT time_zone FROM organizations WHERE id = $1',
      [shared.id],
    );
    const today = todayIn(organization!.time_zone);
    const book = (deskId: string, bookingDate: string, isPermanent = false) =>
      insertBooking(testApp, { organizationId: shared.id, deskId, userId: leaver.user.id, bookingDate, isPermanent });
    await book(deskA, addDays(today, -2));
    await book(deskA, today);
    await book(deskA, addDays(today, 3));
    await book(deskB, addDays(today, -10), true);
    await book(deskC, addDays(today, -1));

    const response = await deleteAccount(leaver.client, { password });
    expect(response.status).toBe(200);
    expect(response.body.cancelledBookings).toBe(3);
    const log = await shared.admin.client.get(`/api/organizations/${shared.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'member.account_deleted',
      details: { role: 'member', cancelledBookings: 3 },
    });
  });

  it('leaves shared organizations intact, deletes one where it was the only member, and ends every session', async () => {
    const shared = await createTeam(testApp);
    const leaver = await addMember(testApp, shared.id, 'admin', { firstName: 'Lee', lastName: 'Leaver' });
    const [leaversBooking, keptBooking] = (
      await bookOneDeskEach(testApp, shared.id, [leaver.user.id, shared.admin.user.id])
    ).map((booked) => booked.bookingId) as [string, string];
    // The leaver cancelled the admin's booking once, invited someone, and uploaded the shared floor plan.
    await testApp.database.sql.query('UPDATE bookings SET cancelled_by = $1 WHERE id = $2', [
      leaver.user.id,
      keptBooking,
    ]);
    await leaver.client.post(`/api/organizations/${shared.id}/invite`, {
      emails: uniqueEmail('guest'),
      role: 'member',
    });
    const [upload] = await testApp.database.sql.query<{ id: string }>(
      `INSERT INTO uploads (organization_id, user_id, token_digest, object_key, expires_at, used_at, content_type, size_bytes)
       VALUES ($1, $2, $3, $4, now(), now(), 'image/png', 10) RETURNING id`,
      [shared.id, leaver.user.id, `digest-${leaver.user.id}`, `floor-plans/${shared.id}/${leaver.user.id}`],
    );

    const own = await createTeam(testApp, leaver);
    const [ownDesk] = (await addDesks(testApp, own.id, 1)) as [string];
    await insertBooking(testApp, { organizationId: own.id, deskId: ownDesk, userId: leaver.user.id, daysFromToday: 2 });
    const secondDevice = newClient(testApp);
    expect((await secondDevice.post('/api/login', { email: leaver.email, password })).status).toBe(200);

    const response = await deleteAccount(leaver.client, { password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Your account has been deleted.',
      cancelledBookings: 1,
      deletedOrganizations: ['Acme Corp'],
    });
    expect(response.headers['set-cookie']).toMatch(/perch_session=;/);

    // Signed out everywhere, and gone.
    expect((await leaver.client.get('/api/user')).status).toBe(401);
    expect((await secondDevice.get('/api/user')).status).toBe(401);
    expect((await newClient(testApp).post('/api/login', { email: leaver.email, password })).status).toBe(401);
    expect(await count('users WHERE id = $1', [leaver.user.id])).toBe(0);
    expect(await count('sessions WHERE user_id = $1', [leaver.user.id])).toBe(0);

    // Their organization of one is gone with its floors, desks and bookings.
    expect(await count('organizations WHERE id = $1', [own.id])).toBe(0);
    expect(await count('desks WHERE organization_id = $1', [own.id])).toBe(0);
    expect(await count('bookings WHERE organization_id = $1', [own.id])).toBe(0);

    // The shared organization keeps everything that is not theirs.
    expect(await count('memberships WHERE organization_id = $1', [shared.id])).toBe(1);
    expect(await count('bookings WHERE id = $1', [leaversBooking])).toBe(0);
    expect(await count('bookings WHERE id = $1 AND cancelled_by IS NULL', [keptBooking])).toBe(1);
    expect(await count('invitations WHERE organization_id = $1 AND invited_by IS NULL', [shared.id])).toBe(1);
    expect(await count('uploads WHERE id = $1 AND user_id IS NULL', [upload?.id])).toBe(1);
    expect(await count('desks WHERE organization_id = $1', [shared.id])).toBe(2);

    // The shared organization's admins see that a member left, not who (data-rights-erasure.test.ts goes further).
    const log = await shared.admin.client.get(`/api/organizations/${shared.id}/audit-log`);
    expect(log.body.events[0]).toMatchObject({
      action: 'member.account_deleted',
      actor: { email: 'a deleted user', name: null },
      details: { member: { name: 'a deleted user' }, role: 'admin', cancelledBookings: 1 },
    });
    expect(JSON.stringify(log.body)).not.toMatch(/Lee|Leaver/);
    expect(JSON.stringify(log.body)).not.toContain(leaver.email);

    // The address is free again.
    expect((await newClient(testApp).post('/api/register', { email: leaver.email, password })).status).toBe(201);
  });
});

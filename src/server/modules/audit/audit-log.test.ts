import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#domain/dates.ts';
import { insertMembership, uniqueEmail } from '#test-support/harness.ts';
import {
  addDesks,
  addMember,
  type BookedDesk,
  bookOneDeskEach,
  createTeam,
  insertBooking,
  type SignedUp,
  signUp,
  startTeamAppForFile,
  type Team,
} from '#test-support/team.ts';

const testApp = startTeamAppForFile();

interface EventRow {
  action: string;
  actor_user_id: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

async function eventsOf(team: Team): Promise<EventRow[]> {
  return testApp.database.sql.query<EventRow>(
    `SELECT action, actor_user_id, actor_email, target_type, target_id, details
     FROM audit_events WHERE organization_id = $1 ORDER BY id`,
    [team.id],
  );
}

/** The one event the action wrote, checked against who did it. */
async function expectOneEvent(team: Team, actor: SignedUp, action: string): Promise<EventRow> {
  const events = await eventsOf(team);
  expect(events.map((event) => event.action)).toEqual([action]);
  const [event] = events;
  expect(event).toMatchObject({ actor_user_id: actor.user.id, actor_email: actor.email });
  return event as EventRow;
}

const auditLog = (team: Team, query = '') => `/api/organizations/${team.id}/audit-log${query}`;

describe('recording admin actions', () => {
  it('records a role change with the admin, the member and both roles; setting the same role records nothing', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Sam', lastName: 'Lee' });
    const rolePath = `/api/organizations/${team.id}/members/${member.user.id}/role`;
    expect((await team.admin.client.request('PATCH', rolePath, { role: 'member' })).status).toBe(200);
    expect(await eventsOf(team)).toEqual([]);
    expect((await team.admin.client.request('PATCH', rolePath, { role: 'admin' })).status).toBe(200);
    const event = await expectOneEvent(team, team.admin, 'member.role_changed');
    expect(event).toMatchObject({ target_type: 'user', target_id: member.user.id });
    expect(event.details).toEqual({ member: { name: 'Sam Lee', email: member.email }, from: 'member', to: 'admin' });
  });

  it('records nothing when a role change is refused (a member asking, an admin changing its own role)', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const adminRole = `/api/organizations/${team.id}/members/${team.admin.user.id}/role`;
    expect((await member.client.request('PATCH', adminRole, { role: 'member' })).status).toBe(403);
    expect((await team.admin.client.request('PATCH', adminRole, { role: 'member' })).status).toBe(403);
    const memberRole = `/api/organizations/${team.id}/members/${member.user.id}/role`;
    expect((await team.admin.client.request('PATCH', memberRole, { role: 'owner' })).status).toBe(400);
    expect(await eventsOf(team)).toEqual([]);
  });

  it('records a removal with the number of bookings it cancelled, and a refused removal not at all', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Sam', lastName: 'Lee' });
    await bookOneDeskEach(testApp, team.id, [member.user.id]);
    const refused = await member.client.request(
      'DELETE',
      `/api/organizations/${team.id}/members/${team.admin.user.id}`,
    );
    expect(refused.status).toBe(403);
    expect(await eventsOf(team)).toEqual([]);
    const removed = await team.admin.client.request(
      'DELETE',
      `/api/organizations/${team.id}/members/${member.user.id}`,
    );
    expect(removed.status).toBe(200);
    const event = await expectOneEvent(team, team.admin, 'member.removed');
    expect(event.details).toEqual({
      member: { name: 'Sam Lee', email: member.email },
      role: 'member',
      cancelledBookings: 1,
    });
  });

  it("records cancelling all of a member's bookings once, and nothing when there was none to cancel", async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const path = `/api/organizations/${team.id}/users/${member.user.id}/bookings`;
    expect((await team.admin.client.request('DELETE', path)).status).toBe(200);
    expect(await eventsOf(team)).toEqual([]);
    const desks = await addDesks(testApp, team.id, 2);
    for (const [index, deskId] of desks.entries()) {
      await insertBooking(testApp, {
        organizationId: team.id,
        deskId,
        userId: member.user.id,
        daysFromToday: index + 1,
      });
    }
    expect((await team.admin.client.request('DELETE', path)).body.cancelledCount).toBe(2);
    const event = await expectOneEvent(team, team.admin, 'member.bookings_cancelled');
    expect(event).toMatchObject({ target_type: 'user', target_id: member.user.id });
    expect(event.details).toMatchObject({ cancelledBookings: 2 });
  });

  it('records each invitation sent, revoked and resent, with its address', async () => {
    const team = await createTeam(testApp);
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const sent = await team.admin.client.post(`/api/organizations/${team.id}/invite`, {
      emails: `${first}, not-an-address, ${second}`,
      role: 'member',
    });
    expect(sent.body.summary).toEqual({ sent: 2, failed: 1 });
    const invitations = (await team.admin.client.get(`/api/organizations/${team.id}/invitations`)).body as Array<{
      id: string;
      email: string;
    }>;
    const idOf = (email: string) => invitations.find((item) => item.email === email)?.id;
    expect((await eventsOf(team)).map((event) => [event.action, event.target_id, event.details.email])).toEqual([
      ['invitation.sent', idOf(first), first],
      ['invitation.sent', idOf(second), second],
    ]);
    await testApp.database.sql.query('DELETE FROM audit_events WHERE organization_id = $1', [team.id]);

    const invitationPath = `/api/organizations/${team.id}/invitations/${idOf(first)}`;
    expect((await team.admin.client.request('DELETE', invitationPath)).status).toBe(200);
    expect((await team.admin.client.request('DELETE', invitationPath)).status).toBe(404);
    expect((await team.admin.client.post(`${invitationPath}/resend`)).status).toBe(404);
    const revoked = await expectOneEvent(team, team.admin, 'invitation.revoked');
    expect(revoked).toMatchObject({ target_id: idOf(first), details: { email: first, role: 'member' } });
    await testApp.database.sql.query('DELETE FROM audit_events WHERE organization_id = $1', [team.id]);

    const resent = await team.admin.client.post(`/api/organizations/${team.id}/invitations/${idOf(second)}/resend`);
    expect(resent.status).toBe(200);
    const event = await expectOneEvent(team, team.admin, 'invitation.resent');
    expect(event).toMatchObject({ target_id: idOf(second), details: { email: second } });
  });

  it('records deleting a desk and deleting all desks, and nothing for a member trying or for no desks at all', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    expect((await team.admin.client.request('DELETE', `/api/organizations/${team.id}/desks`)).status).toBe(200);
    const [first] = await addDesks(testApp, team.id, 3);
    expect((await member.client.request('DELETE', `/api/desks/${first}`)).status).toBe(403);
    expect((await member.client.request('DELETE', `/api/organizations/${team.id}/desks`)).status).toBe(403);
    expect(await eventsOf(team)).toEqual([]);

    expect((await team.admin.client.request('DELETE', `/api/desks/${first}`)).status).toBe(200);
    const deleted = await expectOneEvent(team, team.admin, 'desk.deleted');
    expect(deleted).toMatchObject({
      target_type: 'desk',
      target_id: first,
      details: { name: 'D01', floorName: 'Floor 1' },
    });
    await testApp.database.sql.query('DELETE FROM audit_events WHERE organization_id = $1', [team.id]);

    expect((await team.admin.client.request('DELETE', `/api/organizations/${team.id}/desks`)).body.deletedCount).toBe(
      2,
    );
    const all = await expectOneEvent(team, team.admin, 'desks.deleted_all');
    expect(all.details).toEqual({ count: 2 });
  });

  it('records a permanent booking with the bookings it cancelled, and nothing when it is refused for conflicts', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Sam', lastName: 'Lee' });
    const [deskId] = (await addDesks(testApp, team.id, 1)) as [string];
    const inTheWay = await insertBooking(testApp, {
      organizationId: team.id,
      deskId,
      userId: member.user.id,
      daysFromToday: 3,
    });
    const bookingDate = addDays(todayIn('Europe/London'), 2);
    const body = { organizationId: team.id, deskId, bookingDate, timeSlot: 'full-day', isPermanent: true };
    expect((await team.admin.client.post('/api/bookings', body)).status).toBe(409);
    expect(await eventsOf(team)).toEqual([]);

    const made = await team.admin.client.post('/api/bookings', { ...body, replaceConflicts: true });
    expect(made.status).toBe(201);
    const event = await expectOneEvent(team, team.admin, 'booking.permanent_created');
    expect(event).toMatchObject({ target_type: 'booking', target_id: made.body.id });
    expect(event.details).toMatchObject({
      desk: 'D01',
      bookingDate,
      timeSlot: 'full-day',
      cancelledBookings: [{ id: inTheWay, desk: 'D01', owner: { name: 'Sam Lee', email: member.email } }],
    });
  });

  it("records an admin cancelling someone else's booking, but not anyone cancelling their own", async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Sam', lastName: 'Lee' });
    const [own, adminsOwn] = (await bookOneDeskEach(testApp, team.id, [member.user.id, team.admin.user.id])) as [
      BookedDesk,
      BookedDesk,
    ];
    expect((await member.client.request('DELETE', `/api/bookings/${own.bookingId}`)).status).toBe(200);
    expect((await team.admin.client.request('DELETE', `/api/bookings/${adminsOwn.bookingId}`)).status).toBe(200);
    expect(await eventsOf(team)).toEqual([]);

    const theirs = await insertBooking(testApp, {
      organizationId: team.id,
      deskId: own.deskId,
      userId: member.user.id,
      daysFromToday: 2,
    });
    expect((await team.admin.client.request('DELETE', `/api/bookings/${theirs}`)).status).toBe(200);
    expect((await team.admin.client.request('DELETE', `/api/bookings/${theirs}`)).status).toBe(400);
    const event = await expectOneEvent(team, team.admin, 'booking.cancelled_by_admin');
    expect(event).toMatchObject({ target_type: 'booking', target_id: theirs });
    expect(event.details).toMatchObject({ desk: 'D01', owner: { name: 'Sam Lee', email: member.email } });
  });

  it('writes no event when the change rolls back', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    // A trigger that fails the membership update makes the whole role change roll back, its record included.
    await testApp.database.sql.query(`CREATE OR REPLACE FUNCTION refuse_role_change() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql`);
    await testApp.database.sql.query(
      'CREATE TRIGGER refuse_role_change BEFORE UPDATE ON memberships FOR EACH ROW EXECUTE FUNCTION refuse_role_change()',
    );
    try {
      const response = await team.admin.client.request(
        'PATCH',
        `/api/organizations/${team.id}/members/${member.user.id}/role`,
        { role: 'admin' },
      );
      expect(response.status).toBe(500);
    } finally {
      await testApp.database.sql.query('DROP TRIGGER refuse_role_change ON memberships');
    }
    expect(await eventsOf(team)).toEqual([]);
  });

  it('creates no desk or floor and saves no zoom whose record cannot be written: the change and its record are one', async () => {
    const team = await createTeam(testApp);
    const [floor] = await testApp.database.sql.query<{ id: string }>(
      "INSERT INTO floors (organization_id, name) VALUES ($1, 'Floor 1') RETURNING id",
      [team.id],
    );
    await testApp.database.sql.query(`CREATE OR REPLACE FUNCTION refuse_audit_event() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql`);
    await testApp.database.sql.query(
      'CREATE TRIGGER refuse_audit_event BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_audit_event()',
    );
    try {
      const desk = await team.admin.client.post(`/api/organizations/${team.id}/desks`, {
        name: 'D01',
        floorId: floor?.id,
        positionX: 10,
        positionY: 10,
      });
      expect(desk.status).toBe(500);
      expect((await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Annex' })).status).toBe(
        500,
      );
      expect(
        (await team.admin.client.request('PUT', `/api/organizations/${team.id}`, { defaultZoomLevel: 1.5 })).status,
      ).toBe(500);
    } finally {
      await testApp.database.sql.query('DROP TRIGGER refuse_audit_event ON audit_events');
    }
    const [counts] = await testApp.database.sql.query<{ desks: number; floors: number; zoom: string | null }>(
      `SELECT (SELECT count(*)::int FROM desks WHERE organization_id = $1) AS desks,
              (SELECT count(*)::int FROM floors WHERE organization_id = $1) AS floors,
              (SELECT default_zoom_level::text FROM organizations WHERE id = $1) AS zoom`,
      [team.id],
    );
    expect(counts).toEqual({ desks: 0, floors: 1, zoom: null });
  });

  it('records an admin pressing zoom several times as one change, from the first value to the last', async () => {
    const team = await createTeam(testApp);
    for (const defaultZoomLevel of [1.25, 1.5, 1.75]) {
      const path = `/api/organizations/${team.id}`;
      expect((await team.admin.client.request('PUT', path, { defaultZoomLevel })).status).toBe(200);
    }
    const event = await expectOneEvent(team, team.admin, 'organization.zoom_changed');
    expect(event.details).toEqual({ from: null, to: 1.75 });
    await testApp.database.sql.query(
      "UPDATE audit_events SET created_at = now() - interval '11 minutes' WHERE organization_id = $1",
      [team.id],
    );
    expect(
      (await team.admin.client.request('PUT', `/api/organizations/${team.id}`, { defaultZoomLevel: 1 })).status,
    ).toBe(200);
    expect((await eventsOf(team)).map((row) => row.details)).toEqual([
      { from: null, to: 1.75 },
      { from: 1.75, to: 1 },
    ]);
  });
});

describe('reading the audit log', () => {
  it('answers admins the events newest first, in pages linked by nextBefore, with the actor and the target', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id, 'member', { firstName: 'Sam', lastName: 'Lee' });
    const rolePath = `/api/organizations/${team.id}/members/${member.user.id}/role`;
    for (const role of ['admin', 'member', 'admin']) {
      expect((await team.admin.client.request('PATCH', rolePath, { role })).status).toBe(200);
    }
    const first = await team.admin.client.get(auditLog(team, '?limit=2'));
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(2);
    expect(first.body.events[0]).toEqual({
      id: expect.any(Number),
      action: 'member.role_changed',
      actor: { email: team.admin.email, name: 'Ada Admin' },
      target: { type: 'user', id: member.user.id },
      details: { member: { name: 'Sam Lee', email: member.email }, from: 'member', to: 'admin' },
      organization: { id: team.id, name: 'Acme Corp' },
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(first.body.events[1].details.to).toBe('member');
    expect(first.body.nextBefore).toBe(first.body.events[1].id);
    const second = await team.admin.client.get(auditLog(team, `?limit=2&before=${first.body.nextBefore}`));
    expect(second.body.events.map((event: { details: { to: string } }) => event.details.to)).toEqual(['admin']);
    expect(second.body.nextBefore).toBeNull();
  });

  it('never shows another organization’s events', async () => {
    const team = await createTeam(testApp);
    const other = await createTeam(testApp);
    const member = await addMember(testApp, other.id);
    await other.admin.client.request('PATCH', `/api/organizations/${other.id}/members/${member.user.id}/role`, {
      role: 'admin',
    });
    expect((await team.admin.client.get(auditLog(team))).body).toEqual({ events: [], nextBefore: null });
  });

  it('answers 401 signed out, 404 to non-members and other admins, 403 to members, and 400 naming a bad query', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const stranger = await signUp(testApp);
    const otherAdmin = (await createTeam(testApp)).admin;
    expect((await testApp.client().get(auditLog(team))).status).toBe(401);
    expect((await stranger.client.get(auditLog(team))).status).toBe(404);
    expect((await otherAdmin.client.get(auditLog(team))).status).toBe(404);
    expect((await team.admin.client.get('/api/organizations/not-a-uuid/audit-log')).status).toBe(404);
    const forbidden = await member.client.get(auditLog(team));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Only administrators of this organization can do that.');
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=abc', 'limit'],
      ['?limit=101', 'limit'],
      ['?before=-1', 'before'],
      ['?before=1.5', 'before'],
      ['?extra=1', 'extra'],
    ]) {
      const response = await team.admin.client.get(auditLog(team, query));
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toContain(field);
    }
  });
});

describe('the platform audit log', () => {
  it('shows platform administrators the override events of every organization, and nothing else', async () => {
    const platformId = testApp.config.platformOrganizationId;
    await testApp.database.sql.query(
      `INSERT INTO organizations (id, name, slug, time_zone) VALUES ($1, 'Perch', $2, 'Europe/London')
       ON CONFLICT (id) DO NOTHING`,
      [platformId, `perch-platform-${Date.now().toString(36)}`],
    );
    const operator = await signUp(testApp, { firstName: 'Pat', lastName: 'Operator' });
    await insertMembership(testApp, platformId, operator.user.id, 'admin');
    const platformMember = await signUp(testApp);
    await insertMembership(testApp, platformId, platformMember.user.id, 'member');
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    await team.admin.client.request('PATCH', `/api/organizations/${team.id}/members/${member.user.id}/role`, {
      role: 'admin',
    });
    await testApp.database.sql.query(
      `INSERT INTO audit_events (organization_id, actor_user_id, actor_email, action, target_type, target_id, details)
       VALUES ($1, $2, $3, 'subscription.override_applied', 'organization', $4, '{"maxUsers": 500}')`,
      [team.id, operator.user.id, operator.email, team.id],
    );

    const response = await operator.client.get('/api/admin/audit-log');
    expect(response.status).toBe(200);
    const ours = response.body.events.filter(
      (event: { organization: { id: string } }) => event.organization.id === team.id,
    );
    expect(ours).toEqual([
      expect.objectContaining({
        action: 'subscription.override_applied',
        actor: { email: operator.email, name: 'Pat Operator' },
        organization: { id: team.id, name: 'Acme Corp' },
        details: { maxUsers: 500 },
      }),
    ]);
    expect(
      response.body.events.every((event: { action: string }) => event.action.startsWith('subscription.override')),
    ).toBe(true);

    expect((await testApp.client().get('/api/admin/audit-log')).status).toBe(401);
    for (const someone of [platformMember, team.admin]) {
      const refused = await someone.client.get('/api/admin/audit-log');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only platform administrators can see the platform audit log.');
    }
    expect((await operator.client.get('/api/admin/audit-log?limit=-5')).status).toBe(400);
  });
});

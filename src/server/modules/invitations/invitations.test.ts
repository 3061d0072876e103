import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#test-support/harness.ts';
import {
  addMember,
  createTeam,
  digest,
  expireInvitation,
  inviteAndGetToken,
  lastInvitationToken,
  revokeInvitation,
  setSubscription,
  signUp,
  startTeamAppForFile,
  type Team,
} from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const invitePath = (team: Team) => `/api/organizations/${team.id}/invite`;
const invitationsPath = (team: Team) => `/api/organizations/${team.id}/invitations`;
const mailsTo = (email: string) => testApp.mails.filter((mail) => mail.to === email);

async function invitationRows(team: Team) {
  return testApp.database.sql.query<{ email: string; role: string; token_digest: string }>(
    'SELECT email, role, token_digest FROM invitations WHERE organization_id = $1 ORDER BY email',
    [team.id],
  );
}

describe('inviting by e-mail', () => {
  it('invites each address of a comma/newline string once, with one mail each that links to the sign-up page', async () => {
    const team = await createTeam(testApp);
    const [first, second, third] = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const response = await team.admin.client.post(invitePath(team), {
      emails: ` ${first.toUpperCase()}, ${second}\n${third}\r\n${first}\n`,
      role: 'admin',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Sent 3 invitations.', summary: { sent: 3, failed: 0 }, errors: [] });
    for (const email of [first, second, third]) {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('You\'re invited to join "Acme Corp" on Perch');
      expect(mails[0]?.text).toContain('"Ada Admin" has invited you to join "Acme Corp" on Perch as an admin.');
      expect(mails[0]?.html).toContain(`href="${mails[0]?.links?.[0]}"`);
      lastInvitationToken(testApp, email);
    }
    expect((await invitationRows(team)).map((row) => [row.email, row.role])).toEqual(
      [first, second, third].sort().map((email) => [email, 'admin']),
    );
  });

  it('stores only the SHA-256 digest of each link, and expires it 7 days after sending', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team);
    const [row] = await testApp.database.sql.query<Record<string, unknown> & { days: number }>(
      'SELECT *, extract(epoch FROM expires_at - now()) / 86400 AS days FROM invitations WHERE email = $1',
      [email],
    );
    expect(row?.token_digest).toBe(digest(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Number(row?.days)).toBeGreaterThan(6.99);
    expect(Number(row?.days)).toBeLessThanOrEqual(7);
  });

  it('takes an array and defaults the role to member', async () => {
    const team = await createTeam(testApp);
    const email = uniqueEmail();
    const response = await team.admin.client.post(invitePath(team), { emails: [email] });
    expect(response.body.summary).toEqual({ sent: 1, failed: 0 });
    expect((await invitationRows(team))[0]?.role).toBe('member');
  });

  it('reports invalid addresses and existing members one by one while sending the others', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const good = uniqueEmail('good');
    const response = await team.admin.client.post(invitePath(team), {
      emails: ['not-an-address', good, member.email.toUpperCase(), team.admin.email, 'two@@example.com'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Sent 1 invitation; 4 could not be sent.',
      summary: { sent: 1, failed: 4 },
      errors: [
        { email: 'not-an-address', message: 'Invalid email address' },
        { email: member.email, message: 'Already a member of this organization' },
        { email: team.admin.email, message: 'Already a member of this organization' },
        { email: 'two@@example.com', message: 'Invalid email address' },
      ],
    });
    expect(mailsTo(good)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(0);
    expect((await invitationRows(team)).map((row) => row.email)).toEqual([good]);
  });

  it('answers 200 with nothing sent when every address fails', async () => {
    const team = await createTeam(testApp);
    const response = await team.admin.client.post(invitePath(team), { emails: 'nope, also nope' });
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ sent: 0, failed: 2 });
    expect(response.body.message).toBe('No invitations were sent.');
  });

  it('re-sends an address that is already invited with a fresh link and expiry, counting it as sent', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team);
    await testApp.database.sql.query(
      "UPDATE invitations SET expires_at = now() + interval '1 day', created_at = now() - interval '6 days' WHERE email = $1",
      [email],
    );
    const again = await team.admin.client.post(invitePath(team), { emails: email, role: 'admin' });
    expect(again.body).toEqual({ message: 'Sent 1 invitation.', summary: { sent: 1, failed: 0 }, errors: [] });
    expect(mailsTo(email)).toHaveLength(2);
    const newToken = lastInvitationToken(testApp, email);
    expect(newToken).not.toBe(token);
    expect((await testApp.client().get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await testApp.client().get(`/api/invitations/${newToken}`)).body.role).toBe('admin');
    const rows = await testApp.database.sql.query<{ days: number; age: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 86400 AS days, extract(epoch FROM now() - created_at) / 86400 AS age
       FROM invitations WHERE email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.days)).toBeGreaterThan(6.99);
    expect(Number(rows[0]?.age)).toBeGreaterThan(5.99);
  });

  it("answers 422 'Subscribe to invite users' when the subscription is not enabled, and sends nothing", async () => {
    const team = await createTeam(testApp);
    const email = uniqueEmail();
    for (const values of [
      { status: 'cancelled' },
      { status: 'none' },
      { status: 'trial', endsAt: new Date(Date.now() - 60_000).toISOString() },
    ]) {
      await setSubscription(testApp, team.id, values);
      const response = await team.admin.client.post(invitePath(team), { emails: email });
      expect(response.status, JSON.stringify(values)).toBe(422);
      expect(response.body.message).toBe('Subscribe to invite users');
    }
    await testApp.database.sql.query('DELETE FROM subscriptions WHERE organization_id = $1', [team.id]);
    expect((await team.admin.client.post(invitePath(team), { emails: email })).status).toBe(422);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await invitationRows(team)).toEqual([]);
  });

  it.each([
    ['no addresses', { emails: ' , \n' }, 'Please enter at least one email address (emails)'],
    ['an empty array', { emails: [] }, 'Please enter at least one email address (emails)'],
    ['a missing emails field', { role: 'member' }, 'Please enter at least one email address (emails)'],
    ['an unknown role', { emails: 'a@example.com', role: 'owner' }, 'Role must be admin or member (role)'],
  ])('refuses %s with 400 naming the field', async (_name, body, message) => {
    const team = await createTeam(testApp);
    const response = await team.admin.client.post(invitePath(team), body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses more than 200 addresses in one request with 400', async () => {
    const team = await createTeam(testApp);
    const emails = Array.from({ length: 201 }, (_, index) => `many${index}@example.com`);
    const response = await team.admin.client.post(invitePath(team), { emails });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please invite at most 200 email addresses at once (emails)');
  });
});

describe("the plan's user limit", () => {
  it('counts members and pending invitations, failing only the addresses past the limit', async () => {
    const team = await createTeam(testApp);
    await addMember(testApp, team.id);
    await setSubscription(testApp, team.id, { maxUsers: 4 });
    const emails = [uniqueEmail('one'), uniqueEmail('two'), uniqueEmail('three')];
    const response = await team.admin.client.post(invitePath(team), { emails });
    expect(response.body).toEqual({
      message: 'Sent 2 invitations; 1 could not be sent.',
      summary: { sent: 2, failed: 1 },
      errors: [{ email: emails[2], message: 'Upgrade your plan to invite more users' }],
    });
    expect(mailsTo(emails[2]!)).toHaveLength(0);

    // Re-sending a pending invitation takes no new seat; a new address still does not fit.
    const again = await team.admin.client.post(invitePath(team), { emails: [emails[0], uniqueEmail('four')] });
    expect(again.body.summary).toEqual({ sent: 1, failed: 1 });
    expect(again.body.errors[0].message).toBe('Upgrade your plan to invite more users');
  });

  it('frees the seat of a revoked or expired invitation, and an expired one needs a seat to be renewed', async () => {
    const team = await createTeam(testApp);
    await setSubscription(testApp, team.id, { maxUsers: 2 });
    const first = await inviteAndGetToken(testApp, team);
    const blocked = await team.admin.client.post(invitePath(team), { emails: uniqueEmail() });
    expect(blocked.body.errors[0]?.message).toBe('Upgrade your plan to invite more users');

    await expireInvitation(testApp, first.email);
    const second = await inviteAndGetToken(testApp, team);
    const renewExpired = await team.admin.client.post(invitePath(team), { emails: first.email });
    expect(renewExpired.body.errors).toEqual([
      { email: first.email, message: 'Upgrade your plan to invite more users' },
    ]);

    const [pending] = (await team.admin.client.get(invitationsPath(team))).body;
    expect(pending.email).toBe(second.email);
    expect((await team.admin.client.request('DELETE', `${invitationsPath(team)}/${pending.id}`)).status).toBe(200);
    expect((await team.admin.client.post(invitePath(team), { emails: first.email })).body.summary).toEqual({
      sent: 1,
      failed: 0,
    });
  });

  it('grants no more seats than the limit when two invite requests race', async () => {
    const team = await createTeam(testApp);
    await setSubscription(testApp, team.id, { maxUsers: 3 });
    const batches = [0, 1].map((batch) => [0, 1, 2].map((index) => uniqueEmail(`race${batch}-${index}`)));
    const responses = await Promise.all(batches.map((emails) => team.admin.client.post(invitePath(team), { emails })));
    const sent = responses.reduce((total, response) => total + response.body.summary.sent, 0);
    expect(sent).toBe(2);
    expect(await invitationRows(team)).toHaveLength(2);
  });
});

describe('rate limit', () => {
  it('allows 200 invited addresses per organization per hour, then answers 429 with Retry-After', async () => {
    const team = await createTeam(testApp);
    await setSubscription(testApp, team.id, { maxUsers: 1000 });
    const emails = Array.from({ length: 200 }, (_, index) => `bulk${index}.${Date.now().toString(36)}@example.com`);
    const first = await team.admin.client.post(invitePath(team), { emails });
    expect(first.status).toBe(200);
    expect(first.body.summary).toEqual({ sent: 200, failed: 0 });

    const over = await team.admin.client.post(invitePath(team), { emails: uniqueEmail() });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.message).toMatch(/^Too many invitations from this organization\. Please wait/);

    const [pending] = (await team.admin.client.get(invitationsPath(team))).body;
    expect((await team.admin.client.post(`${invitationsPath(team)}/${pending.id}/resend`)).status).toBe(429);

    const otherTeam = await createTeam(testApp);
    expect((await otherTeam.admin.client.post(invitePath(otherTeam), { emails: uniqueEmail() })).status).toBe(200);
  });
});

describe('pending invitations', () => {
  it('lists only open, unexpired invitations with id, email, role, createdAt and expiresAt', async () => {
    const team = await createTeam(testApp);
    const kept = await inviteAndGetToken(testApp, team, uniqueEmail('kept'), 'admin');
    const expired = await inviteAndGetToken(testApp, team);
    const revoked = await inviteAndGetToken(testApp, team);
    const accepted = await inviteAndGetToken(testApp, team);
    await expireInvitation(testApp, expired.email);
    await revokeInvitation(testApp, revoked.email);
    const signup = await testApp.client().post('/api/signup-with-invitation', {
      token: accepted.token,
      firstName: 'Al',
      lastName: 'Accepted',
      password: 'long enough password',
    });
    expect(signup.status).toBe(201);

    const response = await team.admin.client.get(invitationsPath(team));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: kept.email,
        role: 'admin',
        createdAt: expect.stringMatching(/Z$/),
        expiresAt: expect.stringMatching(/Z$/),
      },
    ]);
  });

  it('revokes an invitation: its link stops working and a second revoke answers 404', async () => {
    const team = await createTeam(testApp);
    const { token } = await inviteAndGetToken(testApp, team);
    const [invitation] = (await team.admin.client.get(invitationsPath(team))).body;
    const revoked = await team.admin.client.request('DELETE', `${invitationsPath(team)}/${invitation.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: 'Invitation revoked.' });
    expect((await testApp.client().get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await team.admin.client.get(invitationsPath(team))).body).toEqual([]);
    expect((await team.admin.client.request('DELETE', `${invitationsPath(team)}/${invitation.id}`)).status).toBe(404);
  });

  it('re-sends an invitation with a new link and expiry; the old link stops working', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team, uniqueEmail(), 'admin');
    await testApp.database.sql.query("UPDATE invitations SET expires_at = now() + interval '1 hour' WHERE email = $1", [
      email,
    ]);
    const [invitation] = (await team.admin.client.get(invitationsPath(team))).body;
    const response = await team.admin.client.post(`${invitationsPath(team)}/${invitation.id}/resend`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: `Invitation sent again to ${email}.`,
      invitation: { ...invitation, expiresAt: expect.any(String) },
    });
    expect(Date.parse(response.body.invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(mailsTo(email)).toHaveLength(2);
    const fresh = lastInvitationToken(testApp, email);
    expect(fresh).not.toBe(token);
    expect((await testApp.client().get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await testApp.client().get(`/api/invitations/${fresh}`)).body).toMatchObject({ email, role: 'admin' });
  });

  it('renews an expired invitation on resend when a seat is free, and answers 422 when none is', async () => {
    const team = await createTeam(testApp);
    await setSubscription(testApp, team.id, { maxUsers: 2 });
    const { email } = await inviteAndGetToken(testApp, team);
    const id = await expireInvitation(testApp, email);
    await addMember(testApp, team.id);
    const full = await team.admin.client.post(`${invitationsPath(team)}/${id}/resend`);
    expect(full.status).toBe(422);
    expect(full.body.message).toBe('Upgrade your plan to invite more users');
    await setSubscription(testApp, team.id, { maxUsers: 3 });
    expect((await team.admin.client.post(`${invitationsPath(team)}/${id}/resend`)).status).toBe(200);
    expect((await team.admin.client.get(invitationsPath(team))).body.map((row: any) => row.id)).toEqual([id]);
  });

  it("answers 422 'Subscribe to invite users' to a resend when the subscription is not enabled", async () => {
    const team = await createTeam(testApp);
    await inviteAndGetToken(testApp, team);
    const [invitation] = (await team.admin.client.get(invitationsPath(team))).body;
    await setSubscription(testApp, team.id, { status: 'cancelled' });
    const response = await team.admin.client.post(`${invitationsPath(team)}/${invitation.id}/resend`);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Subscribe to invite users');
  });

  it("answers 404 for another organization's invitation, an unknown id and a non-uuid id", async () => {
    const team = await createTeam(testApp);
    const other = await createTeam(testApp);
    await inviteAndGetToken(testApp, other);
    const [foreign] = (await other.admin.client.get(invitationsPath(other))).body;
    for (const id of [foreign.id, randomUUID(), 'not-a-uuid']) {
      expect((await team.admin.client.request('DELETE', `${invitationsPath(team)}/${id}`)).status, id).toBe(404);
      expect((await team.admin.client.post(`${invitationsPath(team)}/${id}/resend`)).status, id).toBe(404);
    }
    expect((await other.admin.client.get(invitationsPath(other))).body).toHaveLength(1);
  });
});

describe('who may invite', () => {
  let team: Team;
  let invitationId: string;
  beforeAll(async () => {
    team = await createTeam(testApp);
    await inviteAndGetToken(testApp, team);
    invitationId = (await team.admin.client.get(invitationsPath(team))).body[0].id;
  });

  const calls = (): Array<[string, string, unknown?]> => [
    ['POST', invitePath(team), { emails: uniqueEmail() }],
    ['GET', invitationsPath(team)],
    ['DELETE', `${invitationsPath(team)}/${invitationId}`],
    ['POST', `${invitationsPath(team)}/${invitationId}/resend`, {}],
  ];

  it('answers 401 when signed out, even to a malformed body', async () => {
    const anonymous = testApp.client();
    for (const [method, url, body] of [
      ...calls(),
      ['POST', invitePath(team), { emails: 7 }] as [string, string, unknown],
    ]) {
      expect((await anonymous.request(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a member', async () => {
    const member = await addMember(testApp, team.id);
    for (const [method, url, body] of calls()) {
      const response = await member.client.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 404 to a user of another organization and for a made-up or malformed organization id', async () => {
    const stranger = await signUp(testApp);
    for (const [method, url, body] of calls()) {
      expect((await stranger.client.request(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    for (const id of [randomUUID(), 'nope']) {
      const response = await team.admin.client.post(`/api/organizations/${id}/invite`, { emails: uniqueEmail() });
      expect(response.status).toBe(404);
    }
    expect((await team.admin.client.get(invitationsPath(team))).body).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { insertMembership, sendOneAfterAnother, uniqueEmail } from '#test-support/harness.ts';
import {
  addMember,
  createTeam,
  expireInvitation,
  inviteAndGetToken,
  newClient,
  password,
  revokeInvitation,
  setSubscription,
  signUp,
  startTeamAppForFile,
  type Team,
} from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const newPassword = 'a brand new password';
const details = { firstName: 'Grace', lastName: 'Hopper', password: newPassword };

async function membership(team: Team, email: string) {
  const [row] = await testApp.database.sql.query<{ role: string }>(
    `SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND u.email = $2`,
    [team.id, email],
  );
  return row;
}

async function accountsWith(email: string) {
  return testApp.database.sql.query<{ id: string; first_name: string; verified: boolean }>(
    'SELECT id, first_name, email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
    [email],
  );
}

describe('reading an invitation', () => {
  it('answers organization name, role, e-mail and whether the address has an account, without a session', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team, uniqueEmail(), 'admin');
    const response = await testApp.client().get(`/api/invitations/${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ organizationName: 'Acme Corp', role: 'admin', email, hasAccount: false });

    const existing = await signUp(testApp);
    const second = await inviteAndGetToken(testApp, team, existing.email);
    expect((await testApp.client().get(`/api/invitations/${second.token}`)).body).toEqual({
      organizationName: 'Acme Corp',
      role: 'member',
      email: existing.email,
      hasAccount: true,
    });
  });

  it('answers 404 for an unknown, expired, used or revoked link, and a 4xx sentence for an absurdly long one', async () => {
    const team = await createTeam(testApp);
    const expired = await inviteAndGetToken(testApp, team);
    await expireInvitation(testApp, expired.email);
    const revoked = await inviteAndGetToken(testApp, team);
    await revokeInvitation(testApp, revoked.email);
    const used = await inviteAndGetToken(testApp, team);
    expect(
      (await newClient(testApp).post('/api/signup-with-invitation', { token: used.token, ...details })).status,
    ).toBe(201);
    for (const token of ['unknown-token', expired.token, revoked.token, used.token]) {
      const response = await testApp.client().get(`/api/invitations/${token}`);
      expect(response.status, token).toBe(404);
      expect(response.body.message).toBe('Invitation not found or has expired.');
    }
    const absurd = await testApp.client().get(`/api/invitations/${'x'.repeat(500)}`);
    expect([400, 414]).toContain(absurd.status);
    expect(absurd.body.message).toMatch(/\S/);
  });
});

describe('signing up with an invitation', () => {
  it('creates a verified account with the invited e-mail, joins with the invited role, signs in and uses the link up', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team, uniqueEmail(), 'admin');
    const browser = newClient(testApp);
    const response = await browser.post('/api/signup-with-invitation', { token, ...details });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
    });
    expect((await browser.get('/api/user')).body.email).toBe(email);
    const organizations = (await browser.get('/api/organizations')).body;
    expect(organizations.map((organization: any) => [organization.id, organization.role])).toEqual([
      [team.id, 'admin'],
    ]);
    expect(await accountsWith(email)).toEqual([{ id: response.body.id, first_name: 'Grace', verified: true }]);
    expect((await newClient(testApp).post('/api/login', { email, password: newPassword })).status).toBe(200);

    const reuse = await newClient(testApp).post('/api/signup-with-invitation', { token, ...details });
    expect(reuse.status).toBe(404);
    expect(reuse.body.message).toBe('Invitation not found or has expired.');
  });

  it('joins with the member role when invited as a member', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team);
    expect((await newClient(testApp).post('/api/signup-with-invitation', { token, ...details })).status).toBe(201);
    expect(await membership(team, email)).toEqual({ role: 'member' });
  });

  it('answers 404 for an expired or revoked link and creates no account', async () => {
    const team = await createTeam(testApp);
    const expired = await inviteAndGetToken(testApp, team);
    await expireInvitation(testApp, expired.email);
    const revoked = await inviteAndGetToken(testApp, team);
    const [pendingRow] = (await team.admin.client.get(`/api/organizations/${team.id}/invitations`)).body;
    await team.admin.client.request('DELETE', `/api/organizations/${team.id}/invitations/${pendingRow.id}`);
    for (const { email, token } of [expired, revoked]) {
      const response = await newClient(testApp).post('/api/signup-with-invitation', { token, ...details });
      expect(response.status).toBe(404);
      expect(await accountsWith(email)).toEqual([]);
    }
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'First name is required (firstName)'],
    ['a blank last name', { lastName: '   ' }, 'Last name is required (lastName)'],
    ['a 7-character password', { password: 'seven77' }, 'Password must be at least 8 characters (password)'],
  ])('refuses %s for a new account with 400, leaving the link usable', async (_name, change, message) => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team);
    const response = await newClient(testApp).post('/api/signup-with-invitation', { token, ...details, ...change });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await accountsWith(email)).toEqual([]);
    expect((await testApp.client().get(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('refuses malformed bodies with 400', async () => {
    for (const body of [
      {},
      { token: 'x' },
      { token: 'x', password: 5 },
      { token: 'x', password: 'p', role: 'admin' },
    ]) {
      expect((await newClient(testApp).post('/api/signup-with-invitation', body)).status).toBe(400);
    }
  });

  it('accepts only one of two simultaneous uses of the same link', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team);
    const responses = await Promise.all([
      newClient(testApp).post('/api/signup-with-invitation', { token, ...details }),
      newClient(testApp).post('/api/signup-with-invitation', { token, ...details }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 404]);
    expect(await accountsWith(email)).toHaveLength(1);
  });

  it('replaces the session of whoever was signed in with the new account', async () => {
    const team = await createTeam(testApp);
    const { email, token } = await inviteAndGetToken(testApp, team);
    const someone = await signUp(testApp);
    expect((await someone.client.post('/api/signup-with-invitation', { token, ...details })).status).toBe(201);
    expect((await someone.client.get('/api/user')).body.email).toBe(email);
  });
});

describe('accepting with an existing account', () => {
  it('attaches the existing account after its password is proven, ignoring the names given', async () => {
    const team = await createTeam(testApp);
    const existing = await signUp(testApp, { firstName: 'Edsger', lastName: 'Dijkstra' });
    const { token } = await inviteAndGetToken(testApp, team, existing.email, 'admin');
    const browser = newClient(testApp);
    const response = await browser.post('/api/signup-with-invitation', {
      token,
      firstName: 'X',
      lastName: 'Y',
      password,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ...existing.user, firstName: 'Edsger', lastName: 'Dijkstra' });
    expect(await accountsWith(existing.email)).toEqual([
      { id: existing.user.id, first_name: 'Edsger', verified: true },
    ]);
    expect(await membership(team, existing.email)).toEqual({ role: 'admin' });
    expect((await browser.get('/api/user')).body.id).toBe(existing.user.id);
  });

  it('needs only the password: names may be left out, and an older short password still works', async () => {
    const team = await createTeam(testApp);
    const existing = await signUp(testApp);
    await testApp.database.sql.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [existing.user.id]);
    const token = (await inviteAndGetToken(testApp, team, existing.email)).token;
    const response = await newClient(testApp).post('/api/signup-with-invitation', { token, password });
    expect(response.status).toBe(201);
    expect((await accountsWith(existing.email))[0]?.verified).toBe(true);
  });

  it("answers 401 'Invalid email or password' for a wrong password and leaves everything as it was", async () => {
    const team = await createTeam(testApp);
    const existing = await signUp(testApp);
    const { token } = await inviteAndGetToken(testApp, team, existing.email);
    const response = await newClient(testApp).post('/api/signup-with-invitation', {
      token,
      ...details,
      password: 'not the password',
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Invalid email or password');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await membership(team, existing.email)).toBeUndefined();
    expect(await accountsWith(existing.email)).toHaveLength(1);
    expect((await testApp.client().get(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('answers 409 when the account is already a member', async () => {
    const team = await createTeam(testApp);
    const existing = await signUp(testApp);
    const { token } = await inviteAndGetToken(testApp, team, existing.email);
    await insertMembership(testApp, team.id, existing.user.id, 'member');
    const response = await newClient(testApp).post('/api/signup-with-invitation', { token, password });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('You are already a member of this organization.');
  });

  it("limits password guesses through an invitation like sign-in: the guesser's address, not the owner", async () => {
    const team = await createTeam(testApp);
    const existing = await signUp(testApp);
    const { token } = await inviteAndGetToken(testApp, team, existing.email);
    const guesser = newClient(testApp);
    const guesses = await sendOneAfterAnother(11, (attempt) =>
      guesser.post('/api/signup-with-invitation', { token, password: `wrong ${attempt}` }),
    );
    const statuses = guesses.map((answer) => answer.status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const owner = await newClient(testApp).post('/api/signup-with-invitation', { token, password });
    expect(owner.status).toBe(201);
    expect((await membership(team, existing.email))?.role).toBe('member');
  });
});

describe("the plan's user limit at acceptance", () => {
  it('answers 422 when the organization is full, and the link works once a seat is free', async () => {
    const team = await createTeam(testApp);
    await setSubscription(testApp, team.id, { maxUsers: 3 });
    const { email, token } = await inviteAndGetToken(testApp, team);
    await addMember(testApp, team.id);
    await addMember(testApp, team.id);
    const full = await newClient(testApp).post('/api/signup-with-invitation', { token, ...details });
    expect(full.status).toBe(422);
    expect(full.body.message).toBe(
      "This organization has reached its plan's user limit. Ask an administrator to upgrade the plan.",
    );
    expect(await accountsWith(email)).toEqual([]);

    await setSubscription(testApp, team.id, { maxUsers: 4 });
    expect((await newClient(testApp).post('/api/signup-with-invitation', { token, ...details })).status).toBe(201);
  });
});

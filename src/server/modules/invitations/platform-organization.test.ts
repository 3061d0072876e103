import { describe, expect, it } from 'vitest';
import { createToken } from '#server/tokens.ts';
import { startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';
import { addMember, newClient, signUp } from '#test-support/team.ts';
import { makePlatformAdmin } from '../platform/bootstrap.ts';

const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });

const platformId = () => testApp.config.platformOrganizationId;

/** Platform administration comes from the command line only: this is what `npm run platform-admin` does. */
async function platformAdmin() {
  const admin = await signUp(testApp, { firstName: 'Pat', lastName: 'Platform' });
  expect(await makePlatformAdmin(testApp.database.db, testApp.config, admin.email)).toEqual({ ok: true });
  return admin;
}

async function platformInvitations() {
  return testApp.database.sql.query<{ email: string }>('SELECT email FROM invitations WHERE organization_id = $1', [
    platformId(),
  ]);
}

async function platformRoleOf(userId: string) {
  const [row] = await testApp.database.sql.query<{ role: string }>(
    'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2',
    [platformId(), userId],
  );
  return row?.role;
}

/** An invitation into the platform organization as one made before invitations into it were refused. */
async function olderPlatformInvitation(invitedBy: string, email = uniqueEmail('older')) {
  const { token, digest } = createToken();
  const [row] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO invitations (organization_id, email, role, token_digest, invited_by, expires_at)
     VALUES ($1, $2, 'admin', $3, $4, now() + interval '7 days') RETURNING id`,
    [platformId(), email, digest, invitedBy],
  );
  return { id: row?.id ?? '', email, token };
}

describe('joining the platform organization', () => {
  it('refuses to invite anyone into the platform organization with 403 and a sentence, and sends nothing', async () => {
    const admin = await platformAdmin();
    const email = uniqueEmail('would-be-admin');
    for (const role of ['admin', 'member']) {
      const refused = await admin.client.post(`/api/organizations/${platformId()}/invite`, { emails: [email], role });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'Platform administrators are appointed only with npm run platform-admin on the server, so nobody can be invited into the platform organization.',
      );
    }
    expect(await platformInvitations()).toEqual([]);
    expect(testApp.mails.filter((mail) => mail.to === email)).toEqual([]);
  });

  it('refuses to resend, show or accept an invitation into it that was made before, and nobody joins', async () => {
    const admin = await platformAdmin();
    const older = await olderPlatformInvitation(admin.user.id);
    const resend = await admin.client.post(`/api/organizations/${platformId()}/invitations/${older.id}/resend`);
    expect(resend.status).toBe(403);
    expect(resend.body.message).toMatch(/^Platform administrators are appointed only with npm run platform-admin/);

    const message =
      'This invitation is into the platform organization, which nobody can join by invitation. Platform administrators are appointed only with npm run platform-admin on the server.';
    const shown = await newClient(testApp).get(`/api/invitations/${older.token}`);
    expect(shown.status).toBe(403);
    expect(shown.body.message).toBe(message);
    const accepted = await newClient(testApp).post('/api/signup-with-invitation', {
      token: older.token,
      firstName: 'Mallory',
      lastName: 'Intruder',
      password: 'a password of her own',
    });
    expect(accepted.status).toBe(403);
    expect(accepted.body.message).toBe(message);
    expect(accepted.headers['set-cookie']).toBeUndefined();
    const accounts = await testApp.database.sql.query('SELECT id FROM users WHERE email = $1', [older.email]);
    expect(accounts).toEqual([]);
  });

  it('refuses an existing account that accepts an older invitation into it, and leaves it outside', async () => {
    const admin = await platformAdmin();
    const existing = await signUp(testApp);
    const older = await olderPlatformInvitation(admin.user.id, existing.email);
    const accepted = await newClient(testApp).post('/api/signup-with-invitation', {
      token: older.token,
      password: existing.password,
    });
    expect(accepted.status).toBe(403);
    expect(await platformRoleOf(existing.user.id)).toBeUndefined();
  });

  it('refuses to make a member of the platform organization an admin from the team page', async () => {
    const admin = await platformAdmin();
    const member = await addMember(testApp, platformId(), 'member');
    const refused = await admin.client.request(
      'PATCH',
      `/api/organizations/${platformId()}/members/${member.user.id}/role`,
      { role: 'admin' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Platform administrators are appointed only with npm run platform-admin on the server, not from the team page.',
    );
    expect(await platformRoleOf(member.user.id)).toBe('member');
  });

  it('still lets a platform admin make another platform admin a member', async () => {
    const admin = await platformAdmin();
    const other = await platformAdmin();
    const demoted = await admin.client.request(
      'PATCH',
      `/api/organizations/${platformId()}/members/${other.user.id}/role`,
      { role: 'member' },
    );
    expect(demoted.status).toBe(200);
    expect(await platformRoleOf(other.user.id)).toBe('member');
  });
});

import { describe, expect, it } from 'vitest';
import { insertMembership, uniqueEmail } from '#test-support/harness.ts';
import { addMember, createTeam, day, readSubscription, signUp } from '#test-support/subscriptions.ts';
import { inviteAndGetToken, newClient, startTeamAppForFile } from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const past = () => new Date(Date.now() - day).toISOString();
const future = () => new Date(Date.now() + 5 * day).toISOString();

/** Spec section 4: the server's answer to an edit-mode write and to an invitation, per subscription state. */
const rows: Array<[string, { status: string; endsAt: () => string | null; isOverridden: boolean }, boolean]> = [
  ['active', { status: 'active', endsAt: () => null, isOverridden: false }, true],
  ['a trial before its end', { status: 'trial', endsAt: future, isOverridden: false }, true],
  ['a trial after its end', { status: 'trial', endsAt: past, isOverridden: false }, false],
  ['cancel_at_period_end before endsAt', { status: 'cancel_at_period_end', endsAt: future, isOverridden: false }, true],
  ['cancel_at_period_end after endsAt', { status: 'cancel_at_period_end', endsAt: past, isOverridden: false }, false],
  ['cancelled', { status: 'cancelled', endsAt: () => null, isOverridden: false }, false],
  ['none', { status: 'none', endsAt: () => null, isOverridden: false }, false],
  ['an override on none', { status: 'none', endsAt: () => null, isOverridden: true }, true],
  ['an override on an ended trial', { status: 'trial', endsAt: past, isOverridden: true }, true],
  ['an override past cancel_at_period_end', { status: 'cancel_at_period_end', endsAt: past, isOverridden: true }, true],
  ['an override on cancelled', { status: 'cancelled', endsAt: () => null, isOverridden: true }, false],
];
const cases = rows.map(([label, state, isEnabled]) => ({ label, state, isEnabled }));

describe('enablement rules on the server (spec section 4)', () => {
  it.each(cases)(
    'with $label, edit-mode writes and invitations are enabled: $isEnabled',
    async ({ state, isEnabled }) => {
      const team = await createTeam(testApp);
      await testApp.database.sql.query(
        'UPDATE subscriptions SET status = $2, ends_at = $3, is_overridden = $4 WHERE organization_id = $1',
        [team.id, state.status, state.endsAt(), state.isOverridden],
      );
      const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Level 2' });
      const invite = await team.admin.client.post(`/api/organizations/${team.id}/invite`, {
        emails: [uniqueEmail('enablement')],
        role: 'member',
      });
      if (isEnabled) {
        expect(floor.status).toBe(201);
        expect(invite.status).toBe(200);
        expect(invite.body.summary).toEqual({ sent: 1, failed: 0 });
      } else {
        expect(floor.status).toBe(422);
        expect(floor.body.message).toBe('Subscribe to edit floor plans');
        expect(invite.status).toBe(422);
        expect(invite.body.message).toBe('Subscribe to invite users');
      }
    },
  );
});

describe('plan limits on invitations and invitation sign-up', () => {
  const details = { firstName: 'Grace', lastName: 'Hopper', password: 'correct horse battery' };

  it('counts members and pending invitations against maxUsers, and uses an override’s limit', async () => {
    const team = await createTeam(testApp);
    await testApp.database.sql.query('UPDATE subscriptions SET max_users = 3 WHERE organization_id = $1', [team.id]);
    await addMember(testApp, team.id);
    const emails = [uniqueEmail('a'), uniqueEmail('b')];
    const response = await team.admin.client.post(`/api/organizations/${team.id}/invite`, { emails, role: 'member' });
    expect(response.body.summary).toEqual({ sent: 1, failed: 1 });
    expect(response.body.errors).toEqual([{ email: emails[1], message: 'Upgrade your plan to invite more users' }]);

    const platformAdmin = await signUp(testApp);
    await insertMembership(testApp, testApp.config.platformOrganizationId, platformAdmin.user.id, 'admin');
    const override = await platformAdmin.client.post(`/api/admin/organizations/${team.id}/subscription/override`, {
      planName: 'Custom',
      maxUsers: 4,
      reason: 'Pilot',
    });
    expect(override.status).toBe(200);
    const again = await team.admin.client.post(`/api/organizations/${team.id}/invite`, {
      emails: [uniqueEmail('c'), uniqueEmail('d')],
      role: 'member',
    });
    expect(again.body.summary).toEqual({ sent: 1, failed: 1 });
    expect((await readSubscription(testApp, team.id)).max_users).toBe(4);
  });

  it('refuses an invitation sign-up with 422 once the organization is full, including after an override lowers the limit', async () => {
    const team = await createTeam(testApp);
    const first = await inviteAndGetToken(testApp, team);
    const second = await inviteAndGetToken(testApp, team);
    expect(
      (await newClient(testApp).post('/api/signup-with-invitation', { token: first.token, ...details })).status,
    ).toBe(201);

    const platformAdmin = await signUp(testApp);
    await insertMembership(testApp, testApp.config.platformOrganizationId, platformAdmin.user.id, 'admin');
    await platformAdmin.client.post(`/api/admin/organizations/${team.id}/subscription/override`, {
      planName: 'Tier 1 (pilot)',
      maxUsers: 2,
    });
    const full = await newClient(testApp).post('/api/signup-with-invitation', { token: second.token, ...details });
    expect(full.status).toBe(422);
    expect(full.body.message).toBe(
      "This organization has reached its plan's user limit. Ask an administrator to upgrade the plan.",
    );

    await platformAdmin.client.post(`/api/admin/organizations/${team.id}/subscription/override`, {
      planName: 'Tier 2',
      maxUsers: 200,
    });
    expect(
      (await newClient(testApp).post('/api/signup-with-invitation', { token: second.token, ...details })).status,
    ).toBe(201);
  });
});

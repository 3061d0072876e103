import { describe, expect, it } from 'vitest';
import { billingOffSubscription, subscriptionMessages } from '#domain/subscription.ts';
import { addMember, createTeam, setSubscription, signUp } from '#test-support/subscriptions.ts';
import { inviteAndGetToken, startTeamAppForFile } from '#test-support/team.ts';
import { makePlatformAdmin } from '../platform/bootstrap.ts';

// A company hosting Perch for itself: no subscriptions, every feature, no seat limit.
const testApp = startTeamAppForFile({ BILLING: 'off' });
const sameOrigin = { origin: 'http://perch.test' };

describe('billing off', () => {
  it('shows every organization the same self-hosted subscription, with no trial and no seat limit', async () => {
    const team = await createTeam(testApp);
    const listed = await team.admin.client.get('/api/organizations');
    expect(listed.body[0].subscription).toEqual(billingOffSubscription);
    const details = await team.admin.client.get(`/api/organizations/${team.id}/subscription`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ ...billingOffSubscription, seatsUsed: 1, pendingInvitations: 0 });
    expect((await team.admin.client.get('/paypal/setup')).body).toEqual({ clientToken: '', mode: 'off' });
  });

  it('keeps editing and inviting open after the trial the database still holds has ended, past its seat limit', async () => {
    const team = await createTeam(testApp);
    await setSubscription(testApp, team.id, { status: 'trial', endsAt: '2020-01-01T00:00:00Z', maxUsers: 1 });
    const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Ground' }, sameOrigin);
    expect(floor.status).toBe(201);
    const { token } = await inviteAndGetToken(testApp, team);
    const joined = await testApp
      .client()
      .post(
        '/api/signup-with-invitation',
        { token, firstName: 'Grace', lastName: 'Hopper', password: 'correct horse battery' },
        sameOrigin,
      );
    expect(joined.status).toBe(201);
  });

  it('refuses every subscription change with a sentence saying billing is off, and changes nothing', async () => {
    const team = await createTeam(testApp);
    const before = await testApp.database.sql.query('SELECT * FROM subscriptions WHERE organization_id = $1', [
      team.id,
    ]);
    const attempts = [
      team.admin.client.post('/paypal/subscription', { planId: 'tier-2', organizationId: team.id }, sameOrigin),
      team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`, undefined, sameOrigin),
      team.admin.client.post(`/api/organizations/${team.id}/subscription/reactivate`, {}, sameOrigin),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(subscriptionMessages.billingOff);
    }
    const member = await addMember(testApp, team.id);
    expect(
      (await member.client.post(`/api/organizations/${team.id}/subscription/cancel`, undefined, sameOrigin)).status,
    ).toBe(403);
    const after = await testApp.database.sql.query('SELECT * FROM subscriptions WHERE organization_id = $1', [team.id]);
    expect(after).toEqual(before);
    const checkouts = await testApp.database.sql.query('SELECT 1 FROM payment_checkouts WHERE organization_id = $1', [
      team.id,
    ]);
    expect(checkouts).toEqual([]);
  });

  it('serves no local checkout, and refuses a platform override', async () => {
    expect((await testApp.client().get('/paypal/local-checkout/I-LOCAL1')).status).toBe(404);
    const team = await createTeam(testApp);
    const admin = await signUp(testApp);
    expect(await makePlatformAdmin(testApp.database.db, testApp.config, admin.email)).toEqual({ ok: true });
    const overview = await admin.client.get('/api/admin/organizations');
    expect(overview.body.find((row: { id: string }) => row.id === team.id).subscription).toMatchObject({
      isBillingOff: true,
      status: 'active',
    });
    const override = await admin.client.post(
      `/api/admin/organizations/${team.id}/subscription/override`,
      { planName: 'Tier 1', maxUsers: 50 },
      sameOrigin,
    );
    expect(override.status).toBe(422);
    expect(override.body.message).toBe(subscriptionMessages.billingOff);
  });
});

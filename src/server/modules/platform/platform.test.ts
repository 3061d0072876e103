import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { overridePresets } from '#domain/plans.ts';
import { auditActions, readSubscription } from '#test-support/subscriptions.ts';
import { addMember, createTeam, signUp, startTeamAppForFile } from '#test-support/team.ts';
import { ensurePlatformOrganization, makePlatformAdmin } from './bootstrap.ts';

const testApp = startTeamAppForFile();

async function platformAdmin() {
  const admin = await signUp(testApp, { firstName: 'Pat', lastName: 'Platform' });
  expect(await makePlatformAdmin(testApp.database.db, testApp.config, admin.email)).toEqual({ ok: true });
  return admin;
}

const overridePath = (id: string) => `/api/admin/organizations/${id}/subscription/override`;

describe('the platform organization', () => {
  it('exists from start-up with the configured id, and says isPlatform only for its own members', async () => {
    const id = testApp.config.platformOrganizationId;
    const rows = await testApp.database.sql.query<{ id: string }>('SELECT id FROM organizations WHERE id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(await ensurePlatformOrganization(testApp.database.db, testApp.config)).toBe(false);
    const admin = await platformAdmin();
    const list = await admin.client.get('/api/organizations');
    expect(list.body).toContainEqual(expect.objectContaining({ id, isPlatform: true, role: 'admin' }));
    const team = await createTeam(testApp, admin);
    expect((await admin.client.get(`/api/organizations/${team.id}`)).body.isPlatform).toBe(false);
  });

  it('makes only existing accounts platform admins from the command line', async () => {
    const result = await makePlatformAdmin(testApp.database.db, testApp.config, 'nobody@example.com');
    expect(result).toEqual({ ok: false, message: expect.stringContaining('No Perch account uses nobody@example.com') });
  });
});

describe('platform routes', () => {
  it('answers 401 signed out and 403 Admin Access Required to everyone but platform admins', async () => {
    const team = await createTeam(testApp);
    const platformMember = await addMember(testApp, testApp.config.platformOrganizationId, 'member');
    const requests = [
      ['GET', '/api/admin/organizations', undefined],
      ['POST', overridePath(team.id), { planName: 'Tier 5', maxUsers: 20000 }],
      ['DELETE', overridePath(team.id), undefined],
    ] as const;
    for (const [method, url, body] of requests) {
      const signedOut = await testApp.client().request(method, url, body);
      expect(signedOut.status, `${method} ${url}`).toBe(401);
      for (const client of [team.admin.client, platformMember.client]) {
        const refused = await client.request(method, url, body);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.body).toEqual({ message: 'Admin Access Required' });
      }
    }
    expect((await readSubscription(testApp, team.id)).is_overridden).toBe(false);
  });

  it('lists every organization with member count, creation time, admin e-mails and subscription', async () => {
    const admin = await platformAdmin();
    const team = await createTeam(testApp);
    const coAdmin = await addMember(testApp, team.id, 'admin');
    await addMember(testApp, team.id, 'member');
    const response = await admin.client.get('/api/admin/organizations');
    expect(response.status).toBe(200);
    const found = response.body.find((row: { id: string }) => row.id === team.id);
    expect(found).toEqual({
      id: team.id,
      name: 'Acme Corp',
      slug: expect.any(String),
      member_count: 3,
      created_at: expect.any(String),
      admin_emails: [team.admin.email, coAdmin.email].sort(),
      subscription: {
        plan: 'Tier 1',
        planId: 'tier-1',
        status: 'trial',
        maxUsers: 50,
        isOverridden: false,
        isBillingOff: false,
        overrideReason: null,
        nextBillingTime: null,
        endsAt: expect.any(String),
      },
    });
    expect(response.body.map((row: { id: string }) => row.id)).toContain(testApp.config.platformOrganizationId);
  });

  it('applies a preset override and a custom one, records each, and removing restores the plan', async () => {
    const admin = await platformAdmin();
    const team = await createTeam(testApp);
    const tier5 = overridePresets.find((preset) => preset.name === 'Tier 5');
    expect(tier5?.maxUsers).toBe(20000);
    const preset = await admin.client.post(overridePath(team.id), { planName: 'Tier 5', maxUsers: tier5?.maxUsers });
    expect(preset.status).toBe(200);
    expect(preset.body).toEqual({
      message: 'Subscription override applied',
      subscription: expect.objectContaining({
        planName: 'Tier 5',
        maxUsers: 20000,
        isOverridden: true,
        status: 'trial',
      }),
    });
    const custom = await admin.client.post(overridePath(team.id), {
      planName: 'Charity',
      maxUsers: 75,
      reason: 'Non-profit discount',
    });
    expect(custom.body.subscription).toMatchObject({ planName: 'Charity', maxUsers: 75 });
    expect(await readSubscription(testApp, team.id)).toMatchObject({
      is_overridden: true,
      override_reason: 'Non-profit discount',
    });
    const teamView = await team.admin.client.get(`/api/organizations/${team.id}`);
    expect(teamView.body.subscription).toMatchObject({ isOverridden: true, planName: 'Charity', maxUsers: 75 });

    const removed = await admin.client.request('DELETE', overridePath(team.id));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      message: 'Subscription override removed',
      subscription: expect.objectContaining({ planName: 'Tier 1', maxUsers: 50, isOverridden: false }),
    });
    expect((await admin.client.request('DELETE', overridePath(team.id))).status).toBe(409);
    expect(await auditActions(testApp, team.id)).toEqual([
      'subscription.override_applied',
      'subscription.override_applied',
      'subscription.override_removed',
    ]);
    const [event] = await testApp.database.sql.query<{ actor_user_id: string; details: { reason: string } }>(
      "SELECT actor_user_id, details FROM audit_events WHERE organization_id = $1 AND details->>'reason' IS NOT NULL",
      [team.id],
    );
    expect(event).toMatchObject({ actor_user_id: admin.user.id, details: { reason: 'Non-profit discount' } });
  });

  it.each([
    ['a missing plan name', { maxUsers: 10 }, 'Plan name is required (planName)'],
    ['a blank plan name', { planName: '   ', maxUsers: 10 }, 'Plan name is required (planName)'],
    ['zero max users', { planName: 'Custom', maxUsers: 0 }, 'Max users must be positive (maxUsers)'],
    ['negative max users', { planName: 'Custom', maxUsers: -5 }, 'Max users must be positive (maxUsers)'],
    [
      'max users that is not a number',
      { planName: 'Custom', maxUsers: 'many' },
      'Max users must be positive (maxUsers)',
    ],
  ])("refuses %s with 400 and the spec's message", async (_label, body, message) => {
    const admin = await platformAdmin();
    const team = await createTeam(testApp);
    const response = await admin.client.post(overridePath(team.id), body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await readSubscription(testApp, team.id)).is_overridden).toBe(false);
  });

  it('answers 404 for an organization that does not exist', async () => {
    const admin = await platformAdmin();
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await admin.client.post(overridePath(id), { planName: 'Tier 1', maxUsers: 50 });
      expect(response.status).toBe(404);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  addMember,
  approveLink,
  auditActions,
  createCheckout,
  createTeam,
  pathOf,
  readSubscription,
} from '#test-support/subscriptions.ts';
import { startTeamAppForFile } from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const sameOrigin = { origin: 'http://perch.test' };

describe('the local checkout (no PayPal credentials)', () => {
  it('answers the setup in local mode with a client token', async () => {
    const team = await createTeam(testApp);
    const response = await team.admin.client.get('/paypal/setup');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ clientToken: expect.stringMatching(/^local-/), mode: 'local' });
    expect((await testApp.client().get('/paypal/setup')).status).toBe(401);
  });

  it('subscribes a trial organization: create, approve on the Perch page, return, active', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id, 'tier-2');
    expect(created.status).toBe('APPROVAL_PENDING');
    const approve = new URL(approveLink(created));
    expect(approve.origin).toBe('http://perch.test');
    expect(approve.pathname).toBe(`/paypal/local-checkout/${created.id}`);
    // Creating is not activating.
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');

    const page = await team.admin.client.get(approve.pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Approve subscription');
    expect(page.text).toContain('Tier 2');
    expect(page.text).toContain('$49.99 USD / month');
    expect(page.text).toContain('Acme Corp');
    expect(page.text).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).not.toMatch(/\son\w+=/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const approved = await team.admin.client.request('POST', `${approve.pathname}/approve`, '', {
      ...sameOrigin,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(approved.status).toBe(303);
    const back = pathOf(approved.headers.location);
    expect(back).toMatch(new RegExp(`^/paypal/return\\?subscription_id=${created.id}&`));
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');

    const returned = await team.admin.client.get(back);
    expect(returned.status).toBe(303);
    expect(returned.headers.location).toBe(`/subscription/success?subscription_id=${created.id}`);
    const stored = await readSubscription(testApp, team.id);
    expect(stored).toMatchObject({
      plan_id: 'tier-2',
      plan_name: 'Tier 2',
      max_users: 200,
      status: 'active',
      provider_subscription_id: created.id,
      ends_at: null,
    });
    expect(stored.next_billing_time?.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 60 * 60 * 1000);
    expect(await auditActions(testApp, team.id)).toEqual(['subscription.created', 'subscription.activated']);

    const details = await team.admin.client.get(`/api/organizations/${team.id}/subscription`);
    expect(details.body).toMatchObject({ planId: 'tier-2', status: 'active', seatsUsed: 1, pendingInvitations: 0 });
    // A second visit to the return address changes nothing more.
    expect((await team.admin.client.get(back)).headers.location).toBe(
      `/subscription/success?subscription_id=${created.id}`,
    );
    expect(await auditActions(testApp, team.id)).toHaveLength(2);
  });

  it('sends the buyer to the cancel screen from the Cancel button and changes nothing', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id, 'tier-1');
    const cancelled = await team.admin.client.request('POST', `/paypal/local-checkout/${created.id}/cancel`, '', {
      ...sameOrigin,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(cancelled.status).toBe(303);
    const back = pathOf(cancelled.headers.location);
    expect(back).toMatch(/^\/paypal\/cancel\?token=/);
    const landing = await team.admin.client.get(back);
    expect(landing.status).toBe(303);
    expect(landing.headers.location).toBe('/subscription/cancel');
    // Returning without approval does not activate either.
    const early = await team.admin.client.get(`/paypal/return?subscription_id=${created.id}`);
    expect(early.headers.location).toBe('/subscription/cancel');
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');
  });

  it('refuses an approval posted from another site', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id);
    const forged = await testApp.client().request('POST', `/paypal/local-checkout/${created.id}/approve`, '', {
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(forged.status).toBe(403);
    expect((await team.admin.client.get(`/paypal/local-checkout/${created.id}`)).status).toBe(200);
  });

  it('shows and approves a checkout only for the signed-in admin who started it', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const stranger = (await createTeam(testApp)).admin;
    const created = await createCheckout(team.admin.client, team.id, 'tier-4');
    const page = `/paypal/local-checkout/${created.id}`;
    const form = { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' };

    const signedOut = await testApp.client().get(page);
    expect(signedOut.status).toBe(401);
    expect(signedOut.text).toContain('Sign in as the admin who started this checkout');
    expect(signedOut.text).not.toContain('Approve subscription</button>');
    expect((await testApp.client().request('POST', `${page}/approve`, '', form)).status).toBe(401);

    for (const other of [member, stranger]) {
      const seen = await other.client.get(page);
      expect(seen.status).toBe(403);
      expect(seen.text).toContain('Only the admin who started this checkout can approve it.');
      expect((await other.client.request('POST', `${page}/approve`, '', form)).status).toBe(403);
    }
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');
    const [row] = await testApp.database.sql.query<{ status: string }>(
      'SELECT status FROM local_checkout_subscriptions WHERE id = $1',
      [created.id],
    );
    expect(row?.status).toBe('APPROVAL_PENDING');

    expect((await team.admin.client.get(page)).status).toBe(200);
    expect((await team.admin.client.request('POST', `${page}/approve`, '', form)).status).toBe(303);
  });

  it('answers an unknown checkout with a not-found page', async () => {
    const response = await testApp.client().get('/paypal/local-checkout/I-LOCALNOPE');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Checkout not found');
  });

  it('lets only admins create a subscription, and takes only a tier from the client', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const byMember = await member.client.post('/paypal/subscription', { planId: 'tier-1', organizationId: team.id });
    expect(byMember.status).toBe(403);
    const price = await team.admin.client.post('/paypal/subscription', { planId: 'P-CHEAP', organizationId: team.id });
    expect(price.status).toBe(400);
    expect(price.body.message).toBe('Plan must be one of tier-1, tier-2, tier-3, tier-4 (planId)');
    const extra = await team.admin.client.post('/paypal/subscription', { planId: 'tier-1', price: '0.01' });
    expect(extra.status).toBe(400);
    expect((await testApp.client().post('/paypal/subscription', { planId: 'tier-1' })).status).toBe(401);
    // Without organizationId: the caller's first organization where it is admin.
    const defaulted = await team.admin.client.post('/paypal/subscription', { planId: 'tier-3' });
    expect(defaulted.status).toBe(200);
    const [row] = await testApp.database.sql.query<{ organization_id: string; plan_id: string }>(
      'SELECT organization_id, plan_id FROM payment_checkouts WHERE provider_subscription_id = $1',
      [defaulted.body.id],
    );
    expect(row).toEqual({ organization_id: team.id, plan_id: 'tier-3' });
  });

  it('refuses every webhook: the local checkout sends none, so none can be verified', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id);
    const event = {
      id: 'WH-LOCAL-1',
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource: { id: created.id, status: 'ACTIVE', plan_id: 'LOCAL-TIER-2' },
    };
    const response = await testApp.client().post('/paypal/webhook', event, {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/cert',
      'paypal-transmission-id': 'x',
      'paypal-transmission-sig': 'forged',
      'paypal-transmission-time': new Date().toISOString(),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Webhook signature could not be verified');
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');
  });

  it('cancels at period end and keeps edit mode until then, then reactivates directly', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id, 'tier-1');
    await team.admin.client.request('POST', `/paypal/local-checkout/${created.id}/approve`, '', {
      ...sameOrigin,
      'content-type': 'application/x-www-form-urlencoded',
    });
    await team.admin.client.get(`/paypal/return?subscription_id=${created.id}`);
    const cancel = await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe('Subscription will be cancelled at the end of the billing period');
    expect(cancel.body.subscription.status).toBe('cancel_at_period_end');
    const stored = await readSubscription(testApp, team.id);
    expect(stored.ends_at?.toISOString()).toBe(stored.next_billing_time?.toISOString());
    const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Still editable' });
    expect(floor.status).toBe(201);
    expect((await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`)).status).toBe(409);

    const reactivated = await team.admin.client.post(`/api/organizations/${team.id}/subscription/reactivate`, {});
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({
      message: 'Subscription reactivated',
      subscription: { status: 'active', endsAt: null },
    });
    const subscriptionActions = (await auditActions(testApp, team.id)).filter((action) =>
      action.startsWith('subscription.'),
    );
    expect(subscriptionActions.slice(-2)).toEqual(['subscription.cancelled', 'subscription.reactivated']);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trialsJob } from '#server/jobs/trials.ts';
import { cancelSubscription, startTestApp, type TestApp } from '#test-support/harness.ts';
import { type PayPalStandIn, startPayPalStandIn } from '#test-support/paypal-stand-in.ts';
import {
  approveLink,
  auditActions,
  createCheckout,
  createTeam,
  day,
  pathOf,
  readSubscription,
  snapshotPaymentState,
  type Team,
  teamTestEnvironment,
} from '#test-support/subscriptions.ts';

let standIn: PayPalStandIn;
let testApp: TestApp;
beforeAll(async () => {
  standIn = await startPayPalStandIn();
  testApp = await startTestApp({ environment: { ...teamTestEnvironment, ...standIn.environment(800) } });
});
afterAll(async () => {
  await testApp?.close();
  await standIn?.close();
});
afterEach(() => {
  standIn.setBehaviour('normal');
});

const unavailable = 'Payment provider is unavailable, please try again';

/** The buyer follows the approve link at the stand-in, which redirects back to Perch's return address. */
async function approveAtPayPal(link: string): Promise<string> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return pathOf(response.headers.get('location'));
}

async function subscribe(team: Team, planId = 'tier-2') {
  const created = await createCheckout(team.admin.client, team.id, planId);
  const back = await approveAtPayPal(approveLink(created));
  const returned = await team.admin.client.get(back);
  expect(returned.headers.location).toBe(`/subscription/success?subscription_id=${created.id}`);
  return created.id;
}

function webhook(event: Record<string, unknown>, options: { forge?: boolean } = {}) {
  const body = JSON.stringify(event);
  const headers = standIn.signWebhook(body);
  if (options.forge) headers['paypal-transmission-sig'] = 'bm90IGEgc2lnbmF0dXJl';
  return testApp.client().request('POST', '/paypal/webhook', body, { ...headers, 'content-type': 'application/json' });
}

let eventCounter = 0;
const eventId = () => `WH-${Date.now().toString(36)}-${++eventCounter}`;

function subscriptionEvent(type: string, id: string, overrides: Record<string, unknown> = {}) {
  const stored = standIn.subscriptions.get(id);
  return {
    id: eventId(),
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'subscription',
    event_type: type,
    summary: `Subscription ${type}`,
    resource: {
      id,
      plan_id: stored?.plan_id,
      custom_id: stored?.custom_id,
      status: stored?.status,
      billing_info: { next_billing_time: stored?.next_billing_time },
      ...overrides,
    },
  };
}

describe('subscribing through PayPal (the stand-in)', () => {
  it('creates the subscription with the configured plan id and Perch URLs, and activates only on read-back', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id, 'tier-3');
    expect(created).toMatchObject({ status: 'APPROVAL_PENDING', id: expect.stringMatching(/^I-/) });
    const sent = standIn.requests.filter((request) => request.path === '/v1/billing/subscriptions').at(-1);
    const body = JSON.parse(sent?.body ?? '{}');
    expect(body).toMatchObject({
      plan_id: standIn.planIds['tier-3'],
      custom_id: team.id,
      application_context: {
        return_url: 'http://perch.test/paypal/return',
        cancel_url: 'http://perch.test/paypal/cancel',
        user_action: 'SUBSCRIBE_NOW',
      },
    });
    expect(sent?.headers['paypal-request-id']).toEqual(expect.any(String));
    expect(JSON.stringify(created)).not.toContain(standIn.planIds['tier-3']);

    // Claiming a return before PayPal approved it changes nothing.
    const early = await team.admin.client.get(`/paypal/return?subscription_id=${created.id}&token=x`);
    expect(early.headers.location).toBe('/subscription/cancel');
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');

    const back = await approveAtPayPal(approveLink(created));
    const returned = await team.admin.client.get(back);
    expect(returned.status).toBe(303);
    expect(returned.headers.location).toBe(`/subscription/success?subscription_id=${created.id}`);
    expect(await readSubscription(testApp, team.id)).toMatchObject({
      plan_id: 'tier-3',
      plan_name: 'Tier 3',
      max_users: 1000,
      status: 'active',
      provider_subscription_id: created.id,
    });
  });

  it('asks PayPal for an OAuth token once and reuses it until it expires', async () => {
    const team = await createTeam(testApp);
    const before = standIn.countRequests('POST', /^\/v1\/oauth2\/token$/);
    await createCheckout(team.admin.client, team.id);
    await createCheckout(team.admin.client, team.id);
    await team.admin.client.get('/paypal/setup');
    const after = standIn.countRequests('POST', /^\/v1\/oauth2\/token$/);
    expect(after - before).toBeLessThanOrEqual(1);
    const setup = await team.admin.client.get('/paypal/setup');
    expect(setup.body).toEqual({ clientToken: expect.any(String), mode: 'sandbox' });
    const authorized = standIn.requests.filter((request) => request.path.startsWith('/v1/billing'));
    expect(authorized.every((request) => /^Bearer A21AA/.test(String(request.headers.authorization)))).toBe(true);
  });

  it('activates by a verified BILLING.SUBSCRIPTION.ACTIVATED webhook, once, however often it is replayed', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id, 'tier-1');
    standIn.approve(created.id);
    const event = subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', created.id);

    const forged = await webhook(event, { forge: true });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Webhook signature could not be verified');
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');

    const unsigned = await testApp.client().post('/paypal/webhook', event);
    expect(unsigned.status).toBe(400);
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');

    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'processed' });
    expect(await readSubscription(testApp, team.id)).toMatchObject({ status: 'active', plan_id: 'tier-1' });

    // The same event again: nothing changes, even after the subscription moved on.
    await cancelSubscription(testApp, team.id);
    const replay = await webhook(event);
    expect(replay.body).toEqual({ received: true, outcome: 'replayed' });
    expect((await readSubscription(testApp, team.id)).status).toBe('cancelled');
    expect((await auditActions(testApp, team.id)).filter((action) => action === 'subscription.activated')).toHaveLength(
      1,
    );
  });

  it('refuses a webhook whose body was changed after PayPal signed it', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id, 'tier-1');
    const signed = JSON.stringify(
      subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', created.id, { status: 'APPROVAL_PENDING' }),
    );
    const headers = standIn.signWebhook(signed);
    const tampered = signed.replace('APPROVAL_PENDING', 'ACTIVE');
    const response = await testApp
      .client()
      .request('POST', '/paypal/webhook', tampered, { ...headers, 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');
    const malformed = await testApp
      .client()
      .request('POST', '/paypal/webhook', '{"no":"id"}', { ...headers, 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
  });

  it('moves the next billing time on PAYMENT.SALE.COMPLETED, read back from PayPal', async () => {
    const team = await createTeam(testApp);
    const id = await subscribe(team);
    const later = new Date(Date.now() + 60 * day).toISOString();
    const stored = standIn.subscriptions.get(id);
    if (stored) stored.next_billing_time = later;
    const response = await webhook({
      id: eventId(),
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource_type: 'sale',
      resource: {
        id: '80021663DE681814L',
        state: 'completed',
        billing_agreement_id: id,
        amount: { total: '49.99', currency: 'USD' },
      },
    });
    expect(response.body.outcome).toBe('processed');
    expect((await readSubscription(testApp, team.id)).next_billing_time?.toISOString()).toBe(later);
  });

  it('keeps access until the paid period ends when PayPal suspends or cancels, and ends it on EXPIRED', async () => {
    const team = await createTeam(testApp);
    const id = await subscribe(team);
    const nextBilling = standIn.subscriptions.get(id)?.next_billing_time;
    expect(
      (await webhook(subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', id, { status: 'SUSPENDED' }))).body.outcome,
    ).toBe('processed');
    const suspended = await readSubscription(testApp, team.id);
    expect(suspended.status).toBe('cancel_at_period_end');
    expect(suspended.ends_at?.toISOString()).toBe(nextBilling);
    expect(
      (await webhook(subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', id, { status: 'CANCELLED' }))).body.outcome,
    ).toBe('ignored');
    expect(
      (await webhook(subscriptionEvent('BILLING.SUBSCRIPTION.EXPIRED', id, { status: 'EXPIRED' }))).body.outcome,
    ).toBe('processed');
    expect((await readSubscription(testApp, team.id)).status).toBe('cancelled');
    expect(await auditActions(testApp, team.id)).toEqual(
      expect.arrayContaining(['subscription.suspended', 'subscription.expired']),
    );
  });
});

describe('cancelling and reactivating at PayPal', () => {
  it('suspends at PayPal, keeps access until the next billing time, and reactivates with the direct call', async () => {
    const team = await createTeam(testApp);
    const id = await subscribe(team);
    const cancel = await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`);
    expect(cancel.status).toBe(200);
    expect(standIn.subscriptions.get(id)?.status).toBe('SUSPENDED');
    expect(cancel.body.subscription.endsAt).toBe(standIn.subscriptions.get(id)?.next_billing_time);

    const reactivate = await team.admin.client.post(`/api/organizations/${team.id}/subscription/reactivate`, {
      planId: 'tier-2',
    });
    expect(reactivate.status).toBe(200);
    expect(reactivate.body.message).toBe('Subscription reactivated');
    expect(standIn.subscriptions.get(id)?.status).toBe('ACTIVE');
    expect((await readSubscription(testApp, team.id)).status).toBe('active');
  });

  it('falls back to a new checkout when PayPal refuses the direct reactivation', async () => {
    const team = await createTeam(testApp);
    const id = await subscribe(team);
    await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`);
    const stored = standIn.subscriptions.get(id);
    if (stored) stored.status = 'CANCELLED';
    const reactivate = await team.admin.client.post(`/api/organizations/${team.id}/subscription/reactivate`, {});
    expect(reactivate.status).toBe(200);
    expect(reactivate.body).toEqual({ links: expect.arrayContaining([expect.objectContaining({ rel: 'approve' })]) });
    expect((await readSubscription(testApp, team.id)).status).toBe('cancel_at_period_end');

    // Approving the new one activates it and stops the old one.
    const back = await approveAtPayPal(approveLink(reactivate.body));
    await team.admin.client.get(back);
    const now = await readSubscription(testApp, team.id);
    expect(now.status).toBe('active');
    expect(now.provider_subscription_id).not.toBe(id);
  });

  it('answers reactivation of a cancelled subscription with a new checkout for its tier', async () => {
    const team = await createTeam(testApp);
    await testApp.database.sql.query(
      "UPDATE subscriptions SET status = 'cancelled', plan_id = 'tier-3' WHERE organization_id = $1",
      [team.id],
    );
    const reactivate = await team.admin.client.post(`/api/organizations/${team.id}/subscription/reactivate`);
    expect(reactivate.status).toBe(200);
    expect(approveLink(reactivate.body)).toContain(standIn.url);
    const [checkout] = await testApp.database.sql.query<{ plan_id: string }>(
      'SELECT plan_id FROM payment_checkouts WHERE organization_id = $1',
      [team.id],
    );
    expect(checkout?.plan_id).toBe('tier-3');
  });

  it('cancels at PayPal when the period has ended, and the organization loses edit mode', async () => {
    const team = await createTeam(testApp);
    const id = await subscribe(team);
    await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`);
    const endsAt = (await readSubscription(testApp, team.id)).ends_at ?? new Date();
    await trialsJob(testApp.app.perch, () => new Date(endsAt.getTime() + 1000)).run();
    expect(standIn.subscriptions.get(id)?.status).toBe('CANCELLED');
    expect((await readSubscription(testApp, team.id)).status).toBe('cancelled');
    expect((await auditActions(testApp, team.id)).at(-1)).toBe('subscription.expired');
  });
});

describe('when PayPal fails or does not answer', () => {
  it.each([
    ['fails', 'fail' as const],
    ['hangs', 'hang' as const],
  ])('answers 502 with a clear message and changes nothing when PayPal %s on create', async (_label, behaviour) => {
    const team = await createTeam(testApp);
    const before = await snapshotPaymentState(testApp, team.id);
    standIn.setBehaviour(behaviour, /^\/v1\/billing\/subscriptions$/);
    const response = await team.admin.client.post('/paypal/subscription', {
      planId: 'tier-2',
      organizationId: team.id,
    });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: unavailable });
    expect(await snapshotPaymentState(testApp, team.id)).toEqual(before);
  });

  it('changes nothing when PayPal hangs on the read-back after approval, and activates once it answers', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id);
    const back = await approveAtPayPal(approveLink(created));
    const before = await snapshotPaymentState(testApp, team.id);
    standIn.setBehaviour('hang', /^\/v1\/billing\/subscriptions\/I-/);
    const response = await team.admin.client.get(back);
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(unavailable);
    expect(await snapshotPaymentState(testApp, team.id)).toEqual(before);
    standIn.setBehaviour('normal');
    expect((await team.admin.client.get(back)).status).toBe(303);
    expect((await readSubscription(testApp, team.id)).status).toBe('active');
  });

  it.each([
    ['suspend', /\/suspend$/],
    ['read-back', /^\/v1\/billing\/subscriptions\/I-[A-F0-9]+$/],
  ])('keeps the subscription active when the %s call fails during cancel', async (_label, pattern) => {
    const team = await createTeam(testApp);
    await subscribe(team);
    const before = await snapshotPaymentState(testApp, team.id);
    standIn.setBehaviour('fail', pattern);
    const response = await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`);
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(unavailable);
    expect(await snapshotPaymentState(testApp, team.id)).toEqual(before);
  });

  it('answers 502 and records nothing when the signature check cannot reach PayPal, so PayPal retries', async () => {
    const team = await createTeam(testApp);
    const created = await createCheckout(team.admin.client, team.id);
    standIn.approve(created.id);
    const before = await snapshotPaymentState(testApp, team.id);
    standIn.setBehaviour('hang', /verify-webhook-signature/);
    const event = subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', created.id);
    expect((await webhook(event)).status).toBe(502);
    expect(await snapshotPaymentState(testApp, team.id)).toEqual(before);
    standIn.setBehaviour('normal');
    expect((await webhook(event)).body.outcome).toBe('processed');
  });

  it('answers 502 for a reactivation during an outage instead of starting a checkout', async () => {
    const team = await createTeam(testApp);
    await subscribe(team);
    await team.admin.client.post(`/api/organizations/${team.id}/subscription/cancel`);
    const before = await snapshotPaymentState(testApp, team.id);
    standIn.setBehaviour('fail', /\/v1\/billing\/subscriptions/);
    const response = await team.admin.client.post(`/api/organizations/${team.id}/subscription/reactivate`, {});
    expect(response.status).toBe(502);
    expect(await snapshotPaymentState(testApp, team.id)).toEqual(before);
  });
});

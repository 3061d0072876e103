import { expect } from 'vitest';
import type { TestApp, TestClient } from './harness.ts';

export {
  addMember,
  createTeam,
  setSubscription,
  signUp,
  type Team,
  teamTestEnvironment,
} from './team.ts';

export interface SubscriptionRowView {
  plan_id: string | null;
  plan_name: string | null;
  max_users: number;
  status: string;
  provider_subscription_id: string | null;
  next_billing_time: Date | null;
  ends_at: Date | null;
  is_overridden: boolean;
  override_reason: string | null;
}

/** The organization's subscription row as stored. */
export async function readSubscription(testApp: TestApp, organizationId: string): Promise<SubscriptionRowView> {
  const [row] = await testApp.database.sql.query<SubscriptionRowView>(
    `SELECT plan_id, plan_name, max_users, status, provider_subscription_id, next_billing_time, ends_at,
            is_overridden, override_reason
       FROM subscriptions WHERE organization_id = $1`,
    [organizationId],
  );
  if (!row) throw new Error('no subscription row');
  return row;
}

export async function auditActions(testApp: TestApp, organizationId: string): Promise<string[]> {
  const rows = await testApp.database.sql.query<{ action: string }>(
    'SELECT action FROM audit_events WHERE organization_id = $1 ORDER BY id',
    [organizationId],
  );
  return rows.map((row) => row.action);
}

/** Everything a failed provider call must leave untouched. */
export async function snapshotPaymentState(testApp: TestApp, organizationId: string) {
  return {
    subscription: await readSubscription(testApp, organizationId),
    audit: await auditActions(testApp, organizationId),
    checkouts: await testApp.database.sql.query('SELECT * FROM payment_checkouts WHERE organization_id = $1', [
      organizationId,
    ]),
    events: await testApp.database.sql.query('SELECT event_id FROM payment_webhook_events ORDER BY event_id'),
  };
}

export function approveLink(body: { links?: Array<{ rel: string; href: string }> }): string {
  const link = body.links?.find((item) => item.rel === 'approve')?.href;
  expect(link).toEqual(expect.any(String));
  return link ?? '';
}

/** Follows a 303 from Perch to its path (the test client talks to the app directly). */
export function pathOf(location: unknown): string {
  const url = new URL(String(location), 'http://perch.test');
  return `${url.pathname}${url.search}`;
}

export async function createCheckout(client: TestClient, organizationId: string, planId = 'tier-2') {
  const response = await client.post('/paypal/subscription', { planId, organizationId });
  expect(response.status).toBe(200);
  return response.body as { id: string; status: string; links: Array<{ rel: string; href: string; method: string }> };
}

export const day = 24 * 60 * 60 * 1000;

import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { type PaymentProvider, PaymentProviderError, type ProviderSubscription } from '../provider.ts';
import * as repo from './repo.ts';

/** The approval page of a local subscription: what PayPal's approve link is for the real provider. */
export const localCheckoutPath = (id: string) => `/paypal/local-checkout/${encodeURIComponent(id)}`;

function toProviderSubscription(row: repo.LocalSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    status: row.status,
    planId: row.providerPlanId,
    customId: row.customId,
    nextBillingTime: row.nextBillingTime,
  };
}

/** One calendar month on, as PayPal's monthly billing cycle does. */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const refusal = (message: string) => new PaymentProviderError(message, { isRefusal: true, status: 422 });

/**
 * The built-in local checkout: PayPal's subscription lifecycle kept in Perch's own database, approved on a
 * page Perch serves. It sends no webhooks, so it never verifies one.
 */
export function createLocalCheckoutProvider(
  db: Database,
  publicUrl: string,
): PaymentProvider & {
  approve(id: string): Promise<repo.LocalSubscriptionRow | undefined>;
  find(id: string): Promise<repo.LocalSubscriptionRow | undefined>;
} {
  const transition = async (
    id: string,
    from: repo.LocalSubscriptionRow['status'][],
    to: 'ACTIVE' | 'SUSPENDED' | 'CANCELLED',
  ) => {
    const moved = await repo.transitionLocalSubscription(db, id, from, to);
    if (!moved) throw refusal(`SUBSCRIPTION_STATUS_INVALID: ${id} cannot become ${to}`);
  };
  return {
    mode: 'local',
    createClientToken: async () => `local-${randomBytes(16).toString('base64url')}`,

    async createSubscription(request) {
      const id = `I-LOCAL${randomBytes(10).toString('hex').toUpperCase()}`;
      const row = await repo.insertLocalSubscription(db, {
        id,
        providerPlanId: request.providerPlanId,
        customId: request.organizationId,
        status: 'APPROVAL_PENDING',
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        requestId: request.requestId,
        display: request.display,
      });
      return {
        ...toProviderSubscription(row),
        links: [
          { rel: 'approve', href: `${publicUrl}${localCheckoutPath(row.id)}`, method: 'GET' },
          { rel: 'self', href: `${publicUrl}${localCheckoutPath(row.id)}`, method: 'GET' },
        ],
      };
    },

    async findSubscription(id) {
      const row = await repo.findLocalSubscription(db, id);
      return row ? toProviderSubscription(row) : undefined;
    },
    cancelSubscription: (id) => transition(id, ['APPROVED', 'ACTIVE', 'SUSPENDED'], 'CANCELLED'),
    suspendSubscription: (id) => transition(id, ['ACTIVE'], 'SUSPENDED'),
    activateSubscription: (id) => transition(id, ['SUSPENDED'], 'ACTIVE'),
    verifyWebhook: async () => false,
    close() {},

    /** The buyer pressed "Approve subscription": the first month starts now. */
    approve: (id) =>
      repo.transitionLocalSubscription(db, id, ['APPROVAL_PENDING'], 'ACTIVE', oneMonthAfter(new Date())),
    find: (id) => repo.findLocalSubscription(db, id),
  };
}

export type LocalCheckoutProvider = ReturnType<typeof createLocalCheckoutProvider>;

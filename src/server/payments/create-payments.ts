import type { Config } from '../config.ts';
import type { TierPlanIds } from '../config-values.ts';
import type { Database } from '../db/client.ts';
import { createLocalCheckoutProvider, type LocalCheckoutProvider } from './local-checkout/provider.ts';
import { createPayPalClient } from './paypal-client.ts';
import type { PaymentProvider } from './provider.ts';

export interface Payments {
  provider: PaymentProvider;
  /** The provider's plan id of each tier, from configuration only. */
  planIds: TierPlanIds;
  /** Set when the built-in local checkout is the provider: its approval page needs it. */
  local: LocalCheckoutProvider | undefined;
}

export const localPlanIds: TierPlanIds = {
  'tier-1': 'LOCAL-TIER-1',
  'tier-2': 'LOCAL-TIER-2',
  'tier-3': 'LOCAL-TIER-3',
  'tier-4': 'LOCAL-TIER-4',
};

/** With billing off nothing is sold: the services refuse before reaching a provider, so reaching this is a bug. */
function billingOffProvider(): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new Error('billing is off: no payment provider call may be made');
  };
  return {
    mode: 'off',
    createClientToken: refuse,
    createSubscription: refuse,
    findSubscription: async () => undefined,
    cancelSubscription: refuse,
    suspendSubscription: refuse,
    activateSubscription: refuse,
    verifyWebhook: async () => false,
    close() {},
  };
}

/** PayPal (sandbox or live) with its credentials, the local checkout, or no provider with billing off. */
export function createPayments(config: Config, db: Database): Payments {
  const settings = config.payments;
  if (settings.mode === 'off') return { provider: billingOffProvider(), planIds: localPlanIds, local: undefined };
  if (settings.mode === 'local') {
    const local = createLocalCheckoutProvider(db, config.publicUrl);
    return { provider: local, planIds: localPlanIds, local };
  }
  return {
    provider: createPayPalClient({
      mode: settings.mode,
      apiUrl: settings.apiUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      webhookId: settings.webhookId,
      timeoutMs: settings.timeoutMs,
    }),
    planIds: settings.planIds,
    local: undefined,
  };
}

/** The tier a provider plan id stands for, or undefined for a plan Perch did not configure. */
export function findTierOfProviderPlan(planIds: TierPlanIds, providerPlanId: string): keyof TierPlanIds | undefined {
  return (Object.keys(planIds) as Array<keyof TierPlanIds>).find((tier) => planIds[tier] === providerPlanId);
}

import type { Config, TierPlanIds } from '../config.ts';
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

/** PayPal (sandbox or live) when configured with credentials; otherwise the local checkout. */
export function createPayments(config: Config, db: Database): Payments {
  const settings = config.payments;
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

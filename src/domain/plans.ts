/** Spec section 9. Prices are flat monthly fees in USD. */
export interface Plan {
  id: 'tier-1' | 'tier-2' | 'tier-3' | 'tier-4';
  name: string;
  price: string;
  currency: 'USD';
  userRange: string;
  minUsers: number;
  maxUsers: number;
  description: string;
  recommended?: boolean;
  features: string[];
}

const everyTier = ['Unlimited desk bookings', 'Multi-floor support', 'Unlimited floors', 'Real-time availability'];

export const plans: readonly Plan[] = [
  {
    id: 'tier-1',
    name: 'Tier 1',
    price: '29.99',
    currency: 'USD',
    userRange: '1 - 50 users',
    minUsers: 1,
    maxUsers: 50,
    description: 'For small teams sharing one office.',
    features: everyTier,
  },
  {
    id: 'tier-2',
    name: 'Tier 2',
    price: '49.99',
    currency: 'USD',
    userRange: '51 - 200 users',
    minUsers: 51,
    maxUsers: 200,
    description: 'For growing companies with several floors.',
    recommended: true,
    features: everyTier,
  },
  {
    id: 'tier-3',
    name: 'Tier 3',
    price: '99.99',
    currency: 'USD',
    userRange: '201 - 1,000 users',
    minUsers: 201,
    maxUsers: 1000,
    description: 'For established organizations across many sites.',
    features: everyTier,
  },
  {
    id: 'tier-4',
    name: 'Tier 4',
    price: '199.99',
    currency: 'USD',
    userRange: '1,001 - 5,000 users',
    minUsers: 1001,
    maxUsers: 5000,
    description: 'For large enterprises with hybrid workforces.',
    features: everyTier,
  },
];

/** The platform override list adds Tier 5; preset tiers fix max users. */
export const overrideTiers = [
  ...plans.map((plan) => ({ name: plan.name, maxUsers: plan.maxUsers })),
  { name: 'Tier 5', maxUsers: 20000 },
] as const;

export const trialPlan = plans[0]!;
export const trialDays = 14;

export type PlanId = Plan['id'];
export const planIds = ['tier-1', 'tier-2', 'tier-3', 'tier-4'] as const satisfies readonly PlanId[];

export function findPlan(id: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** The Subscription Override dialog's choices: preset tiers fix max users; Custom takes a free name and limit. */
export const overridePresets = [
  ...overrideTiers.map((tier) => ({ id: tier.name.toLowerCase().replace(' ', '-'), ...tier, isCustom: false })),
  { id: 'custom', name: 'Custom', maxUsers: null, isCustom: true },
] as const;

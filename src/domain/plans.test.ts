import { describe, expect, it } from 'vitest';
import { findPlan, overridePresets, plans } from './plans.ts';
import { createCheckoutSchema, overrideSchema } from './subscription.ts';

describe('plans and override presets', () => {
  it('offers Tier 1 to Tier 5 with fixed user limits, Tier 5 at 20,000, and a Custom choice', () => {
    expect(overridePresets.map((preset) => [preset.name, preset.maxUsers])).toEqual([
      ['Tier 1', 50],
      ['Tier 2', 200],
      ['Tier 3', 1000],
      ['Tier 4', 5000],
      ['Tier 5', 20000],
      ['Custom', null],
    ]);
    expect(overridePresets.at(-1)?.isCustom).toBe(true);
  });

  it('finds a plan by tier id only', () => {
    expect(findPlan('tier-2')?.price).toBe('49.99');
    expect(findPlan('P-5ML4271244454362WXNWU5NQ')).toBeUndefined();
    expect(plans.filter((plan) => plan.recommended).map((plan) => plan.id)).toEqual(['tier-2']);
  });
});

describe('subscription request schemas', () => {
  it("gives the spec's override messages", () => {
    const message = (input: unknown) => overrideSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ maxUsers: 5 })).toBe('Plan name is required');
    expect(message({ planName: ' ', maxUsers: 5 })).toBe('Plan name is required');
    expect(message({ planName: 'Custom', maxUsers: 0 })).toBe('Max users must be positive');
    expect(overrideSchema.parse({ planName: ' Charity ', maxUsers: '75', reason: '' })).toEqual({
      planName: 'Charity',
      maxUsers: 75,
      reason: null,
    });
  });

  it('takes only a tier id for a checkout, never a provider plan id or a price', () => {
    expect(createCheckoutSchema.safeParse({ planId: 'tier-4' }).success).toBe(true);
    expect(createCheckoutSchema.safeParse({ planId: 'P-123' }).success).toBe(false);
    expect(createCheckoutSchema.safeParse({ planId: 'tier-1', price: '0.01' }).success).toBe(false);
  });
});

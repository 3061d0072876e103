import { describe, expect, it } from 'vitest';
import {
  billingOffSubscription,
  isSubscriptionEnabled,
  noSeatLimit,
  overrideFormSchema,
  type Subscription,
} from './subscription.ts';

const now = new Date('2025-06-15T12:00:00Z');
const yesterday = '2025-06-14T12:00:00.000Z';
const tomorrow = '2025-06-16T12:00:00.000Z';

function subscription(overrides: Partial<Subscription>): Subscription {
  return {
    planId: 'tier-1',
    planName: 'Tier 1',
    maxUsers: 50,
    status: 'active',
    nextBillingTime: null,
    endsAt: null,
    isOverridden: false,
    isBillingOff: false,
    ...overrides,
  };
}

describe('isSubscriptionEnabled', () => {
  it('is disabled without a subscription', () => {
    expect(isSubscriptionEnabled(null, now)).toBe(false);
    expect(isSubscriptionEnabled(undefined, now)).toBe(false);
  });

  it('is enabled for an active subscription', () => {
    expect(isSubscriptionEnabled(subscription({ status: 'active' }), now)).toBe(true);
  });

  it('is enabled for a trial until it ends, and disabled once it has ended', () => {
    expect(isSubscriptionEnabled(subscription({ status: 'trial', endsAt: tomorrow }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ status: 'trial', endsAt: null }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ status: 'trial', endsAt: yesterday }), now)).toBe(false);
  });

  it('stays enabled after cancelling until endsAt passes', () => {
    expect(isSubscriptionEnabled(subscription({ status: 'cancel_at_period_end', endsAt: tomorrow }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ status: 'cancel_at_period_end', endsAt: yesterday }), now)).toBe(false);
  });

  it('uses nextBillingTime as the end of a cancelled period when endsAt is missing', () => {
    const pending = { status: 'cancel_at_period_end' as const, endsAt: null };
    expect(isSubscriptionEnabled(subscription({ ...pending, nextBillingTime: tomorrow }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ ...pending, nextBillingTime: yesterday }), now)).toBe(false);
    expect(isSubscriptionEnabled(subscription({ ...pending, nextBillingTime: null }), now)).toBe(false);
  });

  it('prefers endsAt over nextBillingTime for a cancelled period', () => {
    expect(
      isSubscriptionEnabled(
        subscription({ status: 'cancel_at_period_end', endsAt: yesterday, nextBillingTime: tomorrow }),
        now,
      ),
    ).toBe(false);
  });

  it('is disabled for cancelled and none', () => {
    expect(isSubscriptionEnabled(subscription({ status: 'cancelled' }), now)).toBe(false);
    expect(isSubscriptionEnabled(subscription({ status: 'none' }), now)).toBe(false);
  });

  it('is enabled with an override whatever the status or dates, unless cancelled', () => {
    const overridden = { isOverridden: true, endsAt: yesterday };
    expect(isSubscriptionEnabled(subscription({ ...overridden, status: 'none' }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ ...overridden, status: 'trial' }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ ...overridden, status: 'cancel_at_period_end' }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ ...overridden, status: 'active' }), now)).toBe(true);
    expect(isSubscriptionEnabled(subscription({ ...overridden, status: 'cancelled' }), now)).toBe(false);
  });

  it('is enabled with billing off, whatever the status or dates, and counts no seat limit', () => {
    expect(isSubscriptionEnabled(billingOffSubscription, now)).toBe(true);
    expect(
      isSubscriptionEnabled(subscription({ isBillingOff: true, status: 'cancelled', endsAt: yesterday }), now),
    ).toBe(true);
    expect(billingOffSubscription).toMatchObject({ maxUsers: noSeatLimit, planId: null, isOverridden: false });
  });

  it('compares against the given time, not the clock', () => {
    const trial = subscription({ status: 'trial', endsAt: '2025-06-15T12:00:01.000Z' });
    expect(isSubscriptionEnabled(trial, new Date('2025-06-15T12:00:00Z'))).toBe(true);
    expect(isSubscriptionEnabled(trial, new Date('2025-06-15T12:00:01Z'))).toBe(false);
  });
});

describe('overrideFormSchema (the Override form)', () => {
  const fields = { presetId: 'custom', planName: '', maxUsers: '', reason: '' };

  it("sends a preset's own name and fixed limit, whatever the custom fields hold", () => {
    expect(overrideFormSchema.parse({ ...fields, presetId: 'tier-3', planName: 'ignored', reason: ' Pilot ' })).toEqual(
      {
        planName: 'Tier 3',
        maxUsers: 1000,
        reason: 'Pilot',
      },
    );
  });

  it('sends the custom name and limit, an empty reason as none', () => {
    expect(overrideFormSchema.parse({ ...fields, planName: ' Partner ', maxUsers: '250' })).toEqual({
      planName: 'Partner',
      maxUsers: 250,
      reason: null,
    });
  });

  it('says the spec messages on the plan name and max users fields of an empty custom tier', () => {
    const issues = overrideFormSchema.safeParse(fields).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['planName', 'Plan name is required'],
      ['maxUsers', 'Max users must be positive'],
    ]);
  });
});

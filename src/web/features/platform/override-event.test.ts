import { describe, expect, it } from 'vitest';
import { describePlan, readOverrideChange } from './override-event.ts';

describe('readOverrideChange', () => {
  it('reads the plan, user limit, reason and previous plan of an applied override', () => {
    const change = readOverrideChange({
      action: 'subscription.override_applied',
      details: {
        planName: 'Tier 3',
        maxUsers: 1000,
        reason: 'Partner pilot',
        previous: { planName: 'Free trial', maxUsers: 5 },
      },
    });
    expect(change).toEqual({
      kind: 'applied',
      plan: 'Tier 3',
      maxUsers: 1000,
      reason: 'Partner pilot',
      previous: { plan: 'Free trial', maxUsers: 5 },
    });
    expect(change && describePlan(change.plan, change.maxUsers)).toBe('Tier 3 · up to 1,000 users');
  });

  it('reads a removed override as the plan it took away, and tolerates details of any shape', () => {
    expect(
      readOverrideChange({
        action: 'subscription.override_removed',
        details: { previous: { planName: 'Pilot', maxUsers: 'x' } },
      }),
    ).toEqual({
      kind: 'removed',
      plan: null,
      maxUsers: null,
      reason: null,
      previous: { plan: 'Pilot', maxUsers: null },
    });
    expect(
      readOverrideChange({ action: 'subscription.override_applied', details: { planName: 3, previous: [] } }),
    ).toEqual({
      kind: 'applied',
      plan: null,
      maxUsers: null,
      reason: null,
      previous: null,
    });
    expect(readOverrideChange({ action: 'member.removed', details: {} })).toBeNull();
  });
});

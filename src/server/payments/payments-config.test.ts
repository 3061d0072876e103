import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPlatformOrganizationId, loadConfig } from '../config.ts';

const plans = 'tier-1=P-1AAA,tier-2=P-2BBB,tier-3=P-3CCC,tier-4=P-4DDD';
const sandbox = {
  BILLING: 'sandbox',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'very-secret-value',
  PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  PAYPAL_SANDBOX_PLAN_IDS: plans,
};

describe('payment settings', () => {
  it('uses the local checkout and the fixed platform organization id by default', () => {
    const config = loadConfig({});
    expect(config.payments).toEqual({ mode: 'local', timeoutMs: 10000 });
    expect(config.platformOrganizationId).toBe(defaultPlatformOrganizationId);
  });

  it('reads the sandbox set of plan ids and PayPal’s sandbox address in sandbox mode', () => {
    const config = loadConfig(sandbox);
    expect(config.payments).toMatchObject({
      mode: 'sandbox',
      apiUrl: 'https://api-m.sandbox.paypal.com',
      planIds: { 'tier-1': 'P-1AAA', 'tier-2': 'P-2BBB', 'tier-3': 'P-3CCC', 'tier-4': 'P-4DDD' },
    });
  });

  it('reads the live set in live mode, and ignores the sandbox set there', () => {
    const live = loadConfig({
      ...sandbox,
      BILLING: 'live',
      PAYPAL_LIVE_PLAN_IDS: plans.replaceAll('P-', 'P-L'),
    });
    expect(live.payments).toMatchObject({ mode: 'live', apiUrl: 'https://api-m.paypal.com' });
    expect(live.payments.mode === 'live' && live.payments.planIds['tier-2']).toBe('P-L2BBB');
    expect(() => loadConfig({ ...sandbox, BILLING: 'live' })).toThrow(
      /PAYPAL_LIVE_PLAN_IDS must be set when BILLING is live/,
    );
  });

  it('stops with a sentence for missing credentials or an incomplete plan list, never echoing the secret', () => {
    expect(() => loadConfig({ BILLING: 'sandbox' })).toThrow(/PAYPAL_CLIENT_ID must be set when BILLING is sandbox/);
    const attempt = () =>
      loadConfig({ ...sandbox, PAYPAL_SANDBOX_PLAN_IDS: 'tier-1=P-1AAA', PAYPAL_CLIENT_SECRET: 'x'.repeat(201) });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PAYPAL_SANDBOX_PLAN_IDS must list a PayPal plan id for every tier/);
    expect(attempt).not.toThrow(/xxxxxxxx/);
    expect(() => loadConfig({ BILLING: 'test' })).toThrow(/BILLING must be sandbox, live, off or local/);
    expect(() => loadConfig({ PLATFORM_ORGANIZATION_ID: 'platform' })).toThrow(
      /PLATFORM_ORGANIZATION_ID must be a lowercase uuid/,
    );
  });
});

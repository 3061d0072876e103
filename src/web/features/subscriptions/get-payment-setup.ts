import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSetup } from '#domain/subscription.ts';

// The key is the path's segments: the default fetcher builds the URL from them.
export const paymentSetupKey = ['/paypal/setup'] as const;

export const paymentSetupQuery = () => queryOptions<PaymentSetup>({ queryKey: paymentSetupKey });

/**
 * GET /paypal/setup as a query: read only where no organization can say whether billing is off (someone
 * with no organization yet on /subscription); the pay buttons ask it afresh when pressed.
 */
export function usePaymentSetup(enabled: boolean) {
  return useQuery({ ...paymentSetupQuery(), enabled });
}

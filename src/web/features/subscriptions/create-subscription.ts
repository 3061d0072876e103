import { useMutation } from '@tanstack/react-query';
import type { Plan } from '#domain/plans.ts';
import type { CheckoutResponse, PaymentSetup } from '#domain/subscription.ts';
import { apiRequest } from '#web/app/api.ts';
import { approveLink } from './provider-links.ts';

/** Which step of the checkout failed: the /subscription page logs the spec's sentence for each. */
export class CheckoutError extends Error {
  readonly step: 'setup' | 'create' | 'no-approve-link';

  constructor(step: CheckoutError['step'], message: string, cause?: unknown) {
    super(message, { cause });
    this.step = step;
  }
}

export interface CheckoutInput {
  planId: Plan['id'];
  /** Defaults, on the server, to the caller's first organization where it is admin. */
  organizationId?: string;
}

/**
 * Spec section 4, Subscribing: set the provider up on demand, create the subscription, and answer the
 * approve link the browser must go to. PayPal's redirect flow: no third-party script is loaded.
 */
export async function prepareCheckout(input: CheckoutInput): Promise<string> {
  try {
    // GET /paypal/setup: asked only when the pay button is pressed.
    await apiRequest<PaymentSetup>('GET', '/paypal/setup');
  } catch (error) {
    throw new CheckoutError('setup', 'PayPal initialization failed', error);
  }
  let created: CheckoutResponse;
  try {
    created = await apiRequest<CheckoutResponse>('POST', '/paypal/subscription', input);
  } catch (error) {
    throw new CheckoutError('create', 'Subscription creation failed', error);
  }
  const href = approveLink(created?.links);
  if (!href) throw new CheckoutError('no-approve-link', 'No approval link found in subscription response');
  return href;
}

/** Leaves Perch for the provider's (or the local) checkout page. */
export function goToCheckout(href: string): void {
  window.location.assign(href);
}

/** The mutation behind a pay button: on success the window is already on its way to the checkout. */
export function useCheckout() {
  return useMutation({
    mutationFn: prepareCheckout,
    onSuccess: goToCheckout,
  });
}

/**
 * What Perch needs from a payment provider: PayPal's Subscriptions REST API, or the built-in local checkout
 * that stands in for it when no credentials are configured. Both speak PayPal's vocabulary (statuses, links).
 */
export type ProviderStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface ProviderLink {
  rel: string;
  href: string;
  method: string;
}

export interface ProviderSubscription {
  id: string;
  status: ProviderStatus;
  /** The provider's plan id (never shown to the browser). */
  planId: string;
  /** What Perch put in custom_id: the organization's id. */
  customId: string | null;
  nextBillingTime: Date | null;
}

export interface CreatedProviderSubscription extends ProviderSubscription {
  links: ProviderLink[];
}

export interface CreateSubscriptionRequest {
  providerPlanId: string;
  organizationId: string;
  returnUrl: string;
  cancelUrl: string;
  /** Idempotency key: a retried request creates one subscription. */
  requestId: string;
  /** Shown on the local checkout page; PayPal shows its own plan details. */
  display: { organizationName: string; planName: string; price: string; currency: string };
}

export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export interface PaymentProvider {
  readonly mode: 'local' | 'sandbox' | 'live' | 'off';
  /** A token for the provider's browser SDK (GET /paypal/setup). */
  createClientToken(): Promise<string>;
  createSubscription(request: CreateSubscriptionRequest): Promise<CreatedProviderSubscription>;
  /** undefined when the provider does not know the id. */
  findSubscription(id: string): Promise<ProviderSubscription | undefined>;
  cancelSubscription(id: string, reason: string): Promise<void>;
  suspendSubscription(id: string, reason: string): Promise<void>;
  activateSubscription(id: string, reason: string): Promise<void>;
  /** True only when the provider confirms that it sent this exact body. */
  verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
  close(): void;
}

/**
 * The provider could not be reached, timed out, or refused the call. `isRefusal` distinguishes an answer
 * (4xx: e.g. a subscription that can no longer be activated) from an outage (network, timeout, 5xx).
 */
export class PaymentProviderError extends Error {
  readonly isRefusal: boolean;
  readonly status: number | undefined;

  constructor(message: string, options: { isRefusal?: boolean; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.isRefusal = options.isRefusal ?? false;
    this.status = options.status;
  }
}

const statuses: readonly ProviderStatus[] = [
  'APPROVAL_PENDING',
  'APPROVED',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
];
export function toProviderStatus(value: unknown): ProviderStatus {
  if (typeof value === 'string' && statuses.includes(value as ProviderStatus)) return value as ProviderStatus;
  throw new PaymentProviderError(`unknown subscription status from the provider: ${String(value).slice(0, 40)}`);
}

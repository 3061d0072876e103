import {
  type CreatedProviderSubscription,
  type CreateSubscriptionRequest,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderLink,
  type ProviderSubscription,
  toProviderStatus,
  type WebhookHeaders,
} from './provider.ts';

export interface PayPalSettings {
  mode: 'sandbox' | 'live';
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  timeoutMs: number;
  brandName?: string;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

// A token is renewed a minute before PayPal says it expires, so a request never carries a dying one.
const tokenMarginMs = 60_000;

/** PayPal's Subscriptions REST API (v1), with an OAuth client-credentials token cached until it expires. */
export function createPayPalClient(settings: PayPalSettings): PaymentProvider {
  let cached: CachedToken | undefined;
  let pending: Promise<string> | undefined;

  async function call(path: string, init: RequestInit & { allow404?: boolean } = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderError(
        isTimeout ? `PayPal did not answer ${path} in time` : `PayPal unreachable: ${path}`,
        {
          cause: error,
        },
      );
    }
    if (response.ok || (init.allow404 && response.status === 404)) return response;
    const text = await response.text().catch(() => '');
    throw new PaymentProviderError(`PayPal answered ${response.status} to ${path}: ${text.slice(0, 300)}`, {
      isRefusal: response.status >= 400 && response.status < 500 && response.status !== 429,
      status: response.status,
    });
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await readJson(response)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string')
      throw new PaymentProviderError('PayPal token answer has no access_token');
    const lifetimeSeconds = typeof body.expires_in === 'number' ? body.expires_in : 0;
    cached = { value: body.access_token, expiresAt: Date.now() + lifetimeSeconds * 1000 - tokenMarginMs };
    return body.access_token;
  }

  /** One token request at a time; concurrent callers share it. */
  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function authorized(path: string, init: RequestInit & { allow404?: boolean } = {}): Promise<Response> {
    const token = await accessToken();
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.headers ?? {}) };
    const send = () => call(path, { ...init, headers });
    try {
      return await send();
    } catch (error) {
      // A token PayPal revoked before its time: fetch a new one once, then give up.
      if (error instanceof PaymentProviderError && error.status === 401) {
        cached = undefined;
        const fresh = await accessToken();
        return call(path, { ...init, headers: { ...headers, authorization: `Bearer ${fresh}` } });
      }
      throw error;
    }
  }

  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    authorized(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const subscriptionPath = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;

  return {
    mode: settings.mode,

    async createClientToken() {
      const response = await postJson('/v1/identity/generate-token', {});
      const body = (await readJson(response)) as { client_token?: unknown };
      if (typeof body.client_token !== 'string') throw new PaymentProviderError('PayPal gave no client_token');
      return body.client_token;
    },

    async createSubscription(request: CreateSubscriptionRequest): Promise<CreatedProviderSubscription> {
      const response = await postJson(
        '/v1/billing/subscriptions',
        {
          plan_id: request.providerPlanId,
          custom_id: request.organizationId,
          application_context: {
            brand_name: settings.brandName ?? 'Perch',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'SUBSCRIBE_NOW',
            return_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
        },
        { 'paypal-request-id': request.requestId, prefer: 'return=representation' },
      );
      const body = await readJson(response);
      return { ...toSubscription(body), links: toLinks((body as { links?: unknown }).links) };
    },

    async findSubscription(id: string) {
      const response = await authorized(subscriptionPath(id), { method: 'GET', allow404: true });
      if (response.status === 404) return undefined;
      return toSubscription(await readJson(response));
    },

    async cancelSubscription(id, reason) {
      await postJson(`${subscriptionPath(id)}/cancel`, { reason });
    },

    async suspendSubscription(id, reason) {
      await postJson(`${subscriptionPath(id)}/suspend`, { reason });
    },

    async activateSubscription(id, reason) {
      await postJson(`${subscriptionPath(id)}/activate`, { reason });
    },

    async verifyWebhook(headers: WebhookHeaders, rawBody: string) {
      // The event goes back exactly as it arrived: re-serialising it could change the bytes PayPal signed.
      const envelope = JSON.stringify({
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: settings.webhookId,
        webhook_event: '__EVENT__',
      }).replace('"__EVENT__"', () => rawBody);
      const response = await postJson('/v1/notifications/verify-webhook-signature', envelope);
      const body = (await readJson(response)) as { verification_status?: unknown };
      return body.verification_status === 'SUCCESS';
    },

    close() {
      cached = undefined;
    },
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new PaymentProviderError('PayPal answered something that is not JSON', { cause: error });
  }
}

function toSubscription(value: unknown): ProviderSubscription {
  const body = (value ?? {}) as {
    id?: unknown;
    status?: unknown;
    plan_id?: unknown;
    custom_id?: unknown;
    billing_info?: { next_billing_time?: unknown };
  };
  if (typeof body.id !== 'string') throw new PaymentProviderError('PayPal subscription answer has no id');
  const next = body.billing_info?.next_billing_time;
  const nextBillingTime = typeof next === 'string' && !Number.isNaN(Date.parse(next)) ? new Date(next) : null;
  return {
    id: body.id,
    status: toProviderStatus(body.status),
    planId: typeof body.plan_id === 'string' ? body.plan_id : '',
    customId: typeof body.custom_id === 'string' ? body.custom_id : null,
    nextBillingTime,
  };
}

function toLinks(value: unknown): ProviderLink[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((link): link is { rel: string; href: string; method?: string } => {
      return typeof link?.rel === 'string' && typeof link?.href === 'string';
    })
    .map((link) => ({ rel: link.rel, href: link.href, method: typeof link.method === 'string' ? link.method : 'GET' }));
}

import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A local HTTP server that answers the PayPal REST calls Perch makes, with PayPal's documented request and
 * answer shapes: POST /v1/oauth2/token, POST /v1/identity/generate-token, POST /v1/billing/subscriptions,
 * GET /v1/billing/subscriptions/{id}, POST .../{id}/cancel|suspend|activate, and
 * POST /v1/notifications/verify-webhook-signature. The buyer's approval is GET /checkoutnow?token={id},
 * which redirects to the return URL as PayPal does. Switches make it fail (500) or hang on chosen paths.
 */
export type StandInStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface StandInSubscription {
  id: string;
  plan_id: string;
  custom_id: string | null;
  status: StandInStatus;
  return_url: string;
  cancel_url: string;
  create_time: string;
  next_billing_time: string | null;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export interface PayPalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  planIds: Record<'tier-1' | 'tier-2' | 'tier-3' | 'tier-4', string>;
  subscriptions: Map<string, StandInSubscription>;
  requests: StandInRequest[];
  /** Environment for startTestApp: sandbox mode against this server, with a short timeout. */
  environment(timeoutMs?: number): Record<string, string>;
  /** From now on, requests whose path matches answer 500 ('fail') or never answer ('hang'); 'normal' undoes it. */
  setBehaviour(behaviour: 'normal' | 'fail' | 'hang', pathPattern?: RegExp): void;
  tokenLifetimeSeconds: number;
  /** The buyer approves at PayPal: the subscription becomes ACTIVE, billed monthly from now. */
  approve(id: string): StandInSubscription;
  /** Headers PayPal would send with this body, signed so that verify-webhook-signature accepts them. */
  signWebhook(body: string): Record<string, string>;
  countRequests(method: string, pathPattern: RegExp): number;
  close(): Promise<void>;
}

const addMonth = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
  const webhookId = `WH${randomBytes(8).toString('hex').toUpperCase()}`;
  const signingKey = randomBytes(32);
  const tokens = new Map<string, number>();
  const subscriptions = new Map<string, StandInSubscription>();
  const requestIds = new Map<string, string>();
  const requests: StandInRequest[] = [];
  const sockets = new Set<Socket>();
  let behaviour: { kind: 'normal' | 'fail' | 'hang'; pattern: RegExp } = { kind: 'normal', pattern: /.*/ };

  const signature = (transmissionId: string, time: string, hookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${hookId}|${crc32(body)}`)
      .digest('base64');

  const standIn: PayPalStandIn = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    planIds: {
      'tier-1': 'P-STANDIN1TIER',
      'tier-2': 'P-STANDIN2TIER',
      'tier-3': 'P-STANDIN3TIER',
      'tier-4': 'P-STANDIN4TIER',
    },
    subscriptions,
    requests,
    tokenLifetimeSeconds: 32400,
    environment(timeoutMs = 1000) {
      return {
        BILLING: 'sandbox',
        PAYPAL_API_URL: standIn.url,
        PAYPAL_CLIENT_ID: clientId,
        PAYPAL_CLIENT_SECRET: clientSecret,
        PAYPAL_WEBHOOK_ID: webhookId,
        PAYPAL_SANDBOX_PLAN_IDS: Object.entries(standIn.planIds)
          .map(([tier, id]) => `${tier}=${id}`)
          .join(','),
        PAYPAL_TIMEOUT_MS: String(timeoutMs),
      };
    },
    setBehaviour(kind, pattern = /.*/) {
      behaviour = { kind, pattern };
    },
    approve(id) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`stand-in: no subscription ${id}`);
      subscription.status = 'ACTIVE';
      subscription.next_billing_time = addMonth(new Date()).toISOString();
      return subscription;
    },
    signWebhook(body) {
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${standIn.url}/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature(transmissionId, time, webhookId, body),
        'paypal-transmission-time': time,
      };
    },
    countRequests(method, pattern) {
      return requests.filter((request) => request.method === method && pattern.test(request.path)).length;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const error = (status: number, name: string, message: string, issue?: string) => ({
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(6).toString('hex'),
      ...(issue ? { details: [{ issue, description: message }] } : {}),
    },
  });

  const representation = (subscription: StandInSubscription) => ({
    id: subscription.id,
    plan_id: subscription.plan_id,
    custom_id: subscription.custom_id ?? undefined,
    status: subscription.status,
    status_update_time: new Date().toISOString(),
    start_time: subscription.create_time,
    quantity: '1',
    create_time: subscription.create_time,
    billing_info: {
      outstanding_balance: { currency_code: 'USD', value: '0.00' },
      cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 0, cycles_remaining: 0 }],
      ...(subscription.next_billing_time ? { next_billing_time: subscription.next_billing_time } : {}),
      failed_payments_count: 0,
    },
    links: [{ href: `${standIn.url}/v1/billing/subscriptions/${subscription.id}`, rel: 'self', method: 'GET' }],
  });

  function isAuthorized(request: http.IncomingMessage): boolean {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const expiresAt = tokens.get(token);
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  function transition(id: string, from: StandInStatus[], to: StandInStatus) {
    const subscription = subscriptions.get(id);
    if (!subscription)
      return error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    if (!from.includes(subscription.status)) {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        `Invalid subscription status for ${to}.`,
        'SUBSCRIPTION_STATUS_INVALID',
      );
    }
    subscription.status = to;
    return { status: 204, body: undefined };
  }

  function route(
    method: string,
    url: URL,
    request: http.IncomingMessage,
    body: string,
  ): { status: number; body: unknown; location?: string } {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.set(token, Date.now() + standIn.tokenLifetimeSeconds * 1000);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/subscriptions',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: standIn.tokenLifetimeSeconds,
          nonce: randomBytes(8).toString('hex'),
        },
      };
    }
    if (method === 'GET' && path === '/checkoutnow') {
      const subscription = subscriptions.get(url.searchParams.get('token') ?? '');
      if (!subscription) return { status: 404, body: { message: 'no such checkout' } };
      standIn.approve(subscription.id);
      const target = new URL(subscription.return_url);
      target.searchParams.set('subscription_id', subscription.id);
      target.searchParams.set('ba_token', `BA-${subscription.id}`);
      target.searchParams.set('token', subscription.id);
      return { status: 302, body: undefined, location: target.toString() };
    }
    if (!isAuthorized(request)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    const parsed = body ? (JSON.parse(body) as Record<string, any>) : {};
    if (method === 'POST' && path === '/v1/identity/generate-token') {
      return { status: 200, body: { client_token: `eyJ${randomBytes(24).toString('base64url')}`, expires_in: 3600 } };
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      const known = Object.values(standIn.planIds).includes(parsed.plan_id);
      const context = parsed.application_context ?? {};
      if (!known) return error(422, 'UNPROCESSABLE_ENTITY', 'The requested plan is not active.', 'PLAN_NOT_ACTIVE');
      if (!context.return_url || !context.cancel_url) {
        return error(400, 'INVALID_REQUEST', 'Request is not well-formed.', 'MISSING_REQUIRED_PARAMETER');
      }
      const requestId = request.headers['paypal-request-id'];
      const repeated = typeof requestId === 'string' ? requestIds.get(requestId) : undefined;
      const existing = repeated ? subscriptions.get(repeated) : undefined;
      const subscription: StandInSubscription = existing ?? {
        id: `I-${randomBytes(6).toString('hex').toUpperCase()}`,
        plan_id: parsed.plan_id,
        custom_id: typeof parsed.custom_id === 'string' ? parsed.custom_id : null,
        status: 'APPROVAL_PENDING',
        return_url: context.return_url,
        cancel_url: context.cancel_url,
        create_time: new Date().toISOString(),
        next_billing_time: null,
      };
      subscriptions.set(subscription.id, subscription);
      if (typeof requestId === 'string') requestIds.set(requestId, subscription.id);
      const rendered = representation(subscription);
      return {
        status: 201,
        body: {
          ...rendered,
          links: [
            { href: `${standIn.url}/checkoutnow?token=${subscription.id}`, rel: 'approve', method: 'GET' },
            { href: `${standIn.url}/v1/billing/subscriptions/${subscription.id}`, rel: 'edit', method: 'PATCH' },
            ...rendered.links,
          ],
        },
      };
    }
    const action = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(cancel|suspend|activate))?$/);
    if (action) {
      const id = decodeURIComponent(action[1] ?? '');
      if (method === 'GET' && !action[2]) {
        const subscription = subscriptions.get(id);
        return subscription
          ? { status: 200, body: representation(subscription) }
          : error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      }
      if (method === 'POST' && action[2] === 'cancel')
        return transition(id, ['APPROVED', 'ACTIVE', 'SUSPENDED'], 'CANCELLED');
      if (method === 'POST' && action[2] === 'suspend') return transition(id, ['ACTIVE'], 'SUSPENDED');
      if (method === 'POST' && action[2] === 'activate') return transition(id, ['SUSPENDED'], 'ACTIVE');
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const event = JSON.stringify(parsed.webhook_event ?? null);
      const isValid =
        parsed.webhook_id === webhookId &&
        typeof parsed.transmission_sig === 'string' &&
        parsed.transmission_sig === signature(parsed.transmission_id, parsed.transmission_time, webhookId, event);
      return { status: 200, body: { verification_status: isValid ? 'SUCCESS' : 'FAILURE' } };
    }
    return error(404, 'NOT_FOUND', `No ${method} ${path} at the stand-in.`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', standIn.url);
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body, headers: request.headers });
      if (behaviour.kind !== 'normal' && behaviour.pattern.test(url.pathname)) {
        if (behaviour.kind === 'hang') return; // never answers; close() destroys the socket
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' }));
        return;
      }
      let answer: { status: number; body: unknown; location?: string };
      try {
        answer = route(request.method ?? 'GET', url, request, body);
      } catch {
        answer = error(400, 'INVALID_REQUEST', 'Request is not well-formed.', 'MALFORMED_REQUEST_JSON');
      }
      const headers: Record<string, string> = { 'paypal-debug-id': randomBytes(6).toString('hex') };
      if (answer.location) headers.location = answer.location;
      if (answer.body !== undefined) headers['content-type'] = 'application/json';
      response.writeHead(answer.status, headers);
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

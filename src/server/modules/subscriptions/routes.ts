import { z } from 'zod';
import { organizationParams } from '#domain/ids.ts';
import {
  checkoutResponseSchema,
  createCheckoutSchema,
  paymentSetupSchema,
  reactivateResponseSchema,
  reactivateSchema,
  subscriptionChangeResponseSchema,
  subscriptionDetailsSchema,
  webhookReceiptSchema,
} from '#domain/subscription.ts';
import { redirectResponse } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import * as checkout from './checkout.ts';
import * as subscriptions from './service.ts';
import { handleWebhook } from './webhooks.ts';

/** The subscription of one organization: members read it, admins cancel and reactivate it. */
export const subscriptionRoutes = routeModule('Subscriptions', (route, context) => {
  route.get('/api/organizations/:id/subscription', {
    summary: 'An organization’s subscription with seats used and pending invitations.',
    description: 'Members only (404 otherwise).',
    params: organizationParams,
    response: subscriptionDetailsSchema,
    handle: ({ user, params }) => subscriptions.getSubscriptionDetails(context, user.id, params.id),
  });

  route.post('/api/organizations/:id/subscription/cancel', {
    summary: 'Cancel at the end of the paid period; access lasts until `endsAt`.',
    description: 'Admins only.',
    params: organizationParams,
    response: subscriptionChangeResponseSchema,
    handle: ({ user, params }) => subscriptions.cancelSubscription(context, user, params.id),
  });

  route.post('/api/organizations/:id/subscription/reactivate', {
    summary: 'Undo a cancellation, or start a new checkout when the subscription has ended.',
    description: 'Admins only. Answers the subscription, or the provider’s `links` when a new checkout is needed.',
    params: organizationParams,
    body: reactivateSchema,
    response: reactivateResponseSchema,
    handle: ({ user, params, body }) => subscriptions.reactivateSubscription(context, user, params.id, body),
  });
});

/** The provider's side: setup, checkout, the buyer's return, and webhooks. */
export const paypalRoutes = routeModule('Payments', async (route, context, app) => {
  route.get('/paypal/setup', {
    summary: 'What the browser needs to start a checkout: the client token and the provider mode.',
    response: paymentSetupSchema,
    handle: () => checkout.getSetup(context),
  });

  route.post('/paypal/subscription', {
    summary: 'Start a checkout for a plan and answer the provider’s approval links.',
    description:
      'Admins only. The plan’s price comes from configuration, never from the client; activation waits for the provider’s confirmation.',
    body: createCheckoutSchema,
    response: checkoutResponseSchema,
    handle: ({ user, body }) => checkout.createCheckout(context, user, body),
  });

  route.get('/paypal/return', {
    public: true,
    summary: 'A navigation back from the provider’s checkout: confirms the subscription with the provider.',
    querystring: z.object({
      subscription_id: z.string().max(200).optional(),
      token: z.string().max(200).optional(),
      ba_token: z.string().max(200).optional(),
    }),
    response: redirectResponse,
    status: 303,
    handle: async ({ query, reply }) =>
      reply.redirect(await checkout.completeReturn(context, query.subscription_id), 303),
  });

  route.get('/paypal/cancel', {
    public: true,
    summary: 'A navigation back from an abandoned checkout.',
    querystring: z.object({ token: z.string().max(200).optional() }),
    response: redirectResponse,
    status: 303,
    handle: ({ reply }) => reply.redirect('/subscription/cancel', 303),
  });

  await app.register(webhookRoutes(context));
});

const header = z.string().max(2000).optional();

/** Its own scope: the body is kept as the exact text PayPal signed. */
const webhookRoutes = routeModule('Payments', (route, context, app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  route.post('/paypal/webhook', {
    public: true,
    summary: 'The provider’s webhook: subscription events, verified by signature.',
    description:
      'An event whose signature does not verify changes nothing; a replayed event is acknowledged and ignored.',
    headers: z.object({
      'paypal-auth-algo': header,
      'paypal-cert-url': header,
      'paypal-transmission-id': header,
      'paypal-transmission-sig': header,
      'paypal-transmission-time': header,
    }),
    body: z.string().describe('A PayPal webhook event (JSON), verified as sent'),
    response: webhookReceiptSchema,
    handle: async ({ headers: h, body }) => {
      const headers =
        h['paypal-auth-algo'] &&
        h['paypal-cert-url'] &&
        h['paypal-transmission-id'] &&
        h['paypal-transmission-sig'] &&
        h['paypal-transmission-time']
          ? {
              authAlgo: h['paypal-auth-algo'],
              certUrl: h['paypal-cert-url'],
              transmissionId: h['paypal-transmission-id'],
              transmissionSig: h['paypal-transmission-sig'],
              transmissionTime: h['paypal-transmission-time'],
            }
          : undefined;
      const outcome = await handleWebhook(context, headers, body);
      return { received: true as const, outcome };
    },
  });
});

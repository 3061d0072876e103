import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '#domain/responses.ts';
import { redirectResponse } from '#server/response-schemas.ts';
import { renderCheckoutPage, renderMissingPage, renderNotYoursPage, renderSignInPage } from './page.ts';
import { type LocalCheckoutProvider, localCheckoutPath } from './provider.ts';

const html = z.string().describe('An HTML page.');
const params = z.object({ id: z.string().max(100) });
// Refusals are pages; the origin check's refusal of a forged post is the usual JSON sentence.
const refusalPage = z.union([html, messageResponseSchema]);

/** Where the provider sends the buyer back, with the query PayPal's redirect carries. */
function withReturnQuery(url: string, id: string): string {
  const target = new URL(url);
  target.searchParams.set('subscription_id', id);
  target.searchParams.set('ba_token', `BA-${id}`);
  target.searchParams.set('token', id);
  return target.toString();
}

/** Whether this signed-in user may approve this checkout: the admin who started it, still an admin. */
export type ApprovalCheck = (checkoutId: string, userId: string) => Promise<boolean>;

/**
 * The local checkout's pages, served only when it is the provider. As PayPal asks the buyer to sign in, only
 * the signed-in admin who started the checkout sees and approves it; the forms post to Perch's own origin
 * (form-action 'self').
 */
export function localCheckoutRoutes(local: LocalCheckoutProvider, mayApprove: ApprovalCheck): FastifyPluginAsyncZod {
  /** undefined when the request may go on; otherwise the status and page that answer it. */
  const refusal = async (request: FastifyRequest, id: string): Promise<[401 | 403, string] | undefined> => {
    if (!request.auth) return [401, renderSignInPage(localCheckoutPath(id))];
    if (!(await mayApprove(id, request.auth.user.id))) return [403, renderNotYoursPage()];
    return undefined;
  };

  return async (app) => {
    // Plain HTML forms post application/x-www-form-urlencoded; they carry no fields Perch reads.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );

    app.get(
      '/paypal/local-checkout/:id',
      { schema: { hide: true, params, response: { 200: html, 401: refusalPage, 403: refusalPage, 404: html } } },
      async (request, reply) => {
        const row = await local.find(request.params.id);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (row?.status !== 'APPROVAL_PENDING') return reply.status(404).send(renderMissingPage());
        const refused = await refusal(request, row.id);
        if (refused) return reply.status(refused[0]).send(refused[1]);
        return renderCheckoutPage(row, localCheckoutPath(row.id));
      },
    );

    app.post(
      '/paypal/local-checkout/:id/approve',
      {
        schema: {
          hide: true,
          params,
          response: { 303: redirectResponse, 401: refusalPage, 403: refusalPage, 404: html },
        },
      },
      async (request, reply) => {
        const refused = await refusal(request, request.params.id);
        if (refused) return reply.status(refused[0]).type('text/html; charset=utf-8').send(refused[1]);
        const approved = (await local.approve(request.params.id)) ?? (await local.find(request.params.id));
        if (approved?.status !== 'ACTIVE') {
          return reply.status(404).type('text/html; charset=utf-8').send(renderMissingPage());
        }
        return reply.redirect(withReturnQuery(approved.returnUrl, approved.id), 303);
      },
    );

    app.post(
      '/paypal/local-checkout/:id/cancel',
      { schema: { hide: true, params, response: { 303: redirectResponse, 404: html } } },
      async (request, reply) => {
        const row = await local.find(request.params.id);
        if (!row) return reply.status(404).type('text/html; charset=utf-8').send(renderMissingPage());
        const target = new URL(row.cancelUrl);
        target.searchParams.set('token', row.id);
        return reply.redirect(target.toString(), 303);
      },
    );
  };
}

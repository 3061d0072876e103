import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '#domain/responses.ts';
import { ssoConnectionInputSchema, ssoSettingsSchema, ssoStartResponseSchema, ssoStartSchema } from '#domain/sso.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser, startSession } from '#server/plugins/session.ts';
import { redirectResponse } from '#server/response-schemas.ts';
import * as sso from './service.ts';

const params = z.object({ id: z.string().max(100) });

export function ssoRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/organizations/:id/sso',
      {
        schema: {
          tags: ['Single sign-on'],
          summary: 'The organization’s single sign-on connection (admins).',
          description:
            'The issuer, client id, e-mail domains, whether members must use it, and the callback address to register at the provider; never the client secret (hasClientSecret says one is kept). 403 for a member, 404 for others.',
          params,
          response: { 200: ssoSettingsSchema },
        },
      },
      async (request) => sso.getSsoSettings(context, request.params.id, requireUser(request).id),
    );

    app.put(
      '/api/organizations/:id/sso',
      {
        schema: {
          tags: ['Single sign-on'],
          summary: 'Connect or change the organization’s OpenID Connect provider (admins).',
          description:
            'The issuer’s discovery document is read and checked first (422 with a sentence when it cannot be used). The client secret is stored encrypted and kept when omitted. A domain another organization claims answers 409. 503 when the server has no SSO_SECRET_KEY. Every change is in the audit log, without the secret.',
          params,
          body: ssoConnectionInputSchema,
          response: { 200: ssoSettingsSchema },
        },
      },
      async (request) => sso.saveSsoSettings(context, request.params.id, requireUser(request).id, request.body),
    );

    app.delete(
      '/api/organizations/:id/sso',
      {
        schema: {
          tags: ['Single sign-on'],
          summary: 'Disconnect the organization’s provider (admins).',
          params,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await sso.removeSsoSettings(context, request.params.id, requireUser(request).id);
        return { message: 'Single sign-on was removed.' };
      },
    );

    app.post(
      '/api/sso/start',
      {
        schema: {
          tags: ['Single sign-on'],
          summary: 'Where to sign in with single sign-on for a work e-mail.',
          description:
            'Answers the provider’s authorization address for the organization covering the e-mail’s domain, or 404. Rate limited per address (429).',
          body: ssoStartSchema,
          response: { 200: ssoStartResponseSchema },
        },
      },
      async (request) => ({ redirectUrl: await sso.startSsoForEmail(context, request.body.email, request.ip) }),
    );

    // The server contract's navigation: to the organization's provider when the address bar names one that has it.
    app.get(
      '/api/login',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'A navigation: to the organization’s single sign-on provider, else to the sign-in page.',
          querystring: z.object({ organization: z.string().max(100).optional() }),
          response: { 302: redirectResponse },
        },
      },
      async (request, reply) => {
        const handle = request.query.organization;
        const url = handle ? await sso.startSsoForOrganization(context, handle) : undefined;
        return reply.redirect(url ?? '/auth');
      },
    );

    app.get(
      '/api/sso/callback',
      {
        schema: {
          tags: ['Single sign-on'],
          summary: 'The provider’s redirect back: signs in and goes to the dashboard.',
          description:
            'Every refusal (replayed state, wrong issuer or audience, expired token, nonce mismatch, unverified e-mail, seat limit, provider error) redirects to /auth?sso=<code>.',
          querystring: z.record(z.string(), z.string().max(4000)),
          response: { 302: redirectResponse },
        },
      },
      async (request, reply) => {
        const outcome = await sso.completeSso(context, request.query, (db, userId) =>
          startSession({ ...context, db }, request, reply, userId),
        );
        if ('refusal' in outcome) return reply.redirect(`/auth?sso=${outcome.refusal}`);
        return reply.redirect(outcome.returnPath);
      },
    );
  };
}

import { z } from 'zod';
import { organizationParams } from '#domain/ids.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import {
  ssoConnectionInputSchema,
  ssoDomainStatusSchema,
  ssoPendingLinkSchema,
  ssoSettingsSchema,
  ssoStartResponseSchema,
  ssoStartSchema,
} from '#domain/sso.ts';
import { isSecureRequest } from '#server/plugins/security.ts';
import { requireSession, startSession } from '#server/plugins/session.ts';
import { redirectResponse } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import { describePendingLink, linkPendingIdentity } from './links.ts';
import * as sso from './service.ts';
import { completeSso, findStartableOrganization, startSso } from './sign-in.ts';

/** Holds the token that binds a sign-in to the browser that started it (the pending sign-in keeps its digest). */
const browserCookie = 'perch_sso';
const browserCookieOptions = { path: '/api/sso', httpOnly: true, sameSite: 'lax' as const };
/** Holds the token of an identity waiting for its account's owner to link it (links.ts); read by the sign-ins. */
const linkCookie = 'perch_sso_link';
const linkCookieOptions = { path: '/api', httpOnly: true, sameSite: 'strict' as const };

export const ssoRoutes = routeModule('Single sign-on', (route, context) => {
  route.get('/api/organizations/:id/sso', {
    summary: 'The organization’s single sign-on connection (admins).',
    description:
      'The issuer, client id, e-mail domains, whether members must use it, and the callback address to register at the provider; never the client secret (hasClientSecret says one is kept). 403 for a member, 404 for others.',
    params: organizationParams,
    response: ssoSettingsSchema,
    handle: ({ user, params }) => sso.getSsoSettings(context, params.id, user.id),
  });

  route.put('/api/organizations/:id/sso', {
    summary: 'Connect or change the organization’s OpenID Connect provider (admins).',
    description:
      'The issuer’s discovery document is read and checked first (422 with a sentence when it cannot be used). The client secret is stored encrypted and kept when omitted. A domain another organization claims answers 409. 503 when the server has no SSO_SECRET_KEY. Every change is in the audit log, without the secret.',
    params: organizationParams,
    body: ssoConnectionInputSchema,
    response: ssoSettingsSchema,
    handle: ({ user, params, body }) => sso.saveSsoSettings(context, params.id, user.id, body),
  });

  route.delete('/api/organizations/:id/sso', {
    summary: 'Disconnect the organization’s provider (admins).',
    params: organizationParams,
    response: messageResponseSchema,
    handle: async ({ user, params }) => {
      await sso.removeSsoSettings(context, params.id, user.id);
      return { message: 'Single sign-on was removed.' };
    },
  });

  route.post('/api/organizations/:id/sso/domains/:domain/verify', {
    summary: 'Look for a claimed domain’s DNS record now (admins).',
    description:
      'Perch looks for the TXT record perch-verification=<token> at the domain and at _perch.<domain>. 200 with the domain verified; 422 with what to publish where when the record is not found (yet) or DNS did not answer; 409 when another organization verified the domain first; 404 for a domain this organization does not claim.',
    params: organizationParams.extend({ domain: z.string().max(253) }),
    response: ssoDomainStatusSchema,
    handle: ({ user, params }) => sso.verifySsoDomain(context, params.id, user.id, params.domain),
  });

  route.post('/api/sso/start', {
    public: true,
    summary: 'Start signing in with single sign-on, for a work e-mail or an organization.',
    description:
      'Answers the provider’s authorization address, the organization’s name and the provider’s host (which the page names before the browser leaves Perch), for the organization that has verified the e-mail’s domain, or for the organization named by slug or id when it has a verified domain; 404 otherwise. Sets an HttpOnly cookie that binds the sign-in to this browser. Rate limited per address (429).',
    body: ssoStartSchema,
    response: ssoStartResponseSchema,
    handle: async ({ body, request, reply }) => {
      const { browserToken, ...started } = await startSso(context, body, request.ip);
      reply.setCookie(browserCookie, browserToken, {
        ...browserCookieOptions,
        secure: isSecureRequest(request),
        maxAge: 10 * 60,
      });
      return started;
    },
  });

  // The server contract's navigation: to the organization's sign-in when the address bar names one that has it. It
  // goes to Perch's own page first, which names the provider's host before the browser leaves Perch.
  route.get('/api/login', {
    public: true,
    tag: 'Accounts',
    summary: 'A navigation: to the organization’s single sign-on page, else to the sign-in page.',
    querystring: z.object({ organization: z.string().max(100).optional() }),
    response: redirectResponse,
    status: 302,
    handle: async ({ query, reply }) => {
      const handle = query.organization;
      const organizationId = handle ? await findStartableOrganization(context, handle) : undefined;
      return reply.redirect(organizationId && handle ? `/auth?organization=${encodeURIComponent(handle)}` : '/auth');
    },
  });

  route.get('/api/sso/pending-link', {
    public: true,
    summary: 'The single sign-on waiting in this browser for its account’s owner to link it.',
    description:
      'After a refusal “account-not-linked”, the browser that made the sign-in holds a cookie for ten minutes: this names the organization, its provider’s host and the account’s address, so that the sign-in page can offer to link them when the owner signs in with their password or passkey (`linkSingleSignOn: true`). 404 when there is none.',
    response: ssoPendingLinkSchema,
    handle: ({ request }) => describePendingLink(context, request.cookies[linkCookie]),
  });

  route.post('/api/sso/pending-link', {
    summary: 'Link the single sign-on waiting in this browser to the signed-in account.',
    description:
      'Only from a session opened with the account’s own password or passkey after the sign-in that is waiting, in the browser that holds it (403 otherwise; 404 when nothing waits for this account). The link is audited in the organization and mailed to the account’s address; the person then signs in through single sign-on.',
    response: messageResponseSchema,
    handle: async ({ request, reply }) => {
      const linked = await linkPendingIdentity(context, request.cookies[linkCookie], requireSession(request));
      reply.clearCookie(linkCookie, { ...linkCookieOptions, secure: isSecureRequest(request) });
      return { message: `Your account now also signs in through ${linked.organizationName}’s single sign-on.` };
    },
  });

  route.get('/api/sso/callback', {
    public: true,
    summary: 'The provider’s redirect back: signs in and goes to the dashboard.',
    description:
      'Only in the browser that started the sign-in (its cookie). Every refusal (replayed state, another browser, wrong issuer or audience, expired token, nonce mismatch, unverified e-mail, an existing account outside the verified domains, seat limit, provider error) redirects to /auth?sso=<code> and changes nothing.',
    querystring: z.record(z.string(), z.string().max(4000)),
    response: redirectResponse,
    status: 302,
    handle: async ({ query, request, reply }) => {
      const browserToken = request.cookies[browserCookie];
      reply.clearCookie(browserCookie, { ...browserCookieOptions, secure: isSecureRequest(request) });
      const outcome = await completeSso(context, query, browserToken, (db, userId, organizationId) =>
        startSession({ ...context, db }, request, reply, userId, { method: 'sso', organizationId }),
      );
      if ('refusal' in outcome) {
        if (outcome.linkToken) {
          reply.setCookie(linkCookie, outcome.linkToken, {
            ...linkCookieOptions,
            secure: isSecureRequest(request),
            maxAge: 10 * 60,
          });
        }
        return reply.redirect(`/auth?sso=${outcome.refusal}`);
      }
      return reply.redirect(outcome.returnPath);
    },
  });
});

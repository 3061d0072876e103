import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '#domain/account.ts';
import { idParams } from '#domain/ids.ts';
import {
  addPasskeySchema,
  authenticationOptionsSchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInSchema,
  registrationOptionsSchema,
} from '#domain/passkeys.ts';
import type { AppContext } from '#server/context.ts';
import { isSecureRequest } from '#server/plugins/security.ts';
import { requireUser, startSession, toPublicUser } from '#server/plugins/session.ts';
import * as passkeys from './service.ts';

/** The browser's half of a pending WebAuthn challenge: a random token, unreadable by scripts, sent to the API only. */
const challengeCookie = 'perch_webauthn';
const cookieOptions = (request: FastifyRequest) =>
  ({ path: '/api', httpOnly: true, sameSite: 'strict', secure: isSecureRequest(request) }) as const;

function holdChallenge(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(challengeCookie, token, { ...cookieOptions(request), maxAge: passkeys.challengeLifetimeMs / 1000 });
}

/** The pending challenge's token; the cookie goes, as the challenge is used up by whatever comes next. */
function releaseChallenge(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const token = request.cookies[challengeCookie];
  if (token !== undefined) reply.clearCookie(challengeCookie, cookieOptions(request));
  return token;
}

export function passkeyRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/passkeys/registration-options',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Start adding a passkey: the options for navigator.credentials.create.',
          description:
            'A discoverable credential for this site (the relying party is PUBLIC_URL’s host), excluding the passkeys you already have. The challenge is kept for five minutes, single use, tied to an HttpOnly cookie; an account keeps its five newest unanswered ones. 409 when you have 20 passkeys; 429 with Retry-After past 20 unanswered registrations in 15 minutes.',
          response: { 200: registrationOptionsSchema },
        },
      },
      async (request, reply) => {
        const { options, challengeToken } = await passkeys.startRegistration(context, requireUser(request));
        holdChallenge(request, reply, challengeToken);
        return options;
      },
    );

    app.post(
      '/api/user/passkeys',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Add a passkey: the browser’s answer to the registration options.',
          description:
            'Verified against your pending challenge, PUBLIC_URL’s origin and host. The name is optional (at most 60 characters); without one it is named after the browser ("Passkey on Chrome"). 400 with a sentence for an expired, used or wrong challenge or an answer that does not verify; 409 for a passkey already registered.',
          body: addPasskeySchema,
          response: { 201: passkeySchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const token = releaseChallenge(request, reply);
        const passkey = await passkeys.addPasskey(context, user, request.body, token, request.headers['user-agent']);
        return reply.status(201).send(passkey);
      },
    );

    app.get(
      '/api/user/passkeys',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Your passkeys, newest first, with when each was added and last used.',
          response: { 200: passkeyListSchema },
        },
      },
      async (request) => passkeys.listPasskeys(context, requireUser(request).id),
    );

    app.delete(
      '/api/user/passkeys/:id',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Remove one of your passkeys: it cannot sign in from now on.',
          description: '404 for a passkey that is not yours, or none at all.',
          params: idParams('id'),
          response: { 204: z.null().describe('Removed.') },
        },
      },
      async (request, reply) => {
        await passkeys.removePasskey(context, requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/passkeys/authentication-options',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Start signing in with a passkey: the options for navigator.credentials.get.',
          description:
            'No e-mail needed: the browser offers the passkeys it holds for this site. The challenge is kept for five minutes, single use, tied to an HttpOnly cookie. 429 with Retry-After once an address has left 100 challenges unanswered in 15 minutes (one that signs someone in does not count).',
          response: { 200: authenticationOptionsSchema },
        },
      },
      async (request, reply) => {
        const { options, challengeToken } = await passkeys.startAuthentication(context, request.ip);
        holdChallenge(request, reply, challengeToken);
        return options;
      },
    );

    app.post(
      '/api/passkeys/authenticate',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Sign in with a passkey and receive the session cookie, as POST /api/login does.',
          description:
            '401 with a sentence for a passkey Perch does not know, an answer that does not verify, or an expired or used challenge. Failed attempts count against the address’s sign-in limit (429 with Retry-After); with e-mail verification on, an unconfirmed address gets 403 and a new link.',
          body: passkeySignInSchema,
          response: { 200: publicUserSchema },
        },
      },
      async (request, reply) => {
        const token = releaseChallenge(request, reply);
        const user = await passkeys.signInWithPasskey(context, request.body, token, request.ip);
        await startSession(context, request, reply, user.id, { method: 'passkey' });
        return toPublicUser(user);
      },
    );
  };
}

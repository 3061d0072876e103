import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { isSecureRequest } from '#server/plugins/security.ts';
import { startSession, toPublicUser } from '#server/plugins/session.ts';
import { routeModule } from '#server/routes.ts';
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

export const passkeyRoutes = routeModule('Accounts', (route, context) => {
  route.post('/api/user/passkeys/registration-options', {
    summary: 'Start adding a passkey: the options for navigator.credentials.create.',
    description:
      'A discoverable credential for this site (the relying party is PUBLIC_URL’s host), excluding the passkeys you already have. The challenge is kept for five minutes, single use, tied to an HttpOnly cookie; an account keeps its five newest unanswered ones. 409 when you have 20 passkeys; 429 with Retry-After past 20 unanswered registrations in 15 minutes.',
    response: registrationOptionsSchema,
    handle: async ({ user, request, reply }) => {
      const { options, challengeToken } = await passkeys.startRegistration(context, user);
      holdChallenge(request, reply, challengeToken);
      return options;
    },
  });

  route.post('/api/user/passkeys', {
    summary: 'Add a passkey: the browser’s answer to the registration options.',
    description:
      'Verified against your pending challenge, PUBLIC_URL’s origin and host. The name is optional (at most 60 characters); without one it is named after the browser ("Passkey on Chrome"). 400 with a sentence for an expired, used or wrong challenge or an answer that does not verify; 409 for a passkey already registered.',
    body: addPasskeySchema,
    response: passkeySchema,
    status: 201,
    handle: ({ user, body, request, reply }) => {
      const token = releaseChallenge(request, reply);
      return passkeys.addPasskey(context, user, body, token, request.headers['user-agent']);
    },
  });

  route.get('/api/user/passkeys', {
    summary: 'Your passkeys, newest first, with when each was added and last used.',
    response: passkeyListSchema,
    handle: ({ user }) => passkeys.listPasskeys(context, user.id),
  });

  route.delete('/api/user/passkeys/:id', {
    summary: 'Remove one of your passkeys: it cannot sign in from now on.',
    description: '404 for a passkey that is not yours, or none at all.',
    params: idParams('id'),
    response: z.null().describe('Removed.'),
    status: 204,
    handle: async ({ user, params }) => {
      await passkeys.removePasskey(context, user.id, params.id);
      return null;
    },
  });

  route.post('/api/passkeys/authentication-options', {
    public: true,
    summary: 'Start signing in with a passkey: the options for navigator.credentials.get.',
    description:
      'No e-mail needed: the browser offers the passkeys it holds for this site. The challenge is kept for five minutes, single use, tied to an HttpOnly cookie. 429 with Retry-After once an address has left 100 challenges unanswered in 15 minutes (one that signs someone in does not count).',
    response: authenticationOptionsSchema,
    handle: async ({ request, reply }) => {
      const { options, challengeToken } = await passkeys.startAuthentication(context, request.ip);
      holdChallenge(request, reply, challengeToken);
      return options;
    },
  });

  route.post('/api/passkeys/authenticate', {
    public: true,
    summary: 'Sign in with a passkey and receive the session cookie, as POST /api/login does.',
    description:
      '401 with a sentence for a passkey Perch does not know, an answer that does not verify, or an expired or used challenge. Failed attempts count against the address’s sign-in limit (429 with Retry-After); with e-mail verification on, an unconfirmed address gets 403 and a new link.',
    body: passkeySignInSchema,
    response: publicUserSchema,
    handle: async ({ body, request, reply }) => {
      const token = releaseChallenge(request, reply);
      const user = await passkeys.signInWithPasskey(context, body, token, request.ip);
      await startSession(context, request, reply, user.id, { method: 'passkey' });
      return toPublicUser(user);
    },
  });
});

import { z } from 'zod';
import {
  accountMessages,
  forgotPasswordSchema,
  loginSchema,
  passwordResetResultSchema,
  publicUserSchema,
  registerSchema,
  registrationPendingSchema,
  resetPasswordSchema,
  tokenSchema,
} from '#domain/account.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import { forbidden } from '#server/errors.ts';
import { isCrossSite } from '#server/plugins/security.ts';
import { endSession, startSession, toPublicUser } from '#server/plugins/session.ts';
import { redirectResponse } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import { accountSettingsRoutes } from './account-settings-routes.ts';
import { dataRightsRoutes } from './data-rights-routes.ts';
import * as accounts from './service.ts';

export const accountRoutes = routeModule('Accounts', async (route, context, app) => {
  await app.register(dataRightsRoutes(context));
  await app.register(accountSettingsRoutes(context));

  route.post('/api/register', {
    public: true,
    summary: 'Create an account with an e-mail address and a password.',
    description:
      'The e-mail must be new (409 otherwise, case-insensitive); passwords have at least 8 characters. When e-mail verification is on, answers 202 and mails a link; otherwise answers 201 with the user and a session cookie. Rate limited per address (429).',
    body: registerSchema,
    responses: {
      201: publicUserSchema,
      202: registrationPendingSchema,
    },
    handle: async ({ body, request, reply }) => {
      const result = await accounts.register(context, body, request.ip);
      if (result.requiresVerification) {
        return reply.status(202).send({
          requiresVerification: true,
          message: 'Check your email: we have sent you a link to confirm your address.',
        });
      }
      await startSession(context, request, reply, result.user.id, { method: 'registration' });
      return reply.status(201).send(toPublicUser(result.user));
    },
  });

  route.post('/api/login', {
    public: true,
    summary: 'Sign in with e-mail and password and receive the session cookie.',
    description:
      '401 `Invalid email or password` for an unknown e-mail and a wrong password alike. Failed attempts are limited per address (100 in 15 minutes) and per account and address (10 in 15 minutes), 429 with Retry-After; failures on an account from anywhere only slow its sign-in (up to 3 s), so the right password from another address always works.',
    body: loginSchema,
    response: publicUserSchema,
    handle: async ({ body, request, reply }) => {
      const user = await accounts.authenticate(context, body, request.ip);
      await startSession(context, request, reply, user.id, { method: 'password' });
      return toPublicUser(user);
    },
  });

  // GET /api/login (a navigation to the organization's single sign-on provider, else /auth) is in modules/sso.

  route.get('/api/logout', {
    public: true,
    summary: 'A navigation that ends the session and goes to the home page.',
    response: redirectResponse,
    status: 302,
    handle: async ({ request, reply }) => {
      // A navigation, so the origin check of writes does not apply: a link on another site must not sign anyone out.
      if (isCrossSite(request))
        throw forbidden('Sign out from Perch itself: a link on another site cannot sign you out.');
      await endSession(context, request, reply);
      return reply.redirect('/');
    },
  });

  route.post('/api/logout', {
    public: true,
    summary: 'End the current session.',
    response: messageResponseSchema,
    handle: async ({ request, reply }) => {
      await endSession(context, request, reply);
      return { message: 'You have been signed out.' };
    },
  });

  route.get('/api/user', {
    summary: 'The signed-in user.',
    description: '401 when signed out: a client uses it to learn whether it has a session.',
    response: publicUserSchema,
    handle: ({ user }) => toPublicUser(user),
  });

  route.post('/api/forgot-password', {
    public: true,
    summary: 'Mail a password reset link valid for one hour.',
    description: 'Answers the same 200 whether or not the address has an account, so it reveals nothing.',
    body: forgotPasswordSchema,
    response: messageResponseSchema,
    handle: async ({ body, request }) => {
      await accounts.requestPasswordReset(context, body.email, request.ip);
      return { message: accountMessages.forgotPasswordSent };
    },
  });

  route.get('/api/reset-password/:token', {
    public: true,
    summary: 'Check that a password reset link is still valid.',
    description: '400 for an unknown, used or expired token.',
    params: z.object({ token: tokenSchema }),
    response: messageResponseSchema,
    handle: async ({ params }) => {
      await accounts.checkResetToken(context, params.token);
      return { message: 'This reset link is valid.' };
    },
  });

  route.post('/api/reset-password', {
    public: true,
    summary: 'Set a new password with a reset token, and sign in.',
    description:
      'The token is single use; the user’s other sessions end, and the address is mailed that the password changed. The answer signs the person in (`user`, and a session cookie) unless a password sign-in would be refused them (their organization requires single sign-on, or their address awaits confirmation): then `user` is null. `hasCalendarFeed` says their calendar feed’s address, which a new password leaves working, exists: POST /api/user/calendar-feed replaces it. 400 for an unknown, used or expired token or a password shorter than 6 or longer than 200 characters. Rate limited per address (429 with Retry-After).',
    body: resetPasswordSchema,
    response: passwordResetResultSchema,
    handle: async ({ body, request, reply }) => {
      const reset = await accounts.resetPassword(context, body, request.ip, request.auth?.sessionId);
      // The reset link was mailed to the address: a way into the account, as a verification link is.
      if (reset.isAdmitted) await startSession(context, request, reply, reset.user.id, { method: 'email-link' });
      return {
        message: reset.isAdmitted ? accountMessages.passwordResetSignedIn : accountMessages.passwordResetSignInNext,
        user: reset.isAdmitted ? toPublicUser(reset.user) : null,
        hasCalendarFeed: reset.hasCalendarFeed,
      };
    },
  });

  // A navigation from a mail: any bad link, however malformed, lands on the sign-in page with a notice.
  route.get('/api/verify-email/:token', {
    public: true,
    summary: 'A navigation from the verification mail: confirms the address and signs in.',
    description: 'An invalid or used link redirects to the sign-in page with a notice instead of failing.',
    params: z.object({ token: z.string() }),
    response: redirectResponse,
    status: 302,
    handle: async ({ params, request, reply }) => {
      const userId = await accounts.verifyEmail(context, params.token);
      if (!userId) return reply.redirect('/auth?verification=invalid');
      await startSession(context, request, reply, userId, { method: 'email-link' });
      return reply.redirect('/');
    },
  });
});

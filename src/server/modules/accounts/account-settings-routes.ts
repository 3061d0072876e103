import { publicUserSchema } from '#domain/account.ts';
import {
  accountSettingsMessages,
  changePasswordSchema,
  confirmEmailChangeSchema,
  emailChangedSchema,
  requestEmailChangeSchema,
  updateNameSchema,
} from '#domain/account-settings.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import { requireSession, toPublicUser } from '#server/plugins/session.ts';
import { routeModule } from '#server/routes.ts';
import * as settings from './account-settings-service.ts';

/** Issue 27: the account settings dialog: one's name, e-mail address and password. */
export const accountSettingsRoutes = routeModule('Accounts', (route, context) => {
  route.patch('/api/user', {
    summary: 'Change the signed-in user’s first and last name.',
    description:
      'Both names, by the rules of registration (at most 100 characters, no control characters); an empty one is cleared. Answers the user.',
    body: updateNameSchema,
    response: publicUserSchema,
    handle: async ({ body, user }) => toPublicUser(await settings.updateName(context, user, body)),
  });

  route.post('/api/user/email', {
    summary: 'Ask to change the signed-in user’s e-mail address: a confirmation link goes to the new one.',
    description:
      'Needs the current password (400 when wrong, or when the account has none). The address changes only when the link (single use, 24 hours) is followed; the old address is told. 409 when another account has the address (case-insensitive), 400 when it is already the user’s. A newer request voids older links. Rate limited per account (429).',
    body: requestEmailChangeSchema,
    responses: { 202: messageResponseSchema },
    handle: async ({ body, user, reply }) => {
      await settings.requestEmailChange(context, user, body);
      return reply.status(202).send({ message: accountSettingsMessages.emailChangeSent(body.newEmail) });
    },
  });

  route.post('/api/user/email/confirm', {
    public: true,
    summary: 'Follow the link mailed to a new address: the account it was issued for now uses that address.',
    description:
      'Works signed in or out, and changes only the account the link was issued for. 400 for an unknown, used or expired link; 409 when another account took the address meanwhile. Links mailed to the old address stop working; sessions stay. Rate limited per network address (429).',
    body: confirmEmailChangeSchema,
    response: emailChangedSchema,
    handle: async ({ body, request }) => {
      const user = await settings.confirmEmailChange(context, body.token, request.ip);
      return { message: accountSettingsMessages.emailChanged(user.email), email: user.email };
    },
  });

  route.post('/api/user/password', {
    summary: 'Change the signed-in user’s password, confirmed with the current one.',
    description:
      '400 when the current password is wrong (or the account has none) or the new one is shorter than 8 characters. The user’s other sessions end, this one stays; the address is mailed that the password changed. Rate limited per account (429).',
    body: changePasswordSchema,
    response: messageResponseSchema,
    handle: async ({ body, request }) => {
      const session = requireSession(request);
      await settings.changePassword(context, session.user, body, session.sessionId);
      return { message: accountSettingsMessages.passwordChanged };
    },
  });
});

import { z } from 'zod';
import { publicUserSchema, tokenSchema } from '#domain/account.ts';
import { idParams, organizationParams } from '#domain/ids.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import {
  invitationDetailsSchema,
  invitationSchema,
  invitationSignupSchema,
  inviteResultSchema,
  inviteSchema,
  resentInvitationSchema,
} from '#domain/team.ts';
import { startSession, toPublicUser } from '#server/plugins/session.ts';
import { routeModule } from '#server/routes.ts';
import * as acceptance from './acceptance.ts';
import * as invitations from './service.ts';

const invitationParams = idParams('id', 'invitationId');

/** Inviting and managing invitations: organization admins. */
export const invitationRoutes = routeModule({ tag: 'Invitations', signInFirst: true }, (route, context) => {
  route.post('/api/organizations/:id/invite', {
    summary: 'Invite one or more e-mail addresses with a role.',
    description:
      'Admins only. Each address succeeds or fails on its own (invalid, already a member, over the plan’s user limit counting pending invitations); `errors` lists the failures. Each address counts against 200 an hour per organization and per inviting user (429 with Retry-After). 403 for the platform organization: its admins are appointed only with `npm run platform-admin`.',
    params: organizationParams,
    body: inviteSchema,
    response: inviteResultSchema,
    handle: ({ user, params, body }) => invitations.invite(context, user, params.id, body),
  });

  route.get('/api/organizations/:id/invitations', {
    summary: 'The organization’s pending invitations.',
    description: 'Admins only (403 for members).',
    params: organizationParams,
    response: z.array(invitationSchema),
    handle: ({ user, params }) => invitations.listInvitations(context, user.id, params.id),
  });

  route.delete('/api/organizations/:id/invitations/:invitationId', {
    summary: 'Revoke a pending invitation.',
    description: 'Admins only; the link stops working at once.',
    params: invitationParams,
    response: messageResponseSchema,
    handle: ({ user, params }) => invitations.revokeInvitation(context, user.id, params.id, params.invitationId),
  });

  route.post('/api/organizations/:id/invitations/:invitationId/resend', {
    summary: 'Send a pending invitation again, with a fresh link and expiry.',
    description:
      'Admins only. Counts against the same hourly limits as inviting (429); 403 for the platform organization.',
    params: invitationParams,
    response: resentInvitationSchema,
    handle: ({ user, params }) => invitations.resendInvitation(context, user, params.id, params.invitationId),
  });
});

/** The invitee's side: the link is the authorization, no session needed. */
export const invitationSignupRoutes = routeModule('Invitations', (route, context) => {
  route.get('/api/invitations/:token', {
    public: true,
    summary: 'What an invitation link offers: organization, role and e-mail.',
    description:
      'No session needed: the link is the authorization. 404 for an unknown, used or expired (7 days) link; 403 for an invitation into the platform organization.',
    params: z.object({ token: tokenSchema }),
    response: invitationDetailsSchema,
    handle: ({ params }) => acceptance.findInvitationDetails(context, params.token),
  });

  route.post('/api/signup-with-invitation', {
    public: true,
    summary: 'Accept an invitation: create or attach the account, join, and sign in.',
    description:
      '422 when the organization is at its plan’s user limit; 404 for an unknown, used or expired link; 401 for a wrong password of an existing account, throttled like sign-in (429); 403 for an invitation into the platform organization.',
    body: invitationSignupSchema,
    response: publicUserSchema,
    status: 201,
    handle: async ({ body, request, reply }) => {
      const user = await acceptance.acceptInvitation(context, body, request.ip, (db, userId) =>
        startSession({ ...context, db }, request, reply, userId, { method: 'invitation' }),
      );
      return toPublicUser(user);
    },
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema, tokenSchema } from '#domain/account.ts';
import { idParams } from '#domain/ids.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import {
  invitationDetailsSchema,
  invitationSchema,
  invitationSignupSchema,
  inviteResultSchema,
  inviteSchema,
  resentInvitationSchema,
} from '#domain/team.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser, startSession, toPublicUser } from '#server/plugins/session.ts';
import * as acceptance from './acceptance.ts';
import * as invitations from './service.ts';

const organizationParams = idParams('id');
const invitationParams = idParams('id', 'invitationId');

/** Inviting and managing invitations: organization admins. */
export function invitationRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed out is 401 before any input is looked at.
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.post(
      '/api/organizations/:id/invite',
      {
        schema: {
          tags: ['Invitations'],
          summary: 'Invite one or more e-mail addresses with a role.',
          description:
            'Admins only. Each address succeeds or fails on its own (invalid, already a member, over the plan’s user limit counting pending invitations); `errors` lists the failures. Each address counts against 200 an hour per organization and per inviting user (429 with Retry-After). 403 for the platform organization: its admins are appointed only with `npm run platform-admin`.',
          params: organizationParams,
          body: inviteSchema,
          response: { 200: inviteResultSchema },
        },
      },
      async (request) => invitations.invite(context, requireUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/organizations/:id/invitations',
      {
        schema: {
          tags: ['Invitations'],
          summary: 'The organization’s pending invitations.',
          description: 'Admins only (403 for members).',
          params: organizationParams,
          response: { 200: z.array(invitationSchema) },
        },
      },
      async (request) => invitations.listInvitations(context, requireUser(request).id, request.params.id),
    );

    app.delete(
      '/api/organizations/:id/invitations/:invitationId',
      {
        schema: {
          tags: ['Invitations'],
          summary: 'Revoke a pending invitation.',
          description: 'Admins only; the link stops working at once.',
          params: invitationParams,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) =>
        invitations.revokeInvitation(context, requireUser(request).id, request.params.id, request.params.invitationId),
    );

    app.post(
      '/api/organizations/:id/invitations/:invitationId/resend',
      {
        schema: {
          tags: ['Invitations'],
          summary: 'Send a pending invitation again, with a fresh link and expiry.',
          description:
            'Admins only. Counts against the same hourly limits as inviting (429); 403 for the platform organization.',
          params: invitationParams,
          response: { 200: resentInvitationSchema },
        },
      },
      async (request) =>
        invitations.resendInvitation(context, requireUser(request), request.params.id, request.params.invitationId),
    );
  };
}

/** The invitee's side: the link is the authorization, no session needed. */
export function invitationSignupRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/invitations/:token',
      {
        schema: {
          tags: ['Invitations'],
          summary: 'What an invitation link offers: organization, role and e-mail.',
          description:
            'No session needed: the link is the authorization. 404 for an unknown, used or expired (7 days) link; 403 for an invitation into the platform organization.',
          params: z.object({ token: tokenSchema }),
          response: { 200: invitationDetailsSchema },
        },
      },
      async (request) => acceptance.findInvitationDetails(context, request.params.token),
    );

    app.post(
      '/api/signup-with-invitation',
      {
        schema: {
          tags: ['Invitations'],
          summary: 'Accept an invitation: create or attach the account, join, and sign in.',
          description:
            '422 when the organization is at its plan’s user limit; 404 for an unknown, used or expired link; 401 for a wrong password of an existing account, throttled like sign-in (429); 403 for an invitation into the platform organization.',
          body: invitationSignupSchema,
          response: { 201: publicUserSchema },
        },
      },
      async (request, reply) => {
        const user = await acceptance.acceptInvitation(context, request.body, request.ip, (db, userId) =>
          startSession({ ...context, db }, request, reply, userId, { method: 'invitation' }),
        );
        return reply.status(201).send(toPublicUser(user));
      },
    );
  };
}

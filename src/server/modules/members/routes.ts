import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#domain/ids.ts';
import { memberSchema, removeMemberResultSchema, updateRoleSchema } from '#domain/team.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as members from './service.ts';

const organizationParams = idParams('id');
const memberParams = idParams('id', 'userId');

export function memberRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed out is 401 before any input is looked at.
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.get(
      '/api/organizations/:id/members',
      {
        schema: {
          tags: ['Team'],
          summary: 'The members of an organization with their roles.',
          description: 'Members only (404 otherwise).',
          params: organizationParams,
          response: { 200: z.array(memberSchema) },
        },
      },
      async (request) => members.listMembers(context, requireUser(request).id, request.params.id),
    );

    app.get(
      '/api/organizations/:id/members/me',
      {
        schema: {
          tags: ['Team'],
          summary: 'The signed-in user’s membership in an organization.',
          params: organizationParams,
          response: { 200: memberSchema },
        },
      },
      async (request) => members.findCurrentMember(context, requireUser(request).id, request.params.id),
    );

    app.patch(
      '/api/organizations/:id/members/:userId/role',
      {
        schema: {
          tags: ['Team'],
          summary: 'Change a member’s role.',
          description:
            'Admins only. An admin cannot change its own role (403); the last admin cannot be demoted (409); nobody becomes an admin of the platform organization this way (403: npm run platform-admin only).',
          params: memberParams,
          body: updateRoleSchema,
          response: { 200: memberSchema },
        },
      },
      async (request) =>
        members.changeRole(
          context,
          requireUser(request).id,
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
    );

    app.delete(
      '/api/organizations/:id/members/:userId',
      {
        schema: {
          tags: ['Team'],
          summary: 'Remove a member and cancel their bookings from today on and their permanent ones.',
          description: 'Admins only. An admin cannot remove itself (403); the last admin cannot be removed (409).',
          params: memberParams,
          response: { 200: removeMemberResultSchema },
        },
      },
      async (request) =>
        members.removeMember(context, requireUser(request).id, request.params.id, request.params.userId),
    );
  };
}

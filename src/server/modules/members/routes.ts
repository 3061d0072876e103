import { z } from 'zod';
import { memberParams, organizationParams } from '#domain/ids.ts';
import { memberSchema, removeMemberResultSchema, updateRoleSchema } from '#domain/team.ts';
import { routeModule } from '#server/routes.ts';
import * as members from './service.ts';

export const memberRoutes = routeModule({ tag: 'Team', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/members', {
    summary: 'The members of an organization with their roles.',
    description: 'Members only (404 otherwise).',
    params: organizationParams,
    response: z.array(memberSchema),
    handle: ({ user, params }) => members.listMembers(context, user.id, params.id),
  });

  route.get('/api/organizations/:id/members/me', {
    summary: 'The signed-in user’s membership in an organization.',
    params: organizationParams,
    response: memberSchema,
    handle: ({ user, params }) => members.findCurrentMember(context, user.id, params.id),
  });

  route.patch('/api/organizations/:id/members/:userId/role', {
    summary: 'Change a member’s role.',
    description:
      'Admins only. An admin cannot change its own role (403); the last admin cannot be demoted (409); nobody becomes an admin of the platform organization this way (403: npm run platform-admin only).',
    params: memberParams,
    body: updateRoleSchema,
    response: memberSchema,
    handle: ({ user, params, body }) => members.changeRole(context, user.id, params.id, params.userId, body.role),
  });

  route.delete('/api/organizations/:id/members/:userId', {
    summary: 'Remove a member and cancel their bookings from today on and their permanent ones.',
    description: 'Admins only. An admin cannot remove itself (403); the last admin cannot be removed (409).',
    params: memberParams,
    response: removeMemberResultSchema,
    handle: ({ user, params }) => members.removeMember(context, user.id, params.id, params.userId),
  });
});

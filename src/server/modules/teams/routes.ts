import type { FastifyError, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { z } from 'zod';
import { organizationParams } from '#domain/ids.ts';
import {
  createTeamSchema,
  teamDeletedSchema,
  teamMembersAddedSchema,
  teamMembersAdditionSchema,
  teamMembersBodyLimit,
  teamMembersChangeSchema,
  teamMembersSchema,
  teamMembersTooLarge,
  teamParams,
  teamSchema,
  updateTeamSchema,
} from '#domain/teams.ts';
import { AppError } from '#server/errors.ts';
import { requireUser } from '#server/plugins/session.ts';
import { routeModule } from '#server/routes.ts';
import * as teams from './service.ts';

export const teamRoutes = routeModule('Teams', (route, context) => {
  /** A list of people, set or added: longer than the server's usual body, and only an admin's is read. */
  const bulkMembersOptions = {
    // The member list's bulk add names up to maxTeamMembersPerRequest people: more than the server's 64 KiB.
    bodyLimit: teamMembersBodyLimit,
    // Who may send that much is known before a byte of it is read.
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
      await teams.findAdministeredTeam(context, (request.params as { teamId: string }).teamId, requireUser(request).id);
      return payload;
    },
    errorHandler: (error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError(413, teamMembersTooLarge) : error;
    },
  };

  route.get('/api/organizations/:id/teams', {
    summary: 'The teams of an organization by name, each with its number of people and whether you are in it.',
    description:
      'Members only (404 otherwise). A limit of null is the organization’s: a person in several teams books under ' +
      'the most generous of their teams’ limits.',
    params: organizationParams,
    response: z.array(teamSchema),
    handle: ({ user, params }) => teams.listTeams(context, user.id, params.id),
  });

  route.post('/api/organizations/:id/teams', {
    summary: 'Add a team: a name, a colour (#rrggbb) and, optionally, its own days ahead and days per week.',
    description:
      'Admins only (403). 409 with a sentence when the organization already has a team of that name (in any case), ' +
      'or has as many teams as it may.',
    params: organizationParams,
    body: createTeamSchema,
    response: teamSchema,
    status: 201,
    handle: ({ user, params, body }) => teams.createTeam(context, user.id, params.id, body),
  });

  route.put('/api/teams/:teamId', {
    summary: 'Change a team: any of its name, colour and limits (null: the organization’s).',
    description: 'Admins only (403); 404 for a team of another organization; 409 for a name another team has.',
    params: teamParams,
    body: updateTeamSchema,
    response: teamSchema,
    handle: ({ user, params, body }) => teams.updateTeam(context, user.id, params.teamId, body),
  });

  route.delete('/api/teams/:teamId', {
    summary: 'Delete a team. Its people stay members of the organization; neighbourhoods are no longer kept for it.',
    description: 'Admins only (403); 404 for a team of another organization.',
    params: teamParams,
    response: teamDeletedSchema,
    handle: ({ user, params }) => teams.deleteTeam(context, user.id, params.teamId),
  });

  route.get('/api/teams/:teamId/members', {
    summary: 'Who is in a team, by name.',
    description: 'Admins, and the team’s own members (403 for other members of the organization).',
    params: teamParams,
    response: teamMembersSchema,
    handle: ({ user, params }) => teams.listTeamMembers(context, user.id, params.teamId),
  });

  route.put('/api/teams/:teamId/members', {
    summary: 'Set who is in a team: the whole list, replacing it.',
    description:
      'Admins only (403). Everyone named must be a member of the organization, else 422 and nothing changes. ' +
      'Answers the team’s people as saved. To add people without taking anyone out, POST them.',
    params: teamParams,
    body: teamMembersChangeSchema,
    response: teamMembersSchema,
    options: bulkMembersOptions,
    handle: ({ user, params, body }) => teams.replaceTeamMembers(context, user.id, params.teamId, body),
  });

  route.post('/api/teams/:teamId/members', {
    summary: 'Add people to a team: those already in it stay once, and nobody is taken out.',
    description:
      'Admins only (403). Everyone named must be a member of the organization, else 422 and nothing changes. ' +
      'Two admins adding people at once both keep their additions. Answers the team’s people as saved and which of ' +
      'those named were new to it.',
    params: teamParams,
    body: teamMembersAdditionSchema,
    response: teamMembersAddedSchema,
    options: bulkMembersOptions,
    handle: ({ user, params, body }) => teams.addTeamMembers(context, user.id, params.teamId, body),
  });
});

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMembersAdded, TeamMembersView } from '#domain/teams.ts';
import { apiRequest } from '#web/app/api.ts';
import { teamsKey } from './list-teams.ts';

/** GET /api/teams/{teamId}/members: admins and the team's own people. */
export const teamMembersKey = (teamId: string) => ['/api/teams', teamId, 'members'] as const;

export const teamMembersQuery = (teamId: string) => queryOptions<TeamMembersView>({ queryKey: teamMembersKey(teamId) });

export function useTeamMembers(teamId: string) {
  return useQuery(teamMembersQuery(teamId));
}

/** PUT /api/teams/{teamId}/members (admins): the whole list, replacing it; answers the team's people as saved. */
export function setTeamMembers(teamId: string, userIds: readonly string[]): Promise<TeamMembersView> {
  return apiRequest<TeamMembersView>('PUT', `/api/teams/${teamId}/members`, { userIds });
}

export function useSetTeamMembers(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, userIds }: { teamId: string; userIds: readonly string[] }) =>
      setTeamMembers(teamId, userIds),
    onSuccess: (saved, { teamId }) => {
      queryClient.setQueryData(teamMembersKey(teamId), saved);
      return queryClient.invalidateQueries({ queryKey: teamsKey(organizationId) });
    },
  });
}

/** POST /api/teams/{teamId}/members (admins): adds people, taking nobody out; answers the team and who was new. */
export function addTeamMembers(teamId: string, userIds: readonly string[]): Promise<TeamMembersAdded> {
  return apiRequest<TeamMembersAdded>('POST', `/api/teams/${teamId}/members`, { userIds });
}

/**
 * The member list's bulk add: the chosen people are added on the server, so another admin adding people to the same
 * team at the same moment keeps theirs. Answers how many were new to it (the others were in it already).
 */
export function useAddToTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, userIds }: { teamId: string; userIds: readonly string[] }) => {
      const { addedUserIds, ...saved } = await addTeamMembers(teamId, userIds);
      return { saved, added: addedUserIds.length };
    },
    onSuccess: ({ saved }, { teamId }) => {
      queryClient.setQueryData(teamMembersKey(teamId), saved);
      return queryClient.invalidateQueries({ queryKey: teamsKey(organizationId) });
    },
  });
}

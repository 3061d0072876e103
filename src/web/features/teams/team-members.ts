import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMembersView } from '#domain/teams.ts';
import { apiRequest } from '#web/app/api.ts';
import { teamsKey } from './list-teams.ts';
import { addToTeam } from './team-form-values.ts';

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

/**
 * The member list's bulk add: the team's people as they are now, with the chosen ones added. Answers how many were
 * new to it (the others were in it already).
 */
export function useAddToTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, userIds }: { teamId: string; userIds: readonly string[] }) => {
      const current = await queryClient.fetchQuery({ ...teamMembersQuery(teamId), staleTime: 0 });
      const next = addToTeam(current.userIds, userIds);
      const saved = next.added > 0 ? await setTeamMembers(teamId, next.userIds) : current;
      return { saved, added: next.added };
    },
    onSuccess: ({ saved }, { teamId }) => {
      queryClient.setQueryData(teamMembersKey(teamId), saved);
      return queryClient.invalidateQueries({ queryKey: teamsKey(organizationId) });
    },
  });
}

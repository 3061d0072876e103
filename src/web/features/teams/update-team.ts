import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTeamInput } from '#domain/teams.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Team, teamsKey } from './list-teams.ts';

/** PUT /api/teams/{teamId} (admins): any of name, colour and limits; answers the team as saved. */
export function updateTeam(teamId: string, input: UpdateTeamInput): Promise<Team> {
  return apiRequest<Team>('PUT', `/api/teams/${teamId}`, input);
}

export function useUpdateTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: UpdateTeamInput }) => updateTeam(teamId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey(organizationId) }),
  });
}

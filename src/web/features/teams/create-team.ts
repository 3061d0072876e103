import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamInput } from '#domain/teams.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Team, teamsKey } from './list-teams.ts';

/** POST /api/organizations/{id}/teams (admins): answers the new team. */
export function createTeam(organizationId: string, input: CreateTeamInput): Promise<Team> {
  return apiRequest<Team>('POST', `/api/organizations/${organizationId}/teams`, input);
}

export function useCreateTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTeamInput) => createTeam(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey(organizationId) }),
  });
}

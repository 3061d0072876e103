import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDeleted } from '#domain/teams.ts';
import { apiRequest } from '#web/app/api.ts';
import { teamsKey } from './list-teams.ts';

/** DELETE /api/teams/{teamId} (admins): its people stay in the organization; answers a sentence. */
export function deleteTeam(teamId: string): Promise<TeamDeleted> {
  return apiRequest<TeamDeleted>('DELETE', `/api/teams/${teamId}`);
}

export function useDeleteTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey(organizationId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemoveMemberResult } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshTeam } from './refresh-team.ts';

/** DELETE /api/organizations/{id}/members/{userId}: cancels the member's active bookings there too. */
export function removeMember(organizationId: string, userId: string): Promise<RemoveMemberResult> {
  return apiRequest<RemoveMemberResult>('DELETE', `/api/organizations/${organizationId}/members/${userId}`);
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(organizationId, userId),
    onSuccess: () => refreshTeam(queryClient, organizationId),
  });
}

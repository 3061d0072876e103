import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#domain/organization.ts';
import type { MemberView } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshTeam } from './refresh-team.ts';

/** PATCH /api/organizations/{id}/members/{userId}/role {role} */
export function updateMemberRole(organizationId: string, userId: string, role: Role): Promise<MemberView> {
  return apiRequest<MemberView>('PATCH', `/api/organizations/${organizationId}/members/${userId}/role`, { role });
}

export function useUpdateMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => updateMemberRole(organizationId, userId, role),
    onSuccess: () => refreshTeam(queryClient, organizationId),
  });
}

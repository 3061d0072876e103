import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshInvitations } from './refresh-team.ts';

/** DELETE /api/organizations/{id}/invitations/{invitationId} */
export function revokeInvitation(organizationId: string, invitationId: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('DELETE', `/api/organizations/${organizationId}/invitations/${invitationId}`);
}

export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(organizationId, invitationId),
    onSuccess: () => refreshInvitations(queryClient, organizationId),
  });
}

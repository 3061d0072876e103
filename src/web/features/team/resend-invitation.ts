import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResentInvitation } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshInvitations } from './refresh-team.ts';

/** POST /api/organizations/{id}/invitations/{invitationId}/resend */
export function resendInvitation(organizationId: string, invitationId: string): Promise<ResentInvitation> {
  return apiRequest<ResentInvitation>(
    'POST',
    `/api/organizations/${organizationId}/invitations/${invitationId}/resend`,
  );
}

export function useResendInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(organizationId, invitationId),
    onSuccess: () => refreshInvitations(queryClient, organizationId),
  });
}

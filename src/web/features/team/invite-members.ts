import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteRequest, InviteResult } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshInvitations } from './refresh-team.ts';

/** POST /api/organizations/{id}/invite {emails, role}: one invitation, and one e-mail, per address. */
export function inviteMembers(organizationId: string, input: InviteRequest): Promise<InviteResult> {
  return apiRequest<InviteResult>('POST', `/api/organizations/${organizationId}/invite`, input);
}

export function useInvite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteRequest) => inviteMembers(organizationId, input),
    onSuccess: () => refreshInvitations(queryClient, organizationId),
  });
}

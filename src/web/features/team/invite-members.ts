import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#domain/organization.ts';
import type { InviteResult } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshInvitations } from './refresh-team.ts';

export interface InviteInput {
  emails: string;
  role: Role;
}

/** POST /api/organizations/{id}/invite {emails, role}: one invitation, and one e-mail, per address. */
export function inviteMembers(organizationId: string, input: InviteInput): Promise<InviteResult> {
  return apiRequest<InviteResult>('POST', `/api/organizations/${organizationId}/invite`, input);
}

export function useInvite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => inviteMembers(organizationId, input),
    onSuccess: () => refreshInvitations(queryClient, organizationId),
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '#domain/organization.ts';
import type { MessageResponse } from '#domain/responses.ts';
import type { InvitationView, InviteResult, MemberView, RemoveMemberResult, ResentInvitation } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { queryClient } from '#web/app/query-client.ts';
import { refreshBookings } from '../bookings/refresh-bookings.ts';

// Query keys are the spec's path segments: the default fetcher builds the URL from them.
export const membersKey = (organizationId: string) => ['/api/organizations', organizationId, 'members'] as const;
export const currentMemberKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'members', 'me'] as const;
export const invitationsKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'invitations'] as const;

export function useMembers(organizationId: string) {
  return useQuery<MemberView[]>({ queryKey: membersKey(organizationId) });
}

export function useCurrentMember(organizationId: string) {
  return useQuery<MemberView>({ queryKey: currentMemberKey(organizationId) });
}

/** Pending invitations: admins only, so the caller says whether to ask. */
export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery<InvitationView[]>({ queryKey: invitationsKey(organizationId), enabled });
}

const refreshInvitations = (organizationId: string) =>
  queryClient.invalidateQueries({ queryKey: invitationsKey(organizationId) });

/** A role change or removal changes the team and, for a removal, everyone's view of the bookings. */
const refreshTeam = (organizationId: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }), refreshBookings(queryClient)]);

export function useInvite(organizationId: string) {
  return useMutation({
    mutationFn: (input: { emails: string; role: Role }) =>
      apiRequest<InviteResult>('POST', `/api/organizations/${organizationId}/invite`, input),
    onSuccess: () => refreshInvitations(organizationId),
  });
}

export function useUpdateMemberRole(organizationId: string) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      apiRequest<MemberView>('PATCH', `/api/organizations/${organizationId}/members/${userId}/role`, { role }),
    onSuccess: () => refreshTeam(organizationId),
  });
}

export function useRemoveMember(organizationId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<RemoveMemberResult>('DELETE', `/api/organizations/${organizationId}/members/${userId}`),
    onSuccess: () => refreshTeam(organizationId),
  });
}

export function useRevokeInvitation(organizationId: string) {
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest<MessageResponse>('DELETE', `/api/organizations/${organizationId}/invitations/${invitationId}`),
    onSuccess: () => refreshInvitations(organizationId),
  });
}

export function useResendInvitation(organizationId: string) {
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest<ResentInvitation>('POST', `/api/organizations/${organizationId}/invitations/${invitationId}/resend`),
    onSuccess: () => refreshInvitations(organizationId),
  });
}

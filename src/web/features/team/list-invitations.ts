import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationView } from '#domain/team.ts';

/** GET /api/organizations/{id}/invitations: the pending ones. */
export const invitationsKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'invitations'] as const;

export const invitationsQuery = (organizationId: string) =>
  queryOptions<InvitationView[]>({ queryKey: invitationsKey(organizationId) });

/** Pending invitations: admins only, so the caller says whether to ask. */
export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery({ ...invitationsQuery(organizationId), enabled });
}

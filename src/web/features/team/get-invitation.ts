import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationDetails } from '#domain/team.ts';

/** GET /api/invitations/{token}: who is invited where, or 404 for an unknown or expired invitation. */
export const invitationKey = (token: string | null) => ['/api/invitations', token] as const;

export const invitationQuery = (token: string | null) =>
  queryOptions<InvitationDetails>({ queryKey: invitationKey(token), retry: false });

/** The invitation a signup link names; nothing is asked without a token. */
export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQuery(token), enabled: Boolean(token) });
}

import type { QueryClient } from '@tanstack/react-query';
import { refreshBookings } from '../bookings/index.ts';
import { invitationsKey } from './list-invitations.ts';
import { membersKey } from './list-members.ts';

export function refreshInvitations(queryClient: QueryClient, organizationId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: invitationsKey(organizationId) });
}

/** A role change or removal changes the team and, for a removal, everyone's view of the bookings. */
export function refreshTeam(queryClient: QueryClient, organizationId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
    refreshBookings(queryClient),
  ]);
}

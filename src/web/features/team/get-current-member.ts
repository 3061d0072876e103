import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberView } from '#domain/team.ts';

/** GET /api/organizations/{id}/members/me: the caller's own membership. */
export const currentMemberKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'members', 'me'] as const;

export const currentMemberQuery = (organizationId: string) =>
  queryOptions<MemberView>({ queryKey: currentMemberKey(organizationId) });

export function useCurrentMember(organizationId: string) {
  return useQuery(currentMemberQuery(organizationId));
}

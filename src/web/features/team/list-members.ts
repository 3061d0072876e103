import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberView } from '#domain/team.ts';

/** GET /api/organizations/{id}/members */
export const membersKey = (organizationId: string) => ['/api/organizations', organizationId, 'members'] as const;

export const membersQuery = (organizationId: string) =>
  queryOptions<MemberView[]>({ queryKey: membersKey(organizationId) });

export function useMembers(organizationId: string) {
  return useQuery(membersQuery(organizationId));
}

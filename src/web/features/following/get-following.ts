import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowingView } from '#domain/week.ts';

/** GET /api/organizations/{id}/following: whom the caller follows, and whether they get the evening mail. */
export const followingKey = (organizationId: string) => ['/api/organizations', organizationId, 'following'] as const;

export const followingQuery = (organizationId: string) =>
  queryOptions<FollowingView>({ queryKey: followingKey(organizationId) });

export function useFollowing(organizationId: string, enabled = true) {
  return useQuery({ ...followingQuery(organizationId), enabled });
}

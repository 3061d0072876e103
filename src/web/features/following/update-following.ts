import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowingView, UpdateFollowingInput } from '#domain/week.ts';
import { apiRequest } from '#web/app/api.ts';
import { followingKey } from './get-following.ts';
import { weekKeyPrefix } from './get-week.ts';

/** PUT /api/organizations/{id}/following: the whole list followed and/or the evening mail; answers them as saved. */
export function updateFollowing(organizationId: string, changes: UpdateFollowingInput): Promise<FollowingView> {
  return apiRequest<FollowingView>('PUT', `/api/organizations/${organizationId}/following`, changes);
}

export function useUpdateFollowing(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateFollowingInput) => updateFollowing(organizationId, changes),
    onSuccess: (following) => {
      queryClient.setQueryData(followingKey(organizationId), following);
      void queryClient.invalidateQueries({ queryKey: weekKeyPrefix(organizationId) });
    },
  });
}

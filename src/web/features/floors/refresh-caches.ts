import type { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: after a change the floors, desks, bookings and organization caches are
 * refreshed. They all live under these two path roots. Unchanged rows keep their identity
 * (structural sharing), so only what changed re-renders.
 */
export function refreshFloorPlanCaches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === '/api/organizations' || query.queryKey[0] === '/api/floors',
  });
}

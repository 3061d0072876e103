import type { QueryClient } from '@tanstack/react-query';

/**
 * After a subscription changes, every organization read is stale: the list and its `subscription`, the
 * subscription details, and the platform overview. They all live under these two path roots.
 */
export function refreshSubscriptionCaches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === '/api/organizations' || query.queryKey[0] === '/api/admin/organizations',
  });
}

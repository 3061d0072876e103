import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '#domain/audit.ts';
import { apiRequest } from '#web/app/api.ts';

export const overrideHistoryPageSize = 20;

/** GET /api/admin/audit-log: the platform's log, which holds the override events of every organization. */
export const overrideHistoryKey = ['/api/admin/audit-log'] as const;

export const overrideHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: overrideHistoryKey,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(overrideHistoryPageSize) });
      if (pageParam !== null) query.set('before', String(pageParam));
      return apiRequest<AuditLogPage>('GET', `/api/admin/audit-log?${query}`);
    },
    getNextPageParam: (page) => page.nextBefore,
    // Fresh whenever the tab opens: it is about what was just changed.
    staleTime: 0,
    gcTime: 0,
  });

/** Platform admins only: subscription overrides applied and removed, newest first, a page at a time. */
export function useOverrideHistory(enabled: boolean) {
  return useInfiniteQuery({ ...overrideHistoryQuery(), enabled });
}

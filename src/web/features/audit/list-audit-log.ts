import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '#domain/audit.ts';
import { apiRequest } from '#web/app/api.ts';

export const auditLogPageSize = 25;

/** GET /api/organizations/{id}/audit-log?limit=&before=; the page cursor lives in the infinite query, not the key. */
export const auditLogKey = (organizationId: string) => ['/api/organizations', organizationId, 'audit-log'] as const;

export const auditLogQuery = (organizationId: string) =>
  infiniteQueryOptions({
    queryKey: auditLogKey(organizationId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(auditLogPageSize) });
      if (pageParam !== null) query.set('before', String(pageParam));
      return apiRequest<AuditLogPage>('GET', `/api/organizations/${organizationId}/audit-log?${query}`);
    },
    getNextPageParam: (page) => page.nextBefore,
    // Always fresh when the dialog opens: the log is about what just happened.
    staleTime: 0,
    gcTime: 0,
  });

/** Admins only: the organization's audit log, newest first, one page of 25 at a time. */
export function useAuditLog(organizationId: string) {
  return useInfiniteQuery(auditLogQuery(organizationId));
}

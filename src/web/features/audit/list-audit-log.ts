import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AuditLogFilter, type AuditLogPage, auditLogSearchParams } from '#domain/audit.ts';
import { apiRequest } from '#web/app/api.ts';

export const auditLogPageSize = 25;

/**
 * GET /api/organizations/{id}/audit-log?action=&actorId=&from=&to=&limit=&before=: the filter is part of the key (its
 * query string), the page cursor lives in the infinite query.
 */
export const auditLogKey = (organizationId: string, filter: Partial<AuditLogFilter> = {}) =>
  ['/api/organizations', organizationId, 'audit-log', auditLogSearchParams(filter).toString()] as const;

export const auditLogQuery = (organizationId: string, filter: Partial<AuditLogFilter> = {}) =>
  infiniteQueryOptions({
    queryKey: auditLogKey(organizationId, filter),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const query = auditLogSearchParams({
        ...filter,
        limit: auditLogPageSize,
        ...(pageParam === null ? {} : { before: pageParam }),
      });
      return apiRequest<AuditLogPage>('GET', `/api/organizations/${organizationId}/audit-log?${query}`);
    },
    getNextPageParam: (page) => page.nextBefore,
    // Always fresh when the dialog opens: the log is about what just happened.
    staleTime: 0,
    gcTime: 0,
  });

/** Admins only: the organization's audit log, newest first, one page of 25 at a time, filtered. */
export function useAuditLog(organizationId: string, filter: Partial<AuditLogFilter> = {}, enabled = true) {
  return useInfiniteQuery({ ...auditLogQuery(organizationId, filter), enabled });
}

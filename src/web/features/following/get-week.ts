import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeekView } from '#domain/week.ts';
import { apiRequest } from '#web/app/api.ts';

/** GET /api/organizations/{id}/week?start=&siteId= */
export const weekKeyPrefix = (organizationId: string) => ['/api/organizations', organizationId, 'week'] as const;

export const weekQuery = (organizationId: string, start: string, siteId: string | undefined) =>
  queryOptions({
    queryKey: [...weekKeyPrefix(organizationId), start, siteId ?? ''] as const,
    queryFn: () =>
      apiRequest<WeekView>(
        'GET',
        `/api/organizations/${organizationId}/week?start=${start}${siteId ? `&siteId=${siteId}` : ''}`,
      ),
  });

/** Each working day of the site's week with my days, the people I follow and my teams'. */
export function useWeek(organizationId: string, start: string, siteId: string | undefined) {
  return useQuery(weekQuery(organizationId, start, siteId));
}

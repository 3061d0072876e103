import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Analytics, analyticsSearchParams } from '#domain/analytics.ts';
import { apiRequest } from '#web/app/api.ts';

/** What the screen asks for: a range of dates, one site or all, one floor or all, weekends or not. */
export interface AnalyticsRequest {
  startDate: string;
  endDate: string;
  /** One site (issue 28); all sites when absent. */
  siteId?: string | undefined;
  floorId?: string | undefined;
  includeWeekends?: boolean | undefined;
}

/**
 * GET /api/organizations/{id}/analytics?…: the range's dates follow 'analytics' in the key, so that the live updates
 * (features/realtime, affected-queries.ts) read the figures again for a booking change in that range, and for any
 * change of desks, floors or the organization, while the screen is open.
 */
export const analyticsKey = (organizationId: string, request: AnalyticsRequest) =>
  [
    '/api/organizations',
    organizationId,
    'analytics',
    request.startDate,
    request.endDate,
    analyticsSearchParams(request).toString(),
  ] as const;

export const analyticsQuery = (organizationId: string, request: AnalyticsRequest) =>
  queryOptions({
    queryKey: analyticsKey(organizationId, request),
    queryFn: () =>
      apiRequest<Analytics>('GET', `/api/organizations/${organizationId}/analytics?${analyticsSearchParams(request)}`),
  });

/** The figures asked for; while another range loads, the previous figures stay on screen (no flash of a skeleton). */
export function useAnalytics(organizationId: string, request: AnalyticsRequest) {
  return useQuery({ ...analyticsQuery(organizationId, request), placeholderData: keepPreviousData });
}

/**
 * GET /api/organizations/{id}/analytics.csv?…: the same figures as a file, a row per day or per desk. A link with
 * `download` fetches it (the session cookie goes along), so the browser saves it itself.
 */
export function analyticsCsvUrl(organizationId: string, request: AnalyticsRequest, by: 'day' | 'desk'): string {
  return `/api/organizations/${organizationId}/analytics.csv?${analyticsSearchParams({ ...request, by })}`;
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Analytics, analyticsSearchParams } from '#domain/analytics.ts';
import { apiRequest } from '#web/app/api.ts';

/** What the screen asks for: a range of the organization's dates, one floor or all, weekends or not. */
export interface AnalyticsRequest {
  startDate: string;
  endDate: string;
  floorId?: string | undefined;
  includeWeekends?: boolean | undefined;
}

/**
 * GET /api/organizations/{id}/analytics?…: the key sits under the organization's 'bookings' with the range's dates
 * next, like Team Bookings' key, so the live updates of a booking change in that range (features/realtime) and
 * renamed desks or floors read the figures again while the screen is open.
 */
export const analyticsKey = (organizationId: string, request: AnalyticsRequest) =>
  [
    '/api/organizations',
    organizationId,
    'bookings',
    request.startDate,
    request.endDate,
    'analytics',
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

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type TeamBookingsPage, type TeamBookingsQuery, teamBookingsSearchParams } from '#domain/team-bookings.ts';
import { apiRequest } from '#web/app/api.ts';

/**
 * GET /api/organizations/{id}/team-bookings?…: one page of Team Bookings. The key sits under the organization's
 * 'bookings' with the page's date range next (null when open), like the range read's key, so that refreshBookings
 * after a cancellation and the live updates of a booking change in that range (features/realtime) refetch it too.
 */
export const teamBookingsKey = (organizationId: string, query: TeamBookingsQuery) =>
  [
    '/api/organizations',
    organizationId,
    'bookings',
    query.from ?? null,
    query.to ?? null,
    'team-bookings',
    teamBookingsSearchParams(query).toString(),
  ] as const;

export const teamBookingsQuery = (organizationId: string, query: TeamBookingsQuery) =>
  queryOptions({
    queryKey: teamBookingsKey(organizationId, query),
    queryFn: () =>
      apiRequest<TeamBookingsPage>(
        'GET',
        `/api/organizations/${organizationId}/team-bookings?${teamBookingsSearchParams(query)}`,
      ),
  });

/** The page asked for; while the next one loads, the one before stays on screen (no flash between pages). */
export function useTeamBookings(organizationId: string, query: TeamBookingsQuery, enabled = true) {
  return useQuery({ ...teamBookingsQuery(organizationId, query), enabled, placeholderData: keepPreviousData });
}

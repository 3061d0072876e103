import { type TeamBookingsFilter, teamBookingsSearchParams } from '#domain/team-bookings.ts';

/**
 * GET /api/organizations/{id}/bookings.csv?…: the filtered list as a file. The browser downloads it itself (a link
 * with `download`, the session cookie going along), so a 250,000-row export streams to disk, never into the page.
 */
export function teamBookingsCsvUrl(organizationId: string, filter: Partial<TeamBookingsFilter>): string {
  const params = teamBookingsSearchParams(filter).toString();
  return `/api/organizations/${organizationId}/bookings.csv${params ? `?${params}` : ''}`;
}

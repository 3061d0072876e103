import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** GET /api/organizations/{id}/bookings?startDate=&endDate= */
export const organizationBookingsKey = (organizationId: string, startDate: string, endDate: string) =>
  ['/api/organizations', organizationId, 'bookings', startDate, endDate] as const;

export const organizationBookingsQuery = (organizationId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: organizationBookingsKey(organizationId, startDate, endDate),
    queryFn: () =>
      apiRequest<SharedBookingView[]>(
        'GET',
        `/api/organizations/${organizationId}/bookings?startDate=${startDate}&endDate=${endDate}`,
      ),
  });

/** Active bookings of the organization in a date range, plus the permanent ones in force. */
export function useOrganizationBookings(organizationId: string, startDate: string, endDate: string, enabled = true) {
  return useQuery({ ...organizationBookingsQuery(organizationId, startDate, endDate), enabled });
}

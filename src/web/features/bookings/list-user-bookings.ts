import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingView } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** GET /api/users/bookings?organizationId=: the caller's own bookings in one organization. */
export const userBookingsKey = (organizationId: string) => ['/api/users/bookings', organizationId] as const;

export const userBookingsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: userBookingsKey(organizationId),
    queryFn: () => apiRequest<BookingView[]>('GET', `/api/users/bookings?organizationId=${organizationId}`),
  });

export function useUserBookings(organizationId: string, enabled = true) {
  return useQuery({ ...userBookingsQuery(organizationId), enabled });
}

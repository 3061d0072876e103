import type { Query, QueryClient } from '@tanstack/react-query';

const isBookingQuery = (query: Query) =>
  query.queryKey.some(
    (part) =>
      part === 'bookings' ||
      part === 'availability' ||
      part === '/api/users/bookings' ||
      part === '/api/bookings' ||
      part === '/api/users/booking-series',
  );

/** After any booking change: every booking list, roster and desk availability is read again. */
export function refreshBookings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isBookingQuery });
}

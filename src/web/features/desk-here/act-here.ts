import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeSlot } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import type { CheckInResponse } from '#domain/check-in.ts';
import { apiRequest } from '#web/app/api.ts';

// What the desk's page does: check in to one's booking, or Sit here (a walk-in). Either changes what every desk page
// and booking list shows, so both read everything of bookings again.

export const refreshAfter = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey.some(
        (part) => part === 'here' || part === 'bookings' || part === 'availability' || part === '/api/users/bookings',
      ),
  });

/** POST /api/bookings/{bookingId}/check-in */
export function useCheckInHere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiRequest<CheckInResponse>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/check-in`, {}),
    onSettled: () => refreshAfter(queryClient),
  });
}

/** POST /api/desks/{deskId}/walk-in {timeSlot}: today's slot of the desk, booked and checked in at once. */
export function useWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deskId, timeSlot }: { deskId: string; timeSlot: TimeSlot }) =>
      apiRequest<BookingView>('POST', `/api/desks/${encodeURIComponent(deskId)}/walk-in`, { timeSlot }),
    onSettled: () => refreshAfter(queryClient),
  });
}

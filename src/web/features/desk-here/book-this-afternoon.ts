import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshAfter } from './act-here.ts';

/**
 * "This afternoon" on a desk taken this morning: POST /api/bookings for the afternoon of the desk's site's today.
 * An ordinary booking, not a walk-in: the person is not sitting there yet, and checks in from 30 minutes before the
 * site's midday.
 */
export function useBookThisAfternoon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: { organizationId: string; deskId: string; bookingDate: string }) =>
      apiRequest<BookingView>('POST', '/api/bookings', { ...booking, timeSlot: 'afternoon' }),
    onSettled: () => refreshAfter(queryClient),
  });
}

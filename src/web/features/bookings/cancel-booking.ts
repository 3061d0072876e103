import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshBookings } from './refresh-bookings.ts';

/** DELETE /api/bookings/{bookingId} */
export function cancelBooking(bookingId: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('DELETE', `/api/bookings/${bookingId}`);
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => cancelBooking(bookingId),
    onSuccess: () => refreshBookings(queryClient),
  });
}

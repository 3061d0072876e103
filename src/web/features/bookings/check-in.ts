import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInResponse } from '#domain/check-in.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshBookings } from './refresh-bookings.ts';

/** POST /api/bookings/{bookingId}/check-in */
export function checkIn(bookingId: string): Promise<CheckInResponse> {
  return apiRequest<CheckInResponse>('POST', `/api/bookings/${bookingId}/check-in`, {});
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => checkIn(bookingId),
    onSuccess: () => refreshBookings(queryClient),
  });
}

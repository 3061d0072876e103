import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkBookingInput } from '#domain/bookings.ts';
import type { BulkBookingResponse } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshBookings } from './refresh-bookings.ts';

/** POST /api/bookings/bulk {organizationId, bookings}: all or nothing; a 409 names the conflicting date. */
export function createBulkBooking(input: BulkBookingInput): Promise<BulkBookingResponse> {
  return apiRequest<BulkBookingResponse>('POST', '/api/bookings/bulk', input);
}

export function useBulkBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkBookingInput) => createBulkBooking(input),
    onSuccess: () => refreshBookings(queryClient),
  });
}

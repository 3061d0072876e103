import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkBookingInput } from '#domain/bookings.ts';
import type { BulkBookingResponse } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshAfterRuleRefusal } from './create-booking.ts';
import { refreshBookings } from './refresh-bookings.ts';

/**
 * POST /api/bookings/bulk {organizationId, userId?, bookings}: all or nothing, judged by the booking rules as one
 * series; a 409 names the conflicting date.
 */
export function createBulkBooking(input: BulkBookingInput): Promise<BulkBookingResponse> {
  return apiRequest<BulkBookingResponse>('POST', '/api/bookings/bulk', input);
}

export function useBulkBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkBookingInput) => createBulkBooking(input),
    onSuccess: () => refreshBookings(queryClient),
    onError: (error, input) => refreshAfterRuleRefusal(queryClient, input.organizationId, error),
  });
}

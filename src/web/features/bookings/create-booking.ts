import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingInput } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { ApiError, apiRequest } from '#web/app/api.ts';
import { refreshBookings } from './refresh-bookings.ts';

/** POST /api/bookings: one desk, date and slot, or (admins) a permanent booking from that date on. */
export function createBooking(input: CreateBookingInput): Promise<BookingView> {
  return apiRequest<BookingView>('POST', '/api/bookings', input);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBookingInput) => createBooking(input),
    onSuccess: () => refreshBookings(queryClient),
  });
}

/** The bookings a 409 for a permanent booking lists, when the server sent them. */
export function conflictingBookings(error: unknown): BookingView[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  try {
    const body = JSON.parse(error.body) as { details?: { conflicts?: BookingView[] } };
    return body.details?.conflicts ?? [];
  } catch {
    return [];
  }
}

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingInput } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { ApiError, apiRequest } from '#web/app/api.ts';
import { bookingRulesKey } from '../booking-rules/index.ts';
import { refreshBookings } from './refresh-bookings.ts';

/**
 * POST /api/bookings: one desk, date and slot, or (admins) a permanent booking from that date on; with `userId`, an
 * admin books for a member.
 */
export function createBooking(input: CreateBookingInput): Promise<BookingView> {
  return apiRequest<BookingView>('POST', '/api/bookings', input);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBookingInput) => createBooking(input),
    onSuccess: () => refreshBookings(queryClient),
    onError: (error, input) => refreshAfterRuleRefusal(queryClient, input.organizationId, error),
  });
}

/**
 * The sentence of a booking rule the server refused by (422, code booking_rule): the browser judged with bookings or
 * rules that have changed since it read them.
 */
export function ruleRefusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return error.problem?.code === 'booking_rule' ? error.problem.message : undefined;
}

/** After a rule refusal the person's bookings and the rules are read again, so the form judges as the server did. */
export function refreshAfterRuleRefusal(queryClient: QueryClient, organizationId: string, error: unknown) {
  if (!ruleRefusalOf(error)) return;
  void refreshBookings(queryClient);
  void queryClient.invalidateQueries({ queryKey: bookingRulesKey(organizationId) });
}

/** The bookings a 409 for a permanent booking lists, when the server sent them. */
export function conflictingBookings(error: unknown): BookingView[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const details = error.problem?.details as { conflicts?: BookingView[] } | null | undefined;
  return details?.conflicts ?? [];
}

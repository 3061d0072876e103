import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRules } from '#domain/booking-rules.ts';
import { apiRequest } from '#web/app/api.ts';
import { bookingRulesKey } from './get-booking-rules.ts';

/** PUT /api/organizations/{id}/booking-rules with the whole rules object (admins); answers the rules now in force. */
export function updateBookingRules(organizationId: string, rules: BookingRules): Promise<BookingRules> {
  return apiRequest<BookingRules>('PUT', `/api/organizations/${organizationId}/booking-rules`, rules);
}

export function useUpdateBookingRules(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: BookingRules) => updateBookingRules(organizationId, rules),
    // The answer is the rules in force: every open Book Desk judges by them at once.
    onSuccess: (rules) => queryClient.setQueryData(bookingRulesKey(organizationId), rules),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingRules } from '#domain/booking-rules.ts';

/** GET /api/organizations/{id}/booking-rules: any member reads them, so Book Desk can explain a refusal first. */
export const bookingRulesKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'booking-rules'] as const;

export const bookingRulesQuery = (organizationId: string) =>
  queryOptions<BookingRules>({ queryKey: bookingRulesKey(organizationId) });

export function useBookingRules(organizationId: string, enabled = true) {
  return useQuery({ ...bookingRulesQuery(organizationId), enabled });
}

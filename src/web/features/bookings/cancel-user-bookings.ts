import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelledBookings } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshBookings } from './refresh-bookings.ts';

/** DELETE /api/organizations/{id}/users/{userId}/bookings: every active booking of one member. */
export function cancelUserBookings(organizationId: string, userId: string): Promise<CancelledBookings> {
  return apiRequest<CancelledBookings>('DELETE', `/api/organizations/${organizationId}/users/${userId}/bookings`);
}

export function useCancelAllUserBookings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => cancelUserBookings(organizationId, userId),
    onSuccess: () => refreshBookings(queryClient),
  });
}

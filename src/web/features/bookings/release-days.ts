import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '#domain/bookings-responses.ts';
import type { CreateReleaseInput, ReleaseView } from '#domain/releases.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshBookings } from './refresh-bookings.ts';

/**
 * GET /api/bookings/{id}/releases: the assigned desk with every release not yet over (a day read carries only those
 * touching its dates). This tab's booking changes read it again (refreshBookings), and live updates the changes of
 * its owner and of its released days (affected-queries.ts).
 */
export function useAssignedDeskReleases(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/bookings', bookingId, 'releases'],
    queryFn: () => apiRequest<{ booking: BookingView }>('GET', `/api/bookings/${bookingId}/releases`),
    enabled,
  });
}

/** POST /api/bookings/{id}/releases: the days become bookable by others (issue 29). */
export function releaseDays(bookingId: string, days: CreateReleaseInput) {
  return apiRequest<{ release: ReleaseView; booking: BookingView }>(
    'POST',
    `/api/bookings/${bookingId}/releases`,
    days,
  );
}

/** DELETE /api/bookings/{id}/releases/{releaseId}: the days from today on are the owner's again. */
export function takeBackRelease(bookingId: string, releaseId: string) {
  return apiRequest<{ message: string; booking: BookingView }>(
    'DELETE',
    `/api/bookings/${bookingId}/releases/${releaseId}`,
  );
}

export function useReleaseDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, days }: { bookingId: string; days: CreateReleaseInput }) => releaseDays(bookingId, days),
    onSuccess: () => refreshBookings(queryClient),
  });
}

export function useTakeBackRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, releaseId }: { bookingId: string; releaseId: string }) =>
      takeBackRelease(bookingId, releaseId),
    onSuccess: () => refreshBookings(queryClient),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CancelledBookings } from '#domain/bookings-responses.ts';
import type { CreatedSeries, CreateSeriesInput, SeriesPlan, SeriesView } from '#domain/recurring-bookings.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshAfterRuleRefusal } from './create-booking.ts';
import { refreshBookings } from './refresh-bookings.ts';

// Office days that repeat (issue 29): the preview and the booking of a series, the caller's series, and their
// cancellation. One call each, as the API has them.

type SeriesRequest = Omit<CreateSeriesInput, 'preview'>;

/** POST /api/bookings/series {…, preview: true}: every date, booked or not and why; writes nothing. */
export const seriesPreviewQuery = (input: SeriesRequest | null) =>
  queryOptions({
    queryKey: ['/api/bookings/series', 'preview', input] as const,
    queryFn: () => apiRequest<SeriesPlan>('POST', '/api/bookings/series', { ...input, preview: true }),
    enabled: input !== null,
    staleTime: 10_000,
  });

/** The value once it stopped changing for `delay` ms: the preview is asked for once the choices settle. */
export function useSettledValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized value is what changes
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

export function useSeriesPreview(input: SeriesRequest | null) {
  const settled = useSettledValue(input);
  const isSettling = JSON.stringify(settled) !== JSON.stringify(input);
  const query = useQuery(seriesPreviewQuery(settled));
  return { ...query, isSettling };
}

/** POST /api/bookings/series: books every date the rules and the desk allow (201 with the series and the skipped). */
export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeriesRequest) => apiRequest<CreatedSeries>('POST', '/api/bookings/series', input),
    onSuccess: () => refreshBookings(queryClient),
    onError: (error, input) => refreshAfterRuleRefusal(queryClient, input.organizationId, error),
  });
}

/** GET /api/users/booking-series?organizationId: the caller's series with upcoming dates. */
export const mySeriesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['/api/users/booking-series', organizationId] as const,
    queryFn: () =>
      apiRequest<SeriesView[]>('GET', `/api/users/booking-series?organizationId=${encodeURIComponent(organizationId)}`),
  });

export function useMySeries(organizationId: string) {
  return useQuery(mySeriesQuery(organizationId));
}

/** DELETE /api/bookings/series/{id}?from: the dates from `from` on, or every upcoming one. */
export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, from }: { seriesId: string; from?: string | undefined }) =>
      apiRequest<CancelledBookings>(
        'DELETE',
        `/api/bookings/series/${seriesId}${from ? `?from=${encodeURIComponent(from)}` : ''}`,
      ),
    onSuccess: () => refreshBookings(queryClient),
  });
}

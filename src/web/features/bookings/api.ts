import { type Query, useMutation, useQuery } from '@tanstack/react-query';
import type { BulkBookingInput, CreateBookingInput, WeeklyAvailabilityInput } from '#domain/bookings.ts';
import type {
  BookingView,
  BulkBookingResponse,
  CancelledBookings,
  DeskAvailabilityView,
  WeeklyAvailabilityView,
} from '#domain/bookings-responses.ts';
import type { MessageResponse } from '#domain/responses.ts';
import { ApiError, apiRequest } from '#web/app/api.ts';
import { queryClient } from '#web/app/query-client.ts';

async function getJson<T>(url: string): Promise<T> {
  return apiRequest<T>('GET', url);
}

const isBookingQuery = (query: Query) =>
  query.queryKey.some((part) => part === 'bookings' || part === 'availability' || part === '/api/users/bookings');

/** After any booking change: every booking list, roster and desk availability is read again. */
export function refreshBookings() {
  return queryClient.invalidateQueries({ predicate: isBookingQuery });
}

export function deskAvailabilityQuery(deskId: string, date: string) {
  return {
    queryKey: ['/api/desks', deskId, 'availability', date] as const,
    queryFn: () => getJson<DeskAvailabilityView>(`/api/desks/${deskId}/availability?date=${date}`),
  };
}

export function useDeskAvailability(deskId: string, date: string, enabled = true) {
  return useQuery({ ...deskAvailabilityQuery(deskId, date), enabled: enabled && Boolean(date) });
}

/** Active bookings of the organization in a date range, plus the permanent ones in force. */
export function useOrganizationBookings(organizationId: string, startDate: string, endDate: string, enabled = true) {
  return useQuery({
    queryKey: ['/api/organizations', organizationId, 'bookings', startDate, endDate] as const,
    queryFn: () =>
      getJson<BookingView[]>(`/api/organizations/${organizationId}/bookings?startDate=${startDate}&endDate=${endDate}`),
    enabled,
  });
}

export function useUserBookings(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: ['/api/users/bookings', organizationId] as const,
    queryFn: () => getJson<BookingView[]>(`/api/users/bookings?organizationId=${organizationId}`),
    enabled,
  });
}

export function useCreateBooking() {
  return useMutation({
    mutationFn: (input: CreateBookingInput) => apiRequest<BookingView>('POST', '/api/bookings', input),
    onSuccess: refreshBookings,
  });
}

export function useBulkBooking() {
  return useMutation({
    mutationFn: (input: BulkBookingInput) => apiRequest<BulkBookingResponse>('POST', '/api/bookings/bulk', input),
    onSuccess: refreshBookings,
  });
}

export function useWeeklyAvailability() {
  return useMutation({
    mutationFn: (input: WeeklyAvailabilityInput) =>
      apiRequest<WeeklyAvailabilityView>('POST', '/api/desks/weekly-availability', input),
  });
}

export function useCancelBooking() {
  return useMutation({
    mutationFn: (bookingId: string) => apiRequest<MessageResponse>('DELETE', `/api/bookings/${bookingId}`),
    onSuccess: refreshBookings,
  });
}

export function useCancelAllUserBookings(organizationId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<CancelledBookings>('DELETE', `/api/organizations/${organizationId}/users/${userId}/bookings`),
    onSuccess: refreshBookings,
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

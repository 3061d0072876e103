import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskAvailabilityView } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** GET /api/desks/{deskId}/availability?date=: the desk's slots on one date. */
export const deskAvailabilityKey = (deskId: string, date: string) =>
  ['/api/desks', deskId, 'availability', date] as const;

export const deskAvailabilityQuery = (deskId: string, date: string) =>
  queryOptions({
    queryKey: deskAvailabilityKey(deskId, date),
    queryFn: () => apiRequest<DeskAvailabilityView>('GET', `/api/desks/${deskId}/availability?date=${date}`),
  });

export function useDeskAvailability(deskId: string, date: string, enabled = true) {
  return useQuery({ ...deskAvailabilityQuery(deskId, date), enabled: enabled && Boolean(date) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskHereView } from '#domain/desk-here.ts';
import { apiRequest } from '#web/app/api.ts';

/** GET /api/desks/{deskId}/here: what the desk's own page offers now. */
export const deskHereKey = (deskId: string) => ['/api/desks', deskId, 'here'] as const;

export const deskHereQuery = (deskId: string) =>
  queryOptions({
    queryKey: deskHereKey(deskId),
    queryFn: () => apiRequest<DeskHereView>('GET', `/api/desks/${encodeURIComponent(deskId)}/here`),
    // What fits depends on the time of day: read again each minute and when the phone's screen comes back.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export function useDeskHere(deskId: string) {
  return useQuery(deskHereQuery(deskId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FloorDeletionConsequences } from '#domain/floor-plan.ts';

/** GET /api/floors/{floorId}/deletion-consequences: what Delete floor's confirmation names. */
export const floorDeletionConsequencesKey = (floorId: string) =>
  ['/api/floors', floorId, 'deletion-consequences'] as const;

export const floorDeletionConsequencesQuery = (floorId: string) =>
  queryOptions<FloorDeletionConsequences>({ queryKey: floorDeletionConsequencesKey(floorId) });

/** Read each time the confirmation opens: bookings change all day. */
export function useFloorDeletionConsequences(floorId: string, isOpen: boolean) {
  return useQuery({ ...floorDeletionConsequencesQuery(floorId), enabled: isOpen, refetchOnMount: 'always', gcTime: 0 });
}

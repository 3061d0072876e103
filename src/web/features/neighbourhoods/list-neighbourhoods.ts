import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NeighbourhoodView } from '#domain/neighbourhoods.ts';

export type Neighbourhood = NeighbourhoodView;

/**
 * GET /api/floors/{floorId}/neighbourhoods: the floor's neighbourhoods (issue 29), for every member. Renewed by the
 * 'floors' events their rows announce (migration 0026) and the floor's 'desks' events (a desk joining or leaving).
 */
export const neighbourhoodsKey = (floorId: string) => ['/api/floors', floorId, 'neighbourhoods'] as const;

export const neighbourhoodsQuery = (floorId: string) =>
  queryOptions<Neighbourhood[]>({ queryKey: neighbourhoodsKey(floorId) });

export function useNeighbourhoods(floorId: string | undefined) {
  return useQuery({ ...neighbourhoodsQuery(floorId ?? ''), enabled: Boolean(floorId) });
}

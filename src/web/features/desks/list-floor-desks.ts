import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskView } from '#domain/floor-plan.ts';

export type Desk = DeskView;

/** GET /api/floors/{floorId}/desks */
export const floorDesksKey = (floorId: string) => ['/api/floors', floorId, 'desks'] as const;

export const floorDesksQuery = (floorId: string) => queryOptions<Desk[]>({ queryKey: floorDesksKey(floorId) });

/** The selected floor's desks; nothing is fetched until a floor is chosen. */
export function useFloorDesks(floorId: string | undefined) {
  return useQuery({ ...floorDesksQuery(floorId ?? ''), enabled: Boolean(floorId) });
}

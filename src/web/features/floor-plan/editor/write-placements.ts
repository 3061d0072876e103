import type { QueryClient } from '@tanstack/react-query';
import { type Desk, floorDesksKey } from '#web/features/desks/index.ts';
import type { DeskPlacement } from '../engine/geometry.ts';

/** Writes placements into the floor's cached desks: only the changed desks get new objects. */
export function writePlacements(queryClient: QueryClient, floorId: string, placements: readonly DeskPlacement[]) {
  if (placements.length === 0) return;
  const byId = new Map(placements.map((placement) => [placement.id, placement]));
  queryClient.setQueryData<Desk[]>(floorDesksKey(floorId), (desks) =>
    desks?.map((desk) => {
      const placement = byId.get(desk.id);
      if (!placement) return desk;
      return {
        ...desk,
        positionX: String(placement.x),
        positionY: String(placement.y),
        rotation: String(placement.rotation),
      };
    }),
  );
}

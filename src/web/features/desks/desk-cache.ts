import type { QueryClient } from '@tanstack/react-query';
import type { DeskPlacement } from '../floor-plan/index.ts';
import { type Desk, floorDesksKey } from './list-floor-desks.ts';

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

export function addToCache(queryClient: QueryClient, floorId: string, desk: Desk) {
  queryClient.setQueryData<Desk[]>(floorDesksKey(floorId), (desks) => [
    ...(desks ?? []).filter((item) => item.id !== desk.id),
    desk,
  ]);
}

export function removeFromCache(queryClient: QueryClient, floorId: string, deskIds: ReadonlySet<string>) {
  queryClient.setQueryData<Desk[]>(floorDesksKey(floorId), (desks) => desks?.filter((desk) => !deskIds.has(desk.id)));
}

/** Puts desks as the server answered them into the floor's cached list, in place. */
export function writeDesks(queryClient: QueryClient, floorId: string, updated: readonly Desk[]) {
  if (updated.length === 0) return;
  const byId = new Map(updated.map((desk) => [desk.id, desk]));
  queryClient.setQueryData<Desk[]>(floorDesksKey(floorId), (desks) => desks?.map((desk) => byId.get(desk.id) ?? desk));
}

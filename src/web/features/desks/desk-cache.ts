import type { QueryClient } from '@tanstack/react-query';
import { type Desk, floorDesksKey } from './list-floor-desks.ts';

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

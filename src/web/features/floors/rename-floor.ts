import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FloorChange } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Floor, floorsKey } from './list-floors.ts';
import { refreshFloorPlanCaches } from './refresh-caches.ts';

/** PUT /api/floors/{floorId} {name}: the rules of floor creation. */
export function renameFloor(floorId: string, name: string): Promise<Floor> {
  return apiRequest<Floor>('PUT', `/api/floors/${floorId}`, { name } satisfies FloorChange);
}

export function useRenameFloor(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ floorId, name }: { floorId: string; name: string }) => renameFloor(floorId, name),
    onSuccess: (floor) => {
      queryClient.setQueryData<Floor[]>(floorsKey(organizationId), (floors) =>
        floors?.map((item) => (item.id === floor.id ? floor : item)),
      );
      // Desks and bookings show the floor's name.
      void refreshFloorPlanCaches(queryClient);
    },
  });
}

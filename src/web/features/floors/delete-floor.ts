import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FloorDeleted } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Floor, floorsKey } from './list-floors.ts';
import { refreshFloorPlanCaches } from './refresh-caches.ts';

/** DELETE /api/floors/{floorId}: its desks and their bookings go with it; the last floor is replaced by Floor 1. */
export function deleteFloor(floorId: string): Promise<FloorDeleted> {
  return apiRequest<FloorDeleted>('DELETE', `/api/floors/${floorId}`);
}

export function useDeleteFloor(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (floorId: string) => deleteFloor(floorId),
    onSuccess: (answer, floorId) => {
      queryClient.setQueryData<Floor[]>(floorsKey(organizationId), (floors) => [
        ...(floors ?? []).filter((item) => item.id !== floorId),
        ...(answer.replacementFloor ? [answer.replacementFloor] : []),
      ]);
      queryClient.removeQueries({ queryKey: ['/api/floors', floorId] });
      void refreshFloorPlanCaches(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewFloor } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Floor, floorsKey } from './list-floors.ts';
import { refreshFloorPlanCaches } from './refresh-caches.ts';

/** POST /api/organizations/{id}/floors {name} */
export function createFloor(organizationId: string, name: string): Promise<Floor> {
  return apiRequest<Floor>('POST', `/api/organizations/${organizationId}/floors`, { name } satisfies NewFloor);
}

export function useCreateFloor(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createFloor(organizationId, name),
    onSuccess: (floor) => {
      queryClient.setQueryData<Floor[]>(floorsKey(organizationId), (floors) => [
        ...(floors ?? []).filter((item) => item.id !== floor.id),
        floor,
      ]);
      void refreshFloorPlanCaches(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FloorChange } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Floor, floorsKey } from './list-floors.ts';

/** PUT /api/floors/{floorId} {defaultZoomLevel}: an admin's zoom becomes the floor's default. */
export function updateFloorZoom(floorId: string, defaultZoomLevel: number): Promise<Floor> {
  return apiRequest<Floor>('PUT', `/api/floors/${floorId}`, { defaultZoomLevel } satisfies FloorChange);
}

export function useUpdateFloorZoom(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { floorId: string; defaultZoomLevel: number }) =>
      updateFloorZoom(input.floorId, input.defaultZoomLevel),
    // Written in place: the floors list needs no refetch for one number.
    onSuccess: (floor) =>
      queryClient.setQueryData<Floor[]>(floorsKey(organizationId), (floors) =>
        floors?.map((item) => (item.id === floor.id ? floor : item)),
      ),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewFloor } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Floor, floorsKey } from './list-floors.ts';
import { refreshFloorPlanCaches } from './refresh-caches.ts';

/** POST /api/organizations/{id}/floors {name, siteId?}: without a site, the organization's first. */
export function createFloor(organizationId: string, name: string, siteId?: string): Promise<Floor> {
  const body: NewFloor = siteId ? { name, siteId } : { name };
  return apiRequest<Floor>('POST', `/api/organizations/${organizationId}/floors`, body);
}

/** Floors are added to `siteId`, the site the dashboard shows (issue 28). */
export function useCreateFloor(organizationId: string, siteId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createFloor(organizationId, name, siteId),
    onSuccess: (floor) => {
      queryClient.setQueryData<Floor[]>(floorsKey(organizationId), (floors) => [
        ...(floors ?? []).filter((item) => item.id !== floor.id),
        floor,
      ]);
      void refreshFloorPlanCaches(queryClient);
    },
  });
}

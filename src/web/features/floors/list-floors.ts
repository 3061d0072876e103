import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FloorView } from '#domain/floor-plan.ts';

export type Floor = FloorView;

/** GET /api/organizations/{id}/floors: an admin with none gets 'Floor 1' created by the server. */
export const floorsKey = (organizationId: string) => ['/api/organizations', organizationId, 'floors'] as const;

export const floorsQuery = (organizationId: string) => queryOptions<Floor[]>({ queryKey: floorsKey(organizationId) });

export function useFloors(organizationId: string) {
  return useQuery(floorsQuery(organizationId));
}

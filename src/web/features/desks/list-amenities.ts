import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AmenityList } from '#domain/amenities.ts';

/** GET /api/organizations/{id}/amenities: the tags the organization's desks may carry, in its order. */
export const amenitiesKey = (organizationId: string) => ['/api/organizations', organizationId, 'amenities'] as const;

export const amenitiesQuery = (organizationId: string) =>
  queryOptions<AmenityList>({ queryKey: amenitiesKey(organizationId) });

/** `fresh`: read again on mount, for a form that edits desks with the list (another admin may have changed it). */
export function useAmenities(organizationId: string, options: { fresh?: boolean } = {}) {
  return useQuery({ ...amenitiesQuery(organizationId), ...(options.fresh ? { refetchOnMount: 'always' } : {}) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AmenityListSaved } from '#domain/amenities.ts';
import { apiRequest } from '#web/app/api.ts';
import { amenitiesKey } from './list-amenities.ts';

/** PUT /api/organizations/{id}/amenities: the whole list; a tag left out leaves every desk that had it. */
export function saveAmenities(organizationId: string, amenities: string[]): Promise<AmenityListSaved> {
  return apiRequest<AmenityListSaved>('PUT', `/api/organizations/${organizationId}/amenities`, { amenities });
}

export function useSaveAmenities(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: (amenities: string[]) => saveAmenities(organizationId, amenities),
    onSuccess: (saved) => queryClient.setQueryData(amenitiesKey(organizationId), { amenities: saved.amenities }),
  });
}

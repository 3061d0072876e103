import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNeighbourhoodInput, UpdateNeighbourhoodInput } from '#domain/neighbourhoods.ts';
import { apiRequest } from '#web/app/api.ts';
import { floorDesksKey } from '../desks/index.ts';
import { type Neighbourhood, neighbourhoodsKey } from './list-neighbourhoods.ts';

/** POST /api/floors/{floorId}/neighbourhoods (admins). */
export function createNeighbourhood(floorId: string, input: CreateNeighbourhoodInput): Promise<Neighbourhood> {
  return apiRequest<Neighbourhood>('POST', `/api/floors/${floorId}/neighbourhoods`, input);
}

/** PUT /api/neighbourhoods/{id} (admins): deskIds and teamIds replace the lists. */
export function updateNeighbourhood(id: string, input: UpdateNeighbourhoodInput): Promise<Neighbourhood> {
  return apiRequest<Neighbourhood>('PUT', `/api/neighbourhoods/${id}`, input);
}

/** DELETE /api/neighbourhoods/{id} (admins): its desks stay, in no neighbourhood. */
export function deleteNeighbourhood(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/neighbourhoods/${id}`);
}

/** The floor's neighbourhoods and desks (each desk's neighbourhoodId) are read again after any change. */
function useRenewFloor(floorId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: neighbourhoodsKey(floorId) }),
      queryClient.invalidateQueries({ queryKey: floorDesksKey(floorId) }),
    ]);
}

export function useSaveNeighbourhood(floorId: string) {
  const renew = useRenewFloor(floorId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateNeighbourhoodInput }) =>
      id ? updateNeighbourhood(id, input) : createNeighbourhood(floorId, input),
    onSuccess: renew,
  });
}

export function useDeleteNeighbourhood(floorId: string) {
  const renew = useRenewFloor(floorId);
  return useMutation({ mutationFn: deleteNeighbourhood, onSuccess: renew });
}

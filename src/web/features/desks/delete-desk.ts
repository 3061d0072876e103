import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { batchDesks } from './batch-desks.ts';

/** DELETE /api/desks/{deskId}: the desk's bookings go with it. */
export function deleteDesk(deskId: string): Promise<MessageResponse> {
  return apiRequest('DELETE', `/api/desks/${deskId}`);
}

/** One desk with its own DELETE; several in one batch request for their floor, so that all go or none does. */
export function useDeleteDesks(floorId: string) {
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: async (deskIds: readonly string[]): Promise<void> => {
      const [only] = deskIds;
      if (deskIds.length === 1 && only) await deleteDesk(only);
      else await batchDesks(floorId, { delete: [...deskIds] });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** DELETE /api/desks/{deskId}: the desk's bookings go with it. */
export function deleteDesk(deskId: string): Promise<MessageResponse> {
  return apiRequest('DELETE', `/api/desks/${deskId}`);
}

export function useDeleteDesks() {
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: (deskIds: readonly string[]) => Promise.all(deskIds.map(deleteDesk)),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveHereInput, MoveHereResult } from '#domain/desk-here-move.ts';
import { apiRequest } from '#web/app/api.ts';
import { refreshAfter } from './act-here.ts';

/** POST /api/desks/{deskId}/move-here {bookingId, timeSlot}: today's booking of another desk moves to this one. */
export function useMoveHere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deskId, ...input }: MoveHereInput & { deskId: string }) =>
      apiRequest<MoveHereResult>('POST', `/api/desks/${encodeURIComponent(deskId)}/move-here`, input),
    onSettled: () => refreshAfter(queryClient),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { DeskBatch, DeskBatchResult, DeskBatchUpdate } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';

/**
 * POST /api/floors/{floorId}/desks/batch: several desks of the floor changed and deleted in one request, all or
 * nothing (a desk that is no longer on the floor fails the whole batch).
 */
export function batchDesks(floorId: string, body: DeskBatch): Promise<DeskBatchResult> {
  return apiRequest<DeskBatchResult>('POST', `/api/floors/${floorId}/desks/batch`, body);
}

/** The amenities and bookable state of a multi-selection, saved at once. */
export function useBatchDesks(floorId: string) {
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: (updates: DeskBatchUpdate[]) => batchDesks(floorId, { update: updates }),
  });
}

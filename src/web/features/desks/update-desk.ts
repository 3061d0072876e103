import { useMutation } from '@tanstack/react-query';
import type { DeskChange, DeskProperties } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import { batchDesks } from './batch-desks.ts';
import type { Desk } from './list-floor-desks.ts';

/** PUT /api/desks/{deskId}: a move sends both coordinates, a rotation the angle, as strings. */
export function updateDesk(deskId: string, change: DeskChange | DeskProperties): Promise<Desk> {
  return apiRequest<Desk>('PUT', `/api/desks/${deskId}`, change);
}

/**
 * Several desks changed by one editor action (a group drag, an alignment) are saved together: one desk with its own
 * PUT, several in one batch request for their floor, which changes all of them or none.
 */
export function useUpdateDesks(floorId: string) {
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: async (changes: ReadonlyArray<{ deskId: string; change: DeskChange }>): Promise<Desk[]> => {
      const [only] = changes;
      if (changes.length === 1 && only) return [await updateDesk(only.deskId, only.change)];
      const answer = await batchDesks(floorId, {
        update: changes.map(({ deskId, change }) => ({ id: deskId, ...change })),
      });
      return answer.updated;
    },
  });
}

/** Desk properties of one desk: its own PUT. */
export function useUpdateDeskProperties() {
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: ({ deskId, properties }: { deskId: string; properties: DeskProperties }) =>
      updateDesk(deskId, properties),
  });
}

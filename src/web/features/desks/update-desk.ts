import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/app/api.ts';
import { batchDesks } from './batch-desks.ts';
import type { Desk } from './list-floor-desks.ts';

/** PUT /api/desks/{deskId}: a move sends both coordinates, a rotation the angle, as strings. */
export type DeskChange = { positionX: string; positionY: string; rotation?: string } | { rotation: string };

export function updateDesk(deskId: string, change: DeskChange | DeskProperties): Promise<Desk> {
  return apiRequest<Desk>('PUT', `/api/desks/${deskId}`, change);
}

/** What Desk properties changes (issue 15); a field left out stays as it is. */
export interface DeskProperties {
  name?: string;
  description?: string | null;
  amenities?: string[];
  bookable?: boolean;
  unavailableReason?: string | null;
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

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/app/api.ts';
import type { Desk } from './list-floor-desks.ts';

/** PUT /api/desks/{deskId}: a move sends both coordinates, a rotation the angle, as strings. */
export type DeskChange = { positionX: string; positionY: string; rotation?: string } | { rotation: string };

export function updateDesk(deskId: string, change: DeskChange): Promise<Desk> {
  return apiRequest<Desk>('PUT', `/api/desks/${deskId}`, change);
}

/** Several desks changed by one editor action (a group drag, an alignment) are saved together. */
export function useUpdateDesks() {
  return useMutation({
    mutationKey: ['desks'],
    mutationFn: (changes: ReadonlyArray<{ deskId: string; change: DeskChange }>) =>
      Promise.all(changes.map(({ deskId, change }) => updateDesk(deskId, change))),
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/app/api.ts';
import type { Desk } from './list-floor-desks.ts';

/** The body of POST /api/organizations/{orgId}/desks; geometry goes as numeric strings (spec section 3). */
export interface NewDesk {
  name: string;
  description: string;
  positionX: string;
  positionY: string;
  width: string;
  height: string;
  floorId: string;
}

export function createDesk(organizationId: string, desk: NewDesk): Promise<Desk> {
  return apiRequest<Desk>('POST', `/api/organizations/${organizationId}/desks`, desk);
}

export function useCreateDesk(organizationId: string) {
  return useMutation({ mutationKey: ['desks'], mutationFn: (desk: NewDesk) => createDesk(organizationId, desk) });
}

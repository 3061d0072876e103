import { useMutation } from '@tanstack/react-query';
import type { NewDesk } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';
import type { Desk } from './list-floor-desks.ts';

/** POST /api/organizations/{orgId}/desks; geometry goes as numeric strings (spec section 3). */
export function createDesk(organizationId: string, desk: NewDesk): Promise<Desk> {
  return apiRequest<Desk>('POST', `/api/organizations/${organizationId}/desks`, desk);
}

export function useCreateDesk(organizationId: string) {
  return useMutation({ mutationKey: ['desks'], mutationFn: (desk: NewDesk) => createDesk(organizationId, desk) });
}

import { useMutation } from '@tanstack/react-query';
import type { DeletedDesks } from '#domain/floor-plan.ts';
import { apiRequest } from '#web/app/api.ts';

/** DELETE /api/organizations/{id}/desks: every desk on every floor; deletedCount 0 means there were none. */
export function deleteAllDesks(organizationId: string): Promise<DeletedDesks> {
  return apiRequest('DELETE', `/api/organizations/${organizationId}/desks`);
}

export function useDeleteAllDesks(organizationId: string) {
  return useMutation({ mutationKey: ['desks'], mutationFn: () => deleteAllDesks(organizationId) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationView } from '#domain/organization.ts';
import { apiRequest } from '#web/app/api.ts';

/** PUT /api/organizations/{id} {hideNames}: admins hide who booked which desk from members, or show it again. */
export function useUpdateHideNames(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hideNames: boolean) =>
      apiRequest<OrganizationView>('PUT', `/api/organizations/${organizationId}`, { hideNames }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/organizations'] }),
  });
}

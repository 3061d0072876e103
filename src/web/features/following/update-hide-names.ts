import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationView } from '#domain/organization.ts';
import { apiRequest } from '#web/app/api.ts';

const organizationsKey = ['/api/organizations'] as const;

/** PUT /api/organizations/{id} {hideNames}: admins hide who booked which desk from members, or show it again. */
export function useUpdateHideNames(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hideNames: boolean) =>
      apiRequest<OrganizationView>('PUT', `/api/organizations/${organizationId}`, { hideNames }),
    onSuccess: (saved) => {
      // The switch shows the saved state at once, not the old one until the list is read again.
      queryClient.setQueryData<OrganizationView[]>(organizationsKey, (list) =>
        list?.map((organization) => (organization.id === saved.id ? saved : organization)),
      );
      void queryClient.invalidateQueries({ queryKey: organizationsKey });
    },
  });
}

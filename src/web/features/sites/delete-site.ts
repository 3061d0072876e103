import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteDeleted } from '#domain/sites.ts';
import { apiRequest } from '#web/app/api.ts';
import { sitesKey } from './list-sites.ts';

/** DELETE /api/sites/{siteId} (admins): refused (409, with a sentence) while it has floors or is the last site. */
export function deleteSite(siteId: string): Promise<SiteDeleted> {
  return apiRequest<SiteDeleted>('DELETE', `/api/sites/${siteId}`);
}

export function useDeleteSite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesKey(organizationId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSiteInput } from '#domain/sites.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Site, sitesKey } from './list-sites.ts';

/** PUT /api/sites/{siteId} (admins): any of the fields; answers the site as saved. */
export function updateSite(siteId: string, input: UpdateSiteInput): Promise<Site> {
  return apiRequest<Site>('PUT', `/api/sites/${siteId}`, input);
}

export function useUpdateSite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, input }: { siteId: string; input: UpdateSiteInput }) => updateSite(siteId, input),
    // A new zone or new hours move times shown everywhere: the bookings' queries read the site list again too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesKey(organizationId) }),
  });
}

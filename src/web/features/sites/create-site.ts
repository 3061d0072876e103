import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSiteInput } from '#domain/sites.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Site, sitesKey } from './list-sites.ts';

/** POST /api/organizations/{id}/sites (admins): answers the new site. */
export function createSite(organizationId: string, input: CreateSiteInput): Promise<Site> {
  return apiRequest<Site>('POST', `/api/organizations/${organizationId}/sites`, input);
}

export function useCreateSite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSiteInput) => createSite(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesKey(organizationId) }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteView } from '#domain/sites.ts';

export type Site = SiteView;

/** GET /api/organizations/{id}/sites: in creation order; the first is the organization's own (issue 28). */
export const sitesKey = (organizationId: string) => ['/api/organizations', organizationId, 'sites'] as const;

export const sitesQuery = (organizationId: string) => queryOptions<Site[]>({ queryKey: sitesKey(organizationId) });

export function useSites(organizationId: string) {
  return useQuery(sitesQuery(organizationId));
}

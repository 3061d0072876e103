import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Desk } from './list-floor-desks.ts';

/** GET /api/organizations/{id}/desks: every desk on every floor, for naming new desks uniquely. */
export const organizationDesksKey = (organizationId: string) =>
  ['/api/organizations', organizationId, 'desks'] as const;

export const organizationDesksQuery = (organizationId: string) =>
  queryOptions<Desk[]>({ queryKey: organizationDesksKey(organizationId) });

export function useOrganizationDesks(organizationId: string) {
  return useQuery(organizationDesksQuery(organizationId));
}

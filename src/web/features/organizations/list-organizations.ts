import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationView } from '#domain/organization.ts';

export type Organization = OrganizationView;

/** GET /api/organizations: the caller's organizations, with their role and subscription. */
export const organizationsKey = ['/api/organizations'] as const;

export const organizationsQuery = () => queryOptions<Organization[]>({ queryKey: organizationsKey });

export function useOrganizations() {
  return useQuery(organizationsQuery());
}

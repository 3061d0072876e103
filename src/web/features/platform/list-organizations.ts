import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationOverview } from '#domain/organization.ts';

/** GET /api/admin/organizations (platform admins only). */
export const platformOrganizationsKey = ['/api/admin/organizations'] as const;

export const platformOrganizationsQuery = () =>
  queryOptions<OrganizationOverview[]>({ queryKey: platformOrganizationsKey });

export function usePlatformOrganizations(enabled: boolean) {
  return useQuery({ ...platformOrganizationsQuery(), enabled });
}

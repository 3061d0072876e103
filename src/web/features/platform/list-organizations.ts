import { useQuery } from '@tanstack/react-query';
import type { OrganizationOverview } from '#domain/organization.ts';

/** GET /api/admin/organizations (platform admins only). */
export const platformOrganizationsKey = ['/api/admin/organizations'] as const;

export function usePlatformOrganizations(enabled: boolean) {
  return useQuery<OrganizationOverview[]>({ queryKey: platformOrganizationsKey, enabled });
}

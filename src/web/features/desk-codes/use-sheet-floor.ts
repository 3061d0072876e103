import { useQueries } from '@tanstack/react-query';
import { type Floor, floorsQuery } from '../floors/index.ts';
import { type Organization, useOrganizations } from '../organizations/index.ts';

/** Where the sheet's floor stands for the signed-in person. */
export type SheetFloor =
  | { state: 'loading' }
  | { state: 'error'; error: unknown; retry: () => void }
  /** Not a floor of any of their organizations: the not-found screen, which says nothing about other tenants. */
  | { state: 'not-found' }
  | { state: 'not-admin'; floor: Floor; organization: Organization }
  | { state: 'admin'; floor: Floor; organization: Organization };

/**
 * Finds the floor among the floors of the person's organizations, with the existing reads (GET
 * /api/organizations, then GET /api/organizations/{id}/floors for each), so the sheet knows the floor's name, its
 * organization's name and the person's role there, also for a floor without desks.
 */
export function useSheetFloor(floorId: string): SheetFloor {
  const organizations = useOrganizations();
  const list = organizations.data ?? [];
  const floors = useQueries({ queries: list.map((organization) => floorsQuery(organization.id)) });
  if (organizations.isPending) return { state: 'loading' };
  if (organizations.isError) {
    return { state: 'error', error: organizations.error, retry: () => void organizations.refetch() };
  }
  for (const [index, organization] of list.entries()) {
    const floor = floors[index]?.data?.find((item) => item.id === floorId);
    if (floor) return { state: organization.role === 'admin' ? 'admin' : 'not-admin', floor, organization };
  }
  if (floors.some((query) => query.isPending)) return { state: 'loading' };
  const failed = floors.find((query) => query.isError);
  if (failed) return { state: 'error', error: failed.error, retry: () => void failed.refetch() };
  return { state: 'not-found' };
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateOrganizationInput, Role } from '../../../domain/organization.ts';
import type { Subscription } from '../../../domain/subscription.ts';
import { apiRequest } from '../../app/api.ts';
import { queryClient } from '../../app/query-client.ts';

export interface Organization {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  floorPlanUrl: string | null;
  defaultZoomLevel: number | null;
  createdAt: string;
  role: Role;
  subscription: Subscription;
}

export const organizationsKey = ['/api/organizations'] as const;

export function useOrganizations() {
  return useQuery<Organization[]>({ queryKey: organizationsKey });
}

export function useCreateOrganization() {
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => apiRequest<Organization>('POST', '/api/organizations', input),
    // The list may have no observer on /setup; write the new organization in so the dashboard sees it at once.
    onSuccess: (created) =>
      queryClient.setQueryData<Organization[]>(organizationsKey, (list) => [
        ...(list ?? []).filter((item) => item.id !== created.id),
        created,
      ]),
  });
}

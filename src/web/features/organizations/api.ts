import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateOrganizationInput, OrganizationView } from '#domain/organization.ts';
import { apiRequest } from '#web/app/api.ts';
import { queryClient } from '#web/app/query-client.ts';

export type Organization = OrganizationView;

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

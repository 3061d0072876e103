import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganizationInput } from '#domain/organization.ts';
import { apiRequest } from '#web/app/api.ts';
import { type Organization, organizationsKey } from './list-organizations.ts';

/** POST /api/organizations {name, slug, timeZone?} */
export function createOrganization(input: CreateOrganizationInput): Promise<Organization> {
  return apiRequest<Organization>('POST', '/api/organizations', input);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => createOrganization(input),
    // The list may have no observer on /setup; write the new organization in so the dashboard sees it at once.
    onSuccess: (created) =>
      queryClient.setQueryData<Organization[]>(organizationsKey, (list) => [
        ...(list ?? []).filter((item) => item.id !== created.id),
        created,
      ]),
  });
}

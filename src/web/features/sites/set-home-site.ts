import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { type Organization, organizationsKey } from '../organizations/index.ts';

/**
 * PUT /api/organizations/{id}/home-site {siteId}: the site the dashboard opens on for the caller, on every device.
 * Answers the organization as its member sees it, homeSiteId included.
 */
export function setHomeSite(organizationId: string, siteId: string): Promise<Organization> {
  return apiRequest<Organization>('PUT', `/api/organizations/${organizationId}/home-site`, { siteId });
}

/**
 * Remembers the chosen site as the person's home site. The organization list is told at once (its homeSiteId), so a
 * remount of the dashboard opens on the same site without waiting for the list to be read again.
 */
export function useSetHomeSite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => setHomeSite(organizationId, siteId),
    onSuccess: (answer) => {
      queryClient.setQueryData<Organization[]>(organizationsKey, (list) =>
        list?.map((item) => (item.id === answer.id ? answer : item)),
      );
    },
    // The site is shown all the same; only the next visit would not open on it.
    onError: (error) => showErrorToast(error, 'Your site could not be remembered'),
  });
}

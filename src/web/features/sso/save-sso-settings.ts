import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoConnectionInput, SsoSettings } from '#domain/sso.ts';
import { apiRequest } from '#web/app/api.ts';
import { ssoSettingsKey } from './get-sso-settings.ts';

/** PUT /api/organizations/{id}/sso: the provider is checked before it is saved; the secret is kept when omitted. */
export function useSaveSsoSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoConnectionInput) =>
      apiRequest<SsoSettings>('PUT', `/api/organizations/${organizationId}/sso`, input),
    onSuccess: (settings) => queryClient.setQueryData(ssoSettingsKey(organizationId), settings),
  });
}

/** DELETE /api/organizations/{id}/sso. */
export function useRemoveSsoSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/organizations/${organizationId}/sso`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoSettingsKey(organizationId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoDomainStatus, SsoSettings } from '#domain/sso.ts';
import { apiRequest } from '#web/app/api.ts';
import { ssoSettingsKey } from './get-sso-settings.ts';

/** The settings with one domain's new status in place of its old one. */
export function withDomainStatus(settings: SsoSettings, status: SsoDomainStatus): SsoSettings {
  if (!settings.configured) return settings;
  return {
    ...settings,
    domainStatus: settings.domainStatus.map((entry) => (entry.domain === status.domain ? status : entry)),
  };
}

/**
 * POST /api/organizations/{id}/sso/domains/{domain}/verify: Perch looks for the domain's TXT record now. 200 with
 * the domain verified; 422 with what to publish where when the record is not there (yet); 409 when another
 * organization verified the domain first.
 */
export function useVerifySsoDomain(organizationId: string) {
  const queryClient = useQueryClient();
  const key = ssoSettingsKey(organizationId);
  return useMutation({
    mutationFn: (domain: string) =>
      apiRequest<SsoDomainStatus>(
        'POST',
        `/api/organizations/${organizationId}/sso/domains/${encodeURIComponent(domain)}/verify`,
      ),
    onSuccess: (status) =>
      queryClient.setQueryData<SsoSettings>(key, (settings) => settings && withDomainStatus(settings, status)),
    // A look that found nothing still counts as a check: its time is read again.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

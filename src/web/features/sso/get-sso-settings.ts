import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoSettings } from '#domain/sso.ts';

/** GET /api/organizations/{id}/sso (admins): the connection without its secret, and the callback address. */
export const ssoSettingsKey = (organizationId: string) => ['/api/organizations', organizationId, 'sso'] as const;

export const ssoSettingsQuery = (organizationId: string) =>
  queryOptions<SsoSettings>({ queryKey: ssoSettingsKey(organizationId) });

export function useSsoSettings(organizationId: string) {
  return useQuery(ssoSettingsQuery(organizationId));
}

import { useMutation } from '@tanstack/react-query';
import type { SsoStartInput, SsoStartResponse } from '#domain/sso.ts';
import { apiRequest } from '#web/app/api.ts';

/**
 * POST /api/sso/start, for a work e-mail or an organization (slug or id): where the provider is, and whose sign-in it
 * is, for the page to name before the browser leaves Perch. Sets the cookie that binds the sign-in to this browser.
 */
export function useStartSso() {
  return useMutation({
    mutationFn: (input: SsoStartInput) => apiRequest<SsoStartResponse>('POST', '/api/sso/start', input),
  });
}

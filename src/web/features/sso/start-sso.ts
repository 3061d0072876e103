import { useMutation } from '@tanstack/react-query';
import type { SsoStartResponse } from '#domain/sso.ts';
import { apiRequest } from '#web/app/api.ts';

/** POST /api/sso/start: where the provider of the e-mail's organization is. */
export function useStartSso() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<SsoStartResponse>('POST', '/api/sso/start', { email }),
  });
}

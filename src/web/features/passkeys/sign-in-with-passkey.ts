import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import type { AuthenticationOptions } from '#domain/passkeys.ts';
import { apiRequest } from '#web/app/api.ts';
import { cacheSignedInUser } from '../auth/index.ts';

/**
 * POST /api/passkeys/authentication-options, then the browser offers the passkeys it holds for Perch, then
 * POST /api/passkeys/authenticate with the signed answer: a session, as a password sign-in gives.
 */
export async function signInWithPasskey(): Promise<PublicUser> {
  const optionsJSON = await apiRequest<AuthenticationOptions>('POST', '/api/passkeys/authentication-options');
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<PublicUser>('POST', '/api/passkeys/authenticate', { response });
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => cacheSignedInUser(queryClient, user),
  });
}

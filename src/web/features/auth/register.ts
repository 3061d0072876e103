import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput, RegistrationPending } from '#domain/account.ts';
import { apiRequest } from '#web/app/api.ts';
import { cacheSignedInUser } from './cache-signed-in-user.ts';

export type RegisterAnswer = PublicUser | RegistrationPending;

/** POST /api/register: the signed-in user, or {requiresVerification} when e-mail verification is on. */
export function register(input: RegisterInput): Promise<RegisterAnswer> {
  return apiRequest<RegisterAnswer>('POST', '/api/register', input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => register(input),
    onSuccess: (answer) => {
      if (!('requiresVerification' in answer)) cacheSignedInUser(queryClient, answer);
    },
  });
}

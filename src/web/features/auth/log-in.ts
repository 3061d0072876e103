import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '#domain/account.ts';
import { apiRequest } from '#web/app/api.ts';
import { cacheSignedInUser } from './cache-signed-in-user.ts';

/** POST /api/login {email, password}: a session, or 401 'Invalid email or password'. */
export function logIn(input: LoginInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/api/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => logIn(input),
    onSuccess: (user) => cacheSignedInUser(queryClient, user),
  });
}

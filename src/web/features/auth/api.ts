import { useMutation } from '@tanstack/react-query';
import type { LoginInput, PublicUser, RegisterInput, RegistrationPending } from '#domain/account.ts';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';
import { queryClient } from '#web/app/query-client.ts';
import { forgetRememberedOrganizations } from '../organizations/remembered-organizations.ts';
import { currentUserKey } from './use-current-user.ts';

export type RegisterAnswer = PublicUser | RegistrationPending;

/** A new user sees nothing cached for the previous one. */
function signedIn(user: PublicUser) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, user);
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<PublicUser>('POST', '/api/login', input),
    onSuccess: signedIn,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<RegisterAnswer>('POST', '/api/register', input),
    onSuccess: (answer) => {
      if (!('requiresVerification' in answer)) signedIn(answer);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<MessageResponse>('POST', '/api/forgot-password', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest<MessageResponse>('POST', '/api/reset-password', input),
  });
}

/** Sign-out is a navigation: the server ends the session and redirects home; the browser forgets whose it was. */
export function signOut() {
  forgetRememberedOrganizations();
  window.location.assign('/api/logout');
}

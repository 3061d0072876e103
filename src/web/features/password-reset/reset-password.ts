import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetResult } from '#domain/account.ts';
import { apiRequest } from '#web/app/api.ts';
import { currentUserKey } from '../session/index.ts';
import { resetTokenKey } from './check-reset-token.ts';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/**
 * POST /api/reset-password {token, newPassword}: single use; the user's other sessions end. Signs the person in
 * (`user`) unless a password sign-in would be refused them; `hasCalendarFeed` says their calendar feed's address still
 * works (issue 26).
 */
export function resetPassword(input: ResetPasswordInput): Promise<PasswordResetResult> {
  return apiRequest<PasswordResetResult>('POST', '/api/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => resetPassword(input),
    onSuccess: ({ user }) => {
      if (!user) return;
      // Signed in, perhaps in place of someone else: nothing cached for a previous person is shown to this one (the
      // reset link's check, which is nobody's, stays, so that it is not asked again of a used link).
      const kept = new Set<unknown>([currentUserKey[0], resetTokenKey(null)[0]]);
      queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

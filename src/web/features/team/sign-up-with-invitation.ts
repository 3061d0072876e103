import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import type { InvitationSignupInput } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import { organizationsKey } from '../organizations/index.ts';
import { currentUserKey } from '../session/index.ts';

/**
 * POST /api/signup-with-invitation: a new account with the invitation's address, or the password of the existing
 * one; either way the invitee is signed in and a member.
 */
export function signUpWithInvitation(input: InvitationSignupInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/api/signup-with-invitation', input);
}

export function useSignUpWithInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationSignupInput) => signUpWithInvitation(input),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      // Someone already signed in (on /setup, with no organization) had a list from before joining: dropped, so
      // the dashboard waits for the list with the new organization instead of sending them back to /setup.
      queryClient.removeQueries({ queryKey: organizationsKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChanged } from '#domain/account-settings.ts';
import { apiRequest } from '#web/app/api.ts';
import { currentUserKey } from '../session/index.ts';

/** POST /api/user/email/confirm {token}: the account the link was issued for now uses the new address. */
export function confirmEmailChange(token: string): Promise<EmailChanged> {
  return apiRequest<EmailChanged>('POST', '/api/user/email/confirm', { token });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // Signed in as that account, the top bar shows the new address; signed in as anyone else, nothing of theirs changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

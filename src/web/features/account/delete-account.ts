import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput, DeleteAccountResponse } from '#domain/data-rights.ts';
import { apiRequest } from '#web/app/api.ts';
import { forgetRememberedOrganizations } from '../session/index.ts';

/** DELETE /api/user {password}: the account, and the organizations it is the only member of. */
export function deleteAccount(input: DeleteAccountInput): Promise<DeleteAccountResponse> {
  return apiRequest<DeleteAccountResponse>('DELETE', '/api/user', input);
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => deleteAccount(input),
    // Nothing remembered belongs to anyone any more. The cache goes with the page: the dialog navigates home at
    // once, and clearing it here would refetch the organizations, whose 401 sends the page to sign-in instead.
    onSuccess: () => forgetRememberedOrganizations(),
  });
}

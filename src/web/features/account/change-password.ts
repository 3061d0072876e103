import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#domain/account-settings.ts';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** POST /api/user/password {currentPassword, newPassword}: the other sessions end, this one stays. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/user/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/reset-password {token, newPassword}: single use; the user's other sessions end. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(input) });
}

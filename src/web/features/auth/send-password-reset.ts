import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** POST /api/forgot-password {email}: the same answer whether or not the address has an account. */
export function sendPasswordReset(email: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/forgot-password', { email });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: (email: string) => sendPasswordReset(email) });
}

import { useMutation } from '@tanstack/react-query';
import type { RequestEmailChangeInput } from '#domain/account-settings.ts';
import type { MessageResponse } from '#domain/responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** POST /api/user/email {newEmail, password}: mails a confirmation link to the new address; nothing changes yet. */
export function requestEmailChange(input: RequestEmailChangeInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/user/email', input);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '#domain/passkeys.ts';
import { apiRequest } from '#web/app/api.ts';
import { passkeysKey } from './list-passkeys.ts';

/** DELETE /api/user/passkeys/{id}: the passkey signs nobody in from now on. */
export function removePasskey(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/user/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Passkey[]>(passkeysKey, (passkeys) => passkeys?.filter((passkey) => passkey.id !== id)),
  });
}

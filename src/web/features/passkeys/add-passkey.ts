import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey, RegistrationOptions } from '#domain/passkeys.ts';
import { apiRequest } from '#web/app/api.ts';
import { passkeysKey } from './list-passkeys.ts';

/**
 * POST /api/user/passkeys/registration-options, then the browser makes the passkey (it asks the person for their
 * fingerprint, face or screen lock), then POST /api/user/passkeys with its answer.
 */
export async function addPasskey(): Promise<Passkey> {
  const optionsJSON = await apiRequest<RegistrationOptions>('POST', '/api/user/passkeys/registration-options');
  const response = await startRegistration({ optionsJSON });
  return apiRequest<Passkey>('POST', '/api/user/passkeys', { response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

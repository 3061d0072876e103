import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Passkey } from '#domain/passkeys.ts';

/** GET /api/user/passkeys: the signed-in person's passkeys, newest first. */
export const passkeysKey = ['/api/user/passkeys'] as const;

export const passkeysQuery = queryOptions<Passkey[]>({ queryKey: passkeysKey, staleTime: 0 });

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

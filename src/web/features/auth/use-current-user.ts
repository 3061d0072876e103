import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import { getQueryFn } from '#web/app/api.ts';

export const currentUserKey = ['/api/user'] as const;

/** Authenticated whenever a user object comes back; no retry on failure (spec section 4). */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}

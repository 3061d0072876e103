import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import { getQueryFn } from '#web/app/api.ts';

/** GET /api/user: the signed-in user, or 401, which reads as nobody (null) rather than as an error. */
export const currentUserKey = ['/api/user'] as const;

export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
    retry: false,
  });

/** Authenticated whenever a user object comes back; no retry on failure (spec section 4). */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery());
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}

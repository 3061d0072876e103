import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import { currentUserKey } from '../session/index.ts';

/** A new user sees nothing cached for the previous one. */
export function cacheSignedInUser(queryClient: QueryClient, user: PublicUser): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, user);
}

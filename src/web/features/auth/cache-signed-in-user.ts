import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import { dismissErrorToasts } from '#web/components/ui/use-toast.ts';
import { currentUserKey } from '../session/index.ts';

/**
 * A new user sees nothing cached for the previous one, nor an error toast from a try before this one succeeded
 * (a wrong password, a taken address): it would follow them to the dashboard.
 */
export function cacheSignedInUser(queryClient: QueryClient, user: PublicUser): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, user);
  dismissErrorToasts();
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#domain/account.ts';
import type { UpdateNameInput } from '#domain/account-settings.ts';
import { apiRequest } from '#web/app/api.ts';
import { currentUserKey } from '../session/index.ts';

/** PATCH /api/user {firstName, lastName}: answers the user as they now are. */
export function updateName(input: UpdateNameInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('PATCH', '/api/user', input);
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => {
      // The top bar shows it at once; lists that show the person's name (members, rosters) are read again.
      queryClient.setQueryData(currentUserKey, user);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    },
  });
}

import { useMutation, useQueries } from '@tanstack/react-query';
import type { DeleteAccountInput, DeleteAccountResponse } from '#domain/data-rights.ts';
import type { MemberView } from '#domain/team.ts';
import { apiRequest } from '#web/app/api.ts';
import type { Organization } from '../organizations/list-organizations.ts';
import { forgetRememberedOrganizations } from '../organizations/remembered-organizations.ts';
import { membersKey } from '../team/list-members.ts';

/** The JSON download: a plain link, so the browser saves the server's attachment itself. */
export const exportUrl = '/api/user/export';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest<DeleteAccountResponse>('DELETE', '/api/user', input),
    // Nothing remembered belongs to anyone any more. The cache goes with the page: the dialog navigates home at
    // once, and clearing it here would refetch the organizations, whose 401 sends the page to sign-in instead.
    onSuccess: () => forgetRememberedOrganizations(),
  });
}

export interface DeletionConsequences {
  isLoading: boolean;
  /** Organizations deleted with the account: the user is their only member. */
  deleted: string[];
  /** Organizations that would be left without an admin: deletion is refused until someone else is one. */
  blocking: string[];
}

/** What deleting the account would do, from each organization's member list. */
export function useDeletionConsequences(userId: string, organizations: Organization[]): DeletionConsequences {
  const lists = useQueries({
    // Read afresh: a list cached before someone joined would promise to delete an organization that is shared.
    queries: organizations.map((organization) => ({
      queryKey: membersKey(organization.id),
      staleTime: 0,
      refetchOnMount: 'always' as const,
    })),
  });
  const deleted: string[] = [];
  const blocking: string[] = [];
  if (lists.some((list) => list.isFetching)) return { isLoading: true, deleted, blocking };
  organizations.forEach((organization, index) => {
    const members = lists[index]?.data as MemberView[] | undefined;
    if (!members) return;
    if (members.length === 1) deleted.push(organization.name);
    const admins = members.filter((member) => member.role === 'admin');
    if (members.length > 1 && admins.length === 1 && admins[0]?.userId === userId) blocking.push(organization.name);
  });
  return { isLoading: false, deleted, blocking };
}

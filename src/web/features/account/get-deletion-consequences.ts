import { useQueries } from '@tanstack/react-query';
import type { Organization } from '../organizations/index.ts';
import { membersQuery } from '../team/index.ts';

export interface DeletionConsequences {
  isLoading: boolean;
  /** Organizations deleted with the account: the user is their only member. */
  deleted: string[];
  /** Organizations that would be left without an admin: deletion is refused until someone else is one. */
  blocking: string[];
}

/** What deleting the account would do, from each organization's member list (GET …/members of each). */
export function useDeletionConsequences(userId: string, organizations: Organization[]): DeletionConsequences {
  const lists = useQueries({
    // Read afresh: a list cached before someone joined would promise to delete an organization that is shared.
    queries: organizations.map((organization) => ({
      ...membersQuery(organization.id),
      staleTime: 0,
      refetchOnMount: 'always' as const,
    })),
  });
  const deleted: string[] = [];
  const blocking: string[] = [];
  if (lists.some((list) => list.isFetching)) return { isLoading: true, deleted, blocking };
  organizations.forEach((organization, index) => {
    const members = lists[index]?.data;
    if (!members) return;
    if (members.length === 1) deleted.push(organization.name);
    const admins = members.filter((member) => member.role === 'admin');
    if (members.length > 1 && admins.length === 1 && admins[0]?.userId === userId) blocking.push(organization.name);
  });
  return { isLoading: false, deleted, blocking };
}

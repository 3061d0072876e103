import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '#domain/account.ts';
import type { MemberView } from '#domain/team.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { AddToTeamButton } from '../teams/index.ts';
import { useRemoveMember } from './remove-member.ts';
import { RoleBadge, RoleSelect, roleNames } from './role-controls.tsx';
import { useUpdateMemberRole } from './update-member-role.ts';

function initials(member: MemberView): string {
  const name = displayName(member.user);
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

function Avatar({ member }: { member: MemberView }) {
  if (member.user.profileImageUrl) {
    return <img src={member.user.profileImageUrl} alt="" className="size-9 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials(member)}
    </span>
  );
}

/**
 * Spec section 2, Team Management: a role badge where the role cannot be changed here (members' view, the admin's own
 * row); a role menu instead for an admin managing someone else, who can also remove them.
 */
export function MemberList({
  organizationId,
  organizationName,
  members,
  currentUserId,
  isAdmin,
}: {
  organizationId: string;
  organizationName: string;
  members: MemberView[];
  currentUserId: string;
  isAdmin: boolean;
}) {
  const updateRole = useUpdateMemberRole(organizationId);
  const remove = useRemoveMember(organizationId);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  // Issue 29: the people an admin ticked for "Add to team…" (gone members drop out of it).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = members.map((member) => member.userId).filter((id) => selected.has(id));
  const isAllSelected = members.length > 0 && selectedIds.length === members.length;
  const toggle = (userId: string, isChecked: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (isChecked) next.add(userId);
      else next.delete(userId);
      return next;
    });

  const onRoleChange = (member: MemberView, role: MemberView['role']) =>
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Role updated',
            description: `${displayName(updated.user)} is now ${updated.role === 'admin' ? 'an admin' : 'a member'}.`,
          }),
        onError: (error) => showErrorToast(error, 'Failed to update user role'),
      },
    );

  const onRemove = (member: MemberView) =>
    remove.mutate(member.userId, {
      onSuccess: (answer) => toast({ title: 'Member removed', description: answer.message }),
      onError: (error) => showErrorToast(error, 'Failed to remove user'),
    });

  return (
    <>
      {isAdmin && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={isAllSelected}
              onChange={(event) => setSelected(new Set(event.target.checked ? members.map((m) => m.userId) : []))}
            />
            {selectedIds.length > 0 ? `${selectedIds.length} selected` : 'Select all'}
          </label>
          <AddToTeamButton
            organizationId={organizationId}
            userIds={selectedIds}
            onAdded={() => setSelected(new Set())}
          />
        </div>
      )}
      <ul className="divide-y divide-slate-100" aria-label="Members">
        {members.map((member) => {
          const name = displayName(member.user);
          const isSelf = member.userId === currentUserId;
          const canManage = isAdmin && !isSelf;
          return (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-3">
                {isAdmin && (
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand-600"
                    aria-label={`Select ${name}`}
                    checked={selected.has(member.userId)}
                    onChange={(event) => toggle(member.userId, event.target.checked)}
                  />
                )}
                <Avatar member={member} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">
                    {name}
                    {isSelf && <span className="font-normal text-slate-500"> (you)</span>}
                  </p>
                  <p className="truncate text-sm text-slate-600">{member.user.email}</p>
                </div>
              </div>
              <div className="flex items-center gap-2">
                {/* Spec: members see only the badge; where an admin has the role menu, the menu says the role. */}
                {!canManage && <RoleBadge role={member.role} />}
                {canManage && (
                  <>
                    <RoleSelect
                      value={member.role}
                      aria-label={`Role of ${name}`}
                      disabled={updateRole.isPending}
                      onChange={(role) => role !== member.role && onRoleChange(member, role)}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`Remove ${name}`}
                      disabled={remove.isPending}
                      onClick={() => setRemoving(member)}
                    >
                      <UserMinus className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Remove ${displayName(removing.user)}?` : 'Remove member?'}
        description={
          removing
            ? `${displayName(removing.user)} (${roleNames[removing.role].toLowerCase()}) will lose access to ${organizationName}, and all of their bookings will be cancelled. This cannot be undone.`
            : ''
        }
        confirmLabel="Remove member"
        onConfirm={() => removing && onRemove(removing)}
      />
    </>
  );
}

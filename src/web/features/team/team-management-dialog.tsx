import type { OrganizationView } from '#domain/organization.ts';
import { isSubscriptionEnabled } from '#domain/subscription.ts';
import { inviteBlocker } from '#domain/team.ts';
import { errorMessage } from '#web/app/api.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { formatUsers } from '../subscriptions/index.ts';
import { InviteForm } from './invite-form.tsx';
import { useInvitations } from './list-invitations.ts';
import { useMembers } from './list-members.ts';
import { MemberList } from './member-list.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

/** "3 of 50 users on Tier 1 in Acme.", or with billing off (no plan, no limit) "3 users in Acme (no seat limit)." */
function teamSummary(organization: OrganizationView, memberCount: number): string {
  const { maxUsers, planName, isBillingOff } = organization.subscription;
  const users = `${formatUsers(memberCount)} ${memberCount === 1 ? 'user' : 'users'}`;
  if (isBillingOff) return `${users} in ${organization.name} (no seat limit).`;
  return `${formatUsers(memberCount)} of ${formatUsers(maxUsers)} users${planName ? ` on ${planName}` : ''} in ${organization.name}.`;
}

/**
 * Spec section 2, Team Management: the member list with role badges for everyone; for admins, role
 * changes, removal, the invite form and the pending invitations.
 */
export function TeamManagementDialog({
  organization,
  currentUserId,
  onClose,
  isInviting = false,
}: {
  organization: OrganizationView;
  currentUserId: string;
  onClose: () => void;
  /** Opened to invite someone: the addresses field has the focus. */
  isInviting?: boolean;
}) {
  const isAdmin = organization.role === 'admin';
  const members = useMembers(organization.id);
  const invitations = useInvitations(organization.id, isAdmin);
  const now = new Date();
  const memberCount = members.data?.length ?? 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Team Management"
        description={members.data ? teamSummary(organization, memberCount) : `The people in ${organization.name}.`}
        size="xl"
      >
        <section aria-labelledby="members-heading" className="grid gap-1">
          <h3 id="members-heading" className="text-base font-semibold text-slate-900">
            Members
          </h3>
          {members.isPending && <p role="status">Loading members…</p>}
          {members.isError && <p role="alert">{errorMessage(members.error, 'Please try again')}</p>}
          {members.data && (
            <MemberList
              organizationId={organization.id}
              organizationName={organization.name}
              members={members.data}
              currentUserId={currentUserId}
              isAdmin={isAdmin}
            />
          )}
        </section>
        {isAdmin && (
          <>
            <div className="border-t border-slate-200 pt-4">
              <InviteForm
                organizationId={organization.id}
                hasFocus={isInviting}
                blocker={members.data ? inviteBlocker(organization.subscription, memberCount, now) : null}
              />
            </div>
            <div className="border-t border-slate-200 pt-4">
              {invitations.isError && <p role="alert">{errorMessage(invitations.error, 'Please try again')}</p>}
              {invitations.data && (
                <PendingInvitations
                  organizationId={organization.id}
                  invitations={invitations.data}
                  canResend={isSubscriptionEnabled(organization.subscription, now)}
                />
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

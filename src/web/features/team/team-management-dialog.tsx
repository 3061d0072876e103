import type { OrganizationView } from '../../../domain/organization.ts';
import { isSubscriptionEnabled } from '../../../domain/subscription.ts';
import { inviteBlocker } from '../../../domain/team.ts';
import { errorMessage } from '../../app/api.ts';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { useInvitations, useMembers } from './api.ts';
import { InviteForm } from './invite-form.tsx';
import { MemberList } from './member-list.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

/**
 * Spec section 2, Team Management: the member list with role badges for everyone; for admins, role
 * changes, removal, the invite form and the pending invitations.
 */
export function TeamManagementDialog({
  organization,
  currentUserId,
  onClose,
}: {
  organization: OrganizationView;
  currentUserId: string;
  onClose: () => void;
}) {
  const isAdmin = organization.role === 'admin';
  const members = useMembers(organization.id);
  const invitations = useInvitations(organization.id, isAdmin);
  const now = new Date();
  const memberCount = members.data?.length ?? 0;
  const { maxUsers, planName } = organization.subscription;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Team Management"
        description={
          members.data
            ? `${memberCount} of ${maxUsers} users${planName ? ` on ${planName}` : ''} in ${organization.name}.`
            : `The people in ${organization.name}.`
        }
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

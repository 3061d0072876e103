import { RotateCw, X } from 'lucide-react';
import type { InvitationView } from '#domain/team.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useResendInvitation } from './resend-invitation.ts';
import { useRevokeInvitation } from './revoke-invitation.ts';
import { RoleBadge } from './role-controls.tsx';

const expiryFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** Invitations still waiting for an answer: admins may revoke them or send them again with a new link. */
export function PendingInvitations({
  organizationId,
  invitations,
  canResend,
}: {
  organizationId: string;
  invitations: InvitationView[];
  canResend: boolean;
}) {
  const revoke = useRevokeInvitation(organizationId);
  const resend = useResendInvitation(organizationId);

  const onRevoke = (invitation: InvitationView) =>
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` }),
      onError: (error) => showErrorToast(error, 'Please try again'),
    });
  const onResend = (invitation: InvitationView) =>
    resend.mutate(invitation.id, {
      onSuccess: (answer) => toast({ title: 'Invitation sent again', description: answer.message }),
      onError: (error) => showErrorToast(error, 'Failed to send invitation'),
    });

  return (
    <section aria-labelledby="pending-heading" className="grid gap-2">
      <h3 id="pending-heading" className="text-base font-semibold text-slate-900">
        Pending invitations
      </h3>
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600">No invitations are waiting for an answer.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-600">
                  Link expires {expiryFormat.format(new Date(invitation.expiresAt))}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <RoleBadge role={invitation.role} />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!canResend || resend.isPending}
                  onClick={() => onResend(invitation)}
                  aria-label={`Resend the invitation to ${invitation.email}`}
                >
                  <RotateCw className="size-3.5" aria-hidden="true" />
                  Resend
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  disabled={revoke.isPending}
                  onClick={() => onRevoke(invitation)}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                >
                  <X className="size-3.5" aria-hidden="true" />
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Role } from '../../../domain/organization.ts';
import { checkInviteEmails, failedInvitesTitle, type InviteResult } from '../../../domain/team.ts';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { FieldError, Label } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useInvite } from './api.ts';
import { RoleSelect } from './role-controls.tsx';

// Spec section 9: the partial-failure toast follows the first one after 1 s.
const failureToastDelay = 1000;

/** The toasts live outside the dialog: the second one still shows if the dialog is closed meanwhile. */
function showResult(result: InviteResult) {
  toast({ title: result.summary.sent > 0 ? 'Invitations sent' : 'No invitations sent', description: result.message });
  if (result.summary.failed === 0) return;
  setTimeout(
    () =>
      toast({
        title: failedInvitesTitle(result.summary.failed),
        description: result.errors.map((error) => `${error.email}: ${error.message}`).join('; '),
        variant: 'destructive',
      }),
    failureToastDelay,
  );
}

/** Spec section 5, Invite: addresses split on commas or new lines, role default member. */
export function InviteForm({ organizationId, blocker }: { organizationId: string; blocker: string | null }) {
  const invite = useInvite(organizationId);
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [problem, setProblem] = useState<string | null>(null);
  const isDisabled = blocker !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkInviteEmails(emails);
    setProblem(found);
    if (found) return;
    invite.mutate(
      { emails, role },
      {
        onSuccess: (result) => {
          if (result.summary.sent > 0) setEmails('');
          showResult(result);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to send invitation'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="text-base font-semibold text-slate-900">
        Invite people
      </h3>
      {blocker && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {blocker}
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="invite-emails">Email addresses</Label>
        <textarea
          id="invite-emails"
          name="emails"
          rows={3}
          value={emails}
          disabled={isDisabled}
          onChange={(event) => setEmails(event.target.value)}
          placeholder={'alex@example.com, sam@example.com\njo@example.com'}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? 'invite-emails-hint invite-emails-error' : 'invite-emails-hint'}
          className={cn(
            'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
            'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100',
            'aria-invalid:border-red-500',
          )}
        />
        <p id="invite-emails-hint" className="text-xs text-slate-600">
          Separate addresses with commas or new lines. Each person gets a link that works for 7 days.
        </p>
        <FieldError id="invite-emails-error" message={problem ?? undefined} />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <RoleSelect id="invite-role" value={role} onChange={setRole} disabled={isDisabled} className="h-10 w-40" />
        </div>
        <Button type="submit" disabled={isDisabled || invite.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Send invitations'}
        </Button>
      </div>
    </form>
  );
}

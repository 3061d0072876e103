import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { failedInvitesTitle, type InviteResult, inviteFormSchema } from '#domain/team.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useInvite } from './invite-members.ts';
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
export function InviteForm({
  organizationId,
  blocker,
  hasFocus = false,
}: {
  organizationId: string;
  blocker: string | null;
  /** Takes the focus when it appears (the dialog was opened to invite): before the dialog focuses its first field. */
  hasFocus?: boolean;
}) {
  const invite = useInvite(organizationId);
  // The addresses are checked on submit; the problem stays until the next one.
  const { control, register, handleSubmit, resetField, setFocus } = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { emails: '', role: 'member' as const },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const isDisabled = blocker !== null;
  // A child's effect runs before the dialog's focus scope mounts, which then leaves a focus inside it alone.
  useEffect(() => {
    if (hasFocus) setFocus('emails');
  }, [hasFocus, setFocus]);

  const onSubmit = handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (result) => {
        if (result.summary.sent > 0) resetField('emails');
        showResult(result);
      },
      onError: (error) => showErrorToast(error, 'Failed to send invitation'),
    }),
  );

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
      <FormField
        control={control}
        name="emails"
        id="invite-emails"
        label="Email addresses"
        description="Separate addresses with commas or new lines. Each person gets a link that works for 7 days."
      >
        {(field) => (
          <textarea
            {...field}
            {...register('emails')}
            rows={3}
            disabled={isDisabled}
            placeholder={'alex@example.com, sam@example.com\njo@example.com'}
            className={cn(
              'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
              'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100',
              'aria-invalid:border-red-500',
            )}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FormField control={control} name="role" id="invite-role" label="Role">
          {(field) => (
            <Controller
              control={control}
              name="role"
              render={({ field: role }) => (
                <RoleSelect
                  {...field}
                  name={role.name}
                  value={role.value}
                  onChange={role.onChange}
                  onBlur={role.onBlur}
                  disabled={isDisabled}
                  className="h-10 w-40"
                />
              )}
            />
          )}
        </FormField>
        <Button type="submit" disabled={isDisabled || invite.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Send invitations'}
        </Button>
      </div>
    </form>
  );
}

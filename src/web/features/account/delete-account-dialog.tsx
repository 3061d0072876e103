import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '#domain/account.ts';
import { deleteAccountSchema } from '#domain/data-rights.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogCancel, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useOrganizations } from '../organizations/index.ts';
import { useDeleteAccount } from './delete-account.ts';
import { useDeletionConsequences } from './get-deletion-consequences.ts';

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Deleting the account, confirmed with the password; what it does is spelled out before anything happens. */
export function DeleteAccountDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const organizations = useOrganizations();
  const consequences = useDeletionConsequences(user.id, organizations.data ?? []);
  const deletion = useDeleteAccount();
  // The password's problem, or the server's refusal, is said under it until the next try.
  const { control, register, handleSubmit, setError } = useForm({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = handleSubmit((input) =>
    deletion.mutate(input, {
      // Signed out and gone: start again from the home page.
      onSuccess: () => window.location.assign('/'),
      onError: (failure) =>
        setError('password', {
          message: errorMessage(failure, 'Your account could not be deleted. Please try again.'),
        }),
    }),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !deletion.isPending && onClose()}>
      <DialogContent title="Delete account" description="This cannot be undone." size="lg">
        <div className="grid gap-2 text-sm text-slate-700">
          <p>Deleting your account ({user.email}) will:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>cancel all of your bookings;</li>
            <li>remove you from every organization you belong to;</li>
            <li>sign you out on every device.</li>
            {consequences.deleted.length > 0 && (
              <li>
                delete <strong>{listOf(consequences.deleted)}</strong> with all of its floors, desks and bookings,
                because you are its only member.
              </li>
            )}
          </ul>
          {(organizations.isPending || consequences.isLoading) && <p role="status">Checking your organizations…</p>}
          <p>Other people’s bookings and data stay as they are. You may want to download your data first.</p>
          {consequences.blocking.length > 0 && (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              You are the only administrator of {listOf(consequences.blocking)}. Make someone else an administrator
              there first.
            </p>
          )}
        </div>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField control={control} name="password" label="Password">
            {(field) => <Input {...field} {...register('password')} type="password" autoComplete="current-password" />}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogCancel disabled={deletion.isPending}>Keep my account</DialogCancel>
            <Button type="submit" variant="destructive" disabled={deletion.isPending}>
              {deletion.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

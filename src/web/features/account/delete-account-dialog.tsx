import { type FormEvent, useId, useState } from 'react';
import type { PublicUser } from '../../../domain/account.ts';
import { deleteAccountSchema } from '../../../domain/data-rights.ts';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../components/ui/input.tsx';
import { useOrganizations } from '../organizations/api.ts';
import { useDeleteAccount, useDeletionConsequences } from './api.ts';

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Deleting the account, confirmed with the password; what it does is spelled out before anything happens. */
export function DeleteAccountDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const organizations = useOrganizations();
  const consequences = useDeletionConsequences(user.id, organizations.data ?? []);
  const deletion = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const passwordId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) {
      setError('Please enter your password.');
      return;
    }
    setError(undefined);
    deletion.mutate(parsed.data, {
      // Signed out and gone: start again from the home page.
      onSuccess: () => window.location.assign('/'),
      onError: (failure) => setError(errorMessage(failure, 'Your account could not be deleted. Please try again.')),
    });
  };

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
          <div className="grid gap-1.5">
            <Label htmlFor={passwordId}>Password</Label>
            <Input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <FieldError id={errorId} message={error} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary" disabled={deletion.isPending}>
                Keep my account
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deletion.isPending}>
              {deletion.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { Passkey } from '#domain/passkeys.ts';
import { errorMessage } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAddPasskey } from './add-passkey.ts';
import { usePasskeys } from './list-passkeys.ts';
import { addressProblemHere, noWebAuthnMessage, passkeyProblem } from './passkey-problem.ts';
import { useRemovePasskey } from './remove-passkey.ts';

const longDate = (instant: string) =>
  new Date(instant).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function PasskeyItem({ passkey, onRemove, isBusy }: { passkey: Passkey; onRemove: () => void; isBusy: boolean }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <KeyRound className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{passkey.name}</span>
        <span className="block text-xs text-slate-600">
          Added {longDate(passkey.createdAt)}
          {' · '}
          {passkey.lastUsedAt ? `Last used ${longDate(passkey.lastUsedAt)}` : 'Not used yet'}
        </span>
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={isBusy}>
        Remove<span className="sr-only"> {passkey.name}</span>
      </Button>
    </li>
  );
}

/**
 * "Passkeys" from the account menu (issue 19): the person's passkeys with when each was added and last used, adding
 * one (the browser asks for a fingerprint, face or screen lock) and removing one after a question.
 */
export function PasskeysDialog({ onClose }: { onClose: () => void }) {
  const passkeys = usePasskeys();
  const adding = useAddPasskey();
  const removal = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // Where passkeys cannot work (an IP address, plain http), the address is why, not the browser.
  const addressProblem = addressProblemHere();
  const isSupported = addressProblem === null && browserSupportsWebAuthn();
  const isBusy = adding.isPending || removal.isPending;
  const addButtonId = useId();

  const add = () => {
    if (isBusy) return;
    adding.mutate(undefined, {
      onSuccess: (passkey) =>
        toast({ title: 'Passkey added', description: `“${passkey.name}” signs you in to Perch from now on.` }),
      onError: (error) =>
        toast({ title: 'No passkey added', description: passkeyProblem(error, 'add'), variant: 'destructive' }),
    });
  };

  const remove = (passkey: Passkey) =>
    removal.mutate(passkey.id, {
      onSuccess: () => {
        toast({ title: 'Passkey removed', description: `“${passkey.name}” no longer signs you in to Perch.` });
        // Its Remove button, where focus would return, is gone.
        document.getElementById(addButtonId)?.focus();
      },
      onError: (error) => showErrorToast(error, 'The passkey could not be removed. Please try again.'),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && !isBusy && onClose()}>
      <DialogContent
        title="Passkeys"
        description="Sign in to Perch with your fingerprint, face or screen lock instead of your password. A passkey stays on your device or in your password manager."
        size="lg"
      >
        {passkeys.isPending && <p role="status">Loading your passkeys…</p>}
        {passkeys.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(passkeys.error, 'Your passkeys could not be loaded. Please try again.')}
          </p>
        )}
        {passkeys.data && passkeys.data.length === 0 && (
          <p className="text-sm text-slate-700">You have no passkeys yet.</p>
        )}
        {passkeys.data && passkeys.data.length > 0 && (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3">
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} isBusy={isBusy} onRemove={() => setRemoving(passkey)} />
            ))}
          </ul>
        )}
        {!isSupported && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {addressProblem ?? noWebAuthnMessage}
          </p>
        )}
        <div className="flex justify-end">
          {/* Not disabled while the browser asks: focus stays on it, rather than falling to the page. */}
          <Button
            id={addButtonId}
            type="button"
            onClick={add}
            aria-disabled={isBusy}
            disabled={!isSupported || !passkeys.data}
          >
            <KeyRound className="size-4" aria-hidden="true" />
            {adding.isPending ? 'Adding…' : 'Add a passkey'}
          </Button>
        </div>
        {/* Inside the dialog, so that it stays open under the question. */}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Remove this passkey?"
          description={`“${removing?.name ?? ''}” will no longer sign you in to Perch. You can also delete it from your device or password manager.`}
          confirmLabel="Remove passkey"
          cancelLabel="Keep passkey"
          onConfirm={() => removing && remove(removing)}
        />
      </DialogContent>
    </Dialog>
  );
}

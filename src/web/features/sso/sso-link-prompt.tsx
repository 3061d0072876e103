import { useState } from 'react';
import { errorMessage } from '#web/app/api.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { forgetSsoLinkOffer, hasSsoLinkOffer, useLinkPendingSso, usePendingSsoLink } from './pending-sso-link.ts';

/**
 * Asked once the person is signed in, when /auth said a refused single sign-on waits in this browser: link it to this
 * account? It names the organization, its provider's host and the address, because a yes lets that provider sign in
 * here; "Not now" leaves everything as it is.
 */
export function SsoLinkPrompt() {
  const [isOffered, setIsOffered] = useState(hasSsoLinkOffer);
  const pending = usePendingSsoLink(isOffered);
  const link = useLinkPendingSso();
  const close = () => {
    forgetSsoLinkOffer();
    setIsOffered(false);
  };
  const waiting = pending.data;
  if (!isOffered || !waiting) return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && close()}
      title="Link single sign-on to your account?"
      description={`Someone just signed in at ${waiting.providerHost}, the sign-in of ${waiting.organizationName}, as ${waiting.email}. Link it only if that was you: ${waiting.organizationName}’s single sign-on will then sign you in to this account.`}
      confirmLabel="Link single sign-on"
      cancelLabel="Not now"
      confirmVariant="primary"
      onConfirm={() =>
        link.mutate(undefined, {
          onSuccess: ({ message }) => toast({ title: message }),
          onError: (error) =>
            toast({ title: errorMessage(error, 'Single sign-on could not be linked.'), variant: 'destructive' }),
          onSettled: close,
        })
      }
    />
  );
}

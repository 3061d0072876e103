import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { returnPathFrom, returnToParameter } from '#web/app/return-address.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { addressProblemHere, noWebAuthnMessage, passkeyProblem } from './passkey-problem.ts';
import { useSignInWithPasskey } from './sign-in-with-passkey.ts';

/**
 * "Sign in with a passkey" beneath the password form: no e-mail needed, the browser offers Perch's passkeys. At an
 * address where passkeys cannot work (an IP address, plain http), the button is off and says why beneath it.
 */
export function PasskeySignIn() {
  const [, navigate] = useLocation();
  // As the password form does: a page that sent the visitor here takes them back itself once they are signed in.
  const [searchParams] = useSearchParams();
  const hasReturnPath = returnPathFrom(searchParams.get(returnToParameter)) !== null;
  const signIn = useSignInWithPasskey();
  const addressProblem = addressProblemHere();
  const problemId = useId();

  const start = () => {
    if (!browserSupportsWebAuthn()) {
      toast({ title: 'Sign in failed', description: noWebAuthnMessage, variant: 'destructive' });
      return;
    }
    signIn.mutate(undefined, {
      onSuccess: () => {
        if (!hasReturnPath) navigate('/');
      },
      onError: (error) =>
        toast({ title: 'Sign in failed', description: passkeyProblem(error, 'sign-in'), variant: 'destructive' }),
    });
  };

  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className="mt-3 w-full"
        onClick={start}
        disabled={signIn.isPending || addressProblem !== null}
        aria-describedby={addressProblem ? problemId : undefined}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {addressProblem && (
        <p id={problemId} className="mt-2 text-sm text-slate-700">
          {addressProblem}
        </p>
      )}
    </>
  );
}

import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { accountSettingsMessages } from '#domain/account-settings.ts';
import { errorMessage } from '../app/api.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { useConfirmEmailChange } from '../features/account/index.ts';
import { useCurrentUser } from '../features/session/index.ts';

/**
 * Issue 27: where the link mailed to a new address lands, signed in or not. Confirming takes a press of the button:
 * a mail scanner that fetches the link changes nothing.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const confirmation = useConfirmEmailChange();
  const { isAuthenticated } = useCurrentUser();
  const onward = isAuthenticated ? <Link href="/">Go to Perch</Link> : <Link href="/auth">Sign in</Link>;

  if (confirmation.isSuccess) {
    return (
      <CardPage>
        <div className="text-center">
          <CheckCircle2 className="mx-auto size-12 text-emerald-500" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Email address changed</h1>
          <p role="status" className="mt-2 break-words text-slate-700">
            {confirmation.data.message}
          </p>
          <p className="mt-2 text-sm text-slate-600">Sign in with it from now on.</p>
          <Button asChild className="mt-6 w-full">
            {onward}
          </Button>
        </div>
      </CardPage>
    );
  }
  if (!token || confirmation.isError) {
    return (
      <CardPage>
        <div className="text-center">
          <XCircle className="mx-auto size-12 text-red-500" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">This link does not work</h1>
          <p role="alert" className="mt-2 text-slate-700">
            {confirmation.isError
              ? errorMessage(confirmation.error, accountSettingsMessages.emailChangeLinkInvalid)
              : accountSettingsMessages.emailChangeLinkInvalid}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            To ask for a new link, open Account settings in Perch's account menu.
          </p>
          <Button asChild className="mt-6 w-full">
            {onward}
          </Button>
        </div>
      </CardPage>
    );
  }
  return (
    <CardPage>
      <div className="text-center">
        <MailCheck className="mx-auto size-10 text-brand-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Confirm your new email address</h1>
        <p className="mt-2 text-sm text-slate-600">
          Your Perch account will sign in with the address this link was sent to.
        </p>
        <Button className="mt-6 w-full" disabled={confirmation.isPending} onClick={() => confirmation.mutate(token)}>
          {confirmation.isPending ? 'Confirming…' : 'Confirm my new address'}
        </Button>
      </div>
    </CardPage>
  );
}

export default ConfirmEmailPage;

import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'wouter';
import { type PasswordResetResult, resetPasswordFormSchema, resetPasswordProblemOf } from '#domain/account.ts';
import { errorMessage } from '../app/api.ts';
import { signInAddress } from '../app/return-address.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { useResetPassword, useResetTokenCheck } from '../features/password-reset/index.ts';

// Only people with a calendar feed see the offer: the others do not download the account feature's code.
const CalendarFeedReplacementOffer = lazy(() =>
  import('../features/account/index.ts').then((module) => ({ default: module.CalendarFeedReplacementOffer })),
);

function InvalidLink() {
  return (
    <div className="text-center">
      <XCircle className="mx-auto size-12 text-red-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Invalid Reset Link</h1>
      <p className="mt-2 text-slate-700">This password reset link is invalid or has expired.</p>
      <p className="mt-2 text-sm text-slate-600">Please request a new password reset link from the sign-in page.</p>
      <Button asChild className="mt-6 w-full">
        <Link href="/auth">Back to Sign In</Link>
      </Button>
    </div>
  );
}

/**
 * Spec section 5's success screen, in its words. The reset also signs the person in unless a password sign-in would be
 * refused them (Sign In then goes on to the dashboard), so that a person with a calendar feed can replace its address
 * here (issue 26).
 */
function ResetComplete({ result }: { result: PasswordResetResult }) {
  const isSignedIn = result.user !== null;
  // Signed in already, Sign In goes through the sign-in page's return address straight on to the dashboard.
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto size-12 text-emerald-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Password Reset Complete</h1>
      <p className="mt-2 text-slate-700">Your password has been successfully updated.</p>
      <p className="mt-2 text-sm text-slate-600">You can now sign in with your new password.</p>
      {result.hasCalendarFeed && (
        <Suspense fallback={<p className="mt-6 text-sm text-slate-600">Loading…</p>}>
          <CalendarFeedReplacementOffer canReplace={isSignedIn} />
        </Suspense>
      )}
      <Button asChild className="mt-6 w-full">
        <Link href={isSignedIn ? signInAddress('/') : '/auth'}>Sign In</Link>
      </Button>
    </div>
  );
}

// The new password, typed twice: the two fields differ only in name and label.
const passwordFields = [
  { name: 'newPassword', id: 'new-password', label: 'New Password' },
  { name: 'confirmPassword', id: 'confirm-password', label: 'Confirm New Password' },
] as const;

/** Spec section 5: the checks run on submit, in the spec's order; the first problem is a toast. */
function ResetPasswordForm({
  token,
  onComplete,
}: {
  token: string;
  onComplete: (result: PasswordResetResult) => void;
}) {
  const reset = useResetPassword();
  const { control, register, handleSubmit } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '', token },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(
    ({ newPassword }) =>
      reset.mutate(
        { token, newPassword },
        {
          onSuccess: (answer) => {
            toast({ title: 'Password reset successful', description: answer.message });
            onComplete(answer);
          },
          onError: (error) =>
            toast({
              title: 'Password reset failed',
              description: errorMessage(error, 'Please try again'),
              variant: 'destructive',
            }),
        },
      ),
    (errors) => {
      // The schema says one problem at a time, on the field it concerns.
      const message = [errors.newPassword, errors.confirmPassword, errors.token].find(Boolean)?.message;
      toast({ ...resetPasswordProblemOf(message ?? 'Invalid input'), variant: 'destructive' });
    },
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {passwordFields.map(({ name, id, label }) => (
        <FormField key={name} control={control} name={name} id={id} label={label} isErrorShown={false}>
          {(field) => (
            <Input {...field} {...register(name)} type="password" autoComplete="new-password" required minLength={6} />
          )}
        </FormField>
      ))}
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
      <Link href="/auth" className="text-center text-sm font-medium text-brand-700 hover:underline">
        Back to Sign In
      </Link>
    </form>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [result, setResult] = useState<PasswordResetResult | null>(null);
  const validation = useResetTokenCheck(token);

  if (result) return <CardPage>{<ResetComplete result={result} />}</CardPage>;
  if (!token || validation.isError) return <CardPage>{<InvalidLink />}</CardPage>;
  if (validation.isPending) {
    return (
      <CardPage>
        <p role="status" className="flex items-center justify-center gap-3 text-slate-600">
          <span
            className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
            aria-hidden="true"
          />
          Validating reset link...
        </p>
      </CardPage>
    );
  }

  return (
    <CardPage>
      <div className="mb-6 text-center">
        <KeyRound className="mx-auto size-10 text-brand-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Reset your password</h1>
        <p className="mt-1 text-sm text-slate-600">Choose a new password for your Perch account.</p>
      </div>
      <ResetPasswordForm token={token} onComplete={setResult} />
    </CardPage>
  );
}

export default ResetPasswordPage;

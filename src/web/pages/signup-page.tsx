import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn, MailX, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import { type InvitationSignupInput, invitationSignInFormSchema, invitationSignupFormSchema } from '#domain/team.ts';
import { ApiError, errorMessage } from '../app/api.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { signUpFieldProblem } from '../features/auth/index.ts';
import { useInvitation, useSignUpWithInvitation } from '../features/team/index.ts';

// Spec section 9: the redirect after invitation signup.
const redirectDelay = 2000;

function Problem({ text }: { text: string }) {
  return (
    <CardPage>
      <div className="text-center">
        <MailX className="mx-auto size-12 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{text}</h1>
        <p className="mt-2 text-sm text-slate-600">Ask your administrator to send you a new invitation.</p>
      </div>
    </CardPage>
  );
}

/**
 * Joins with the invitation: a new account, or the password of the existing one; then / after 2 s. A refusal is
 * said in a toast, and beside its field too when `onRefused` finds it one.
 */
function useJoin(organizationName: string, hasAccount: boolean, onRefused: (error: unknown) => void) {
  const [, navigate] = useLocation();
  const signup = useSignUpWithInvitation();
  const join = (input: InvitationSignupInput) =>
    signup.mutate(input, {
      onSuccess: () => {
        toast({
          title: hasAccount ? 'Welcome back!' : 'Welcome to Perch!',
          description: `You have joined ${organizationName}.`,
        });
        setTimeout(() => navigate('/'), redirectDelay);
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: errorMessage(error, hasAccount ? 'Invalid email or password' : 'Failed to create account'),
          variant: 'destructive',
        });
        onRefused(error);
      },
    });
  return { signup, join };
}

function SubmitButton({
  signup,
  text,
  pendingText,
}: {
  signup: { isPending: boolean; isSuccess: boolean };
  text: string;
  pendingText: string;
}) {
  return (
    <Button type="submit" disabled={signup.isPending || signup.isSuccess}>
      {signup.isPending ? pendingText : signup.isSuccess ? 'Redirecting...' : text}
    </Button>
  );
}

// Problems are said under their fields on submit and stay until the next one.
const formOptions = { reValidateMode: 'onSubmit', shouldFocusError: false } as const;

function NewAccountForm({ token, organizationName }: { token: string; organizationName: string }) {
  const { control, register, handleSubmit, setError } = useForm({
    ...formOptions,
    resolver: zodResolver(invitationSignupFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { signup, join } = useJoin(organizationName, false, (error) => {
    const problem = signUpFieldProblem(error);
    if (problem && problem.field !== 'email') setError(problem.field, { type: 'server', message: problem.message });
  });
  const onSubmit = handleSubmit(({ firstName, lastName, password }) => join({ token, firstName, lastName, password }));
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <FormField control={control} name="firstName" id="invite-firstName" label="First name">
          {(field) => <Input {...field} {...register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField control={control} name="lastName" id="invite-lastName" label="Last name">
          {(field) => <Input {...field} {...register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField control={control} name="password" id="invite-password" label="Password">
        {(field) => <Input {...field} {...register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField control={control} name="confirmPassword" id="invite-confirmPassword" label="Confirm password">
        {(field) => <Input {...field} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <SubmitButton signup={signup} text="Create Account" pendingText="Creating account..." />
    </form>
  );
}

function ExistingAccountForm({
  token,
  organizationName,
  email,
}: {
  token: string;
  organizationName: string;
  email: string;
}) {
  const { control, register, handleSubmit, setError } = useForm({
    ...formOptions,
    resolver: zodResolver(invitationSignInFormSchema),
    defaultValues: { password: '' },
  });
  // A wrong password (401) is the password field's problem.
  const { signup, join } = useJoin(organizationName, true, (error) => {
    if (error instanceof ApiError && error.status === 401) {
      setError('password', { type: 'server', message: errorMessage(error, 'Invalid email or password') });
    }
  });
  const onSubmit = handleSubmit(({ password }) => join({ token, password }));
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {/* Lets password managers pick the right account; the address itself comes from the invitation. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <FormField control={control} name="password" id="invite-password" label="Password">
        {(field) => <Input {...field} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <SubmitButton signup={signup} text="Sign In and Join" pendingText="Signing in..." />
    </form>
  );
}

/**
 * Spec section 2, Invitation signup page. An invitee who already has an account with the invited address signs in
 * with its password instead, and the same call attaches the membership.
 */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invitation = useInvitation(token);

  if (!token) return <Problem text="Invalid invitation link..." />;
  if (invitation.isError) return <Problem text="Invitation not found or has expired..." />;
  if (!invitation.data) {
    return (
      <CardPage>
        <p role="status" className="text-center text-slate-600">
          Checking your invitation…
        </p>
      </CardPage>
    );
  }
  const { organizationName, role, email, hasAccount } = invitation.data;
  const Icon = hasAccount ? LogIn : UserPlus;
  return (
    <CardPage>
      <div className="mb-6 text-center">
        <Icon className="mx-auto size-10 text-brand-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">
          {hasAccount ? `Sign in to join ${organizationName}` : `Join ${organizationName}`}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          You are invited as <strong className="font-semibold">{role}</strong> with{' '}
          <strong className="font-semibold">{email}</strong>.
        </p>
        {hasAccount && (
          <p className="mt-2 text-sm text-slate-600">
            You already have a Perch account with this address: enter its password to join.
          </p>
        )}
      </div>
      {hasAccount ? (
        <ExistingAccountForm token={token} organizationName={organizationName} email={email} />
      ) : (
        <NewAccountForm token={token} organizationName={organizationName} />
      )}
    </CardPage>
  );
}

export default SignupPage;

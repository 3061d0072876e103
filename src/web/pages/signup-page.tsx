import { useMutation, useQuery } from '@tanstack/react-query';
import { LogIn, MailX, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { PublicUser } from '../../domain/account.ts';
import { checkInvitationSignupForm, type InvitationDetails, type InvitationSignupField } from '../../domain/team.ts';
import { apiRequest, errorMessage } from '../app/api.ts';
import { queryClient } from '../app/query-client.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { FieldError, Input, Label } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { currentUserKey } from '../features/auth/use-current-user.ts';

type Field = InvitationSignupField;
const fields = ['firstName', 'lastName', 'password', 'confirmPassword'] as const;
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
 * Spec section 2, Invitation signup page. An invitee who already has an account with the invited
 * address signs in with its password instead, and the same call attaches the membership.
 */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const invitation = useQuery<InvitationDetails>({
    queryKey: ['/api/invitations', token],
    enabled: Boolean(token),
    retry: false,
  });
  const signup = useMutation({
    mutationFn: (input: { token: string; firstName?: string; lastName?: string; password: string }) =>
      apiRequest<PublicUser>('POST', '/api/signup-with-invitation', input),
  });

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? '')])) as Record<
      Field,
      string
    >;
    const found = checkInvitationSignupForm(values, { hasAccount });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = hasAccount
      ? { token, password: values.password }
      : { token, firstName: values.firstName.trim(), lastName: values.lastName.trim(), password: values.password };
    signup.mutate(input, {
      onSuccess: (user) => {
        queryClient.setQueryData(currentUserKey, user);
        toast({
          title: hasAccount ? 'Welcome back!' : 'Welcome to Perch!',
          description: `You have joined ${organizationName}.`,
        });
        setTimeout(() => navigate('/'), redirectDelay);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, hasAccount ? 'Invalid email or password' : 'Failed to create account'),
          variant: 'destructive',
        }),
    });
  };

  const field = (name: Field, label: string, type = 'text', autoComplete?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`invite-${name}`}>{label}</Label>
      <Input
        id={`invite-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `invite-${name}-error` : undefined}
      />
      <FieldError id={`invite-${name}-error`} message={errors[name]} />
    </div>
  );

  const Icon = hasAccount ? LogIn : UserPlus;
  const pendingText = hasAccount ? 'Signing in...' : 'Creating account...';
  const submitText = hasAccount ? 'Sign In and Join' : 'Create Account';
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
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        {hasAccount ? (
          <>
            {/* Lets password managers pick the right account; the address itself comes from the invitation. */}
            <input type="hidden" name="username" autoComplete="username" value={email} />
            {field('password', 'Password', 'password', 'current-password')}
          </>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3">
              {field('firstName', 'First name', 'text', 'given-name')}
              {field('lastName', 'Last name', 'text', 'family-name')}
            </div>
            {field('password', 'Password', 'password', 'new-password')}
            {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
          </>
        )}
        <Button type="submit" disabled={signup.isPending || signup.isSuccess}>
          {signup.isPending ? pendingText : signup.isSuccess ? 'Redirecting...' : submitText}
        </Button>
      </form>
    </CardPage>
  );
}

export default SignupPage;

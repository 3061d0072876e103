import { useMutation, useQuery } from '@tanstack/react-query';
import { MailX, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { PublicUser } from '../../domain/account.ts';
import { apiRequest, errorMessage } from '../app/api.ts';
import { queryClient } from '../app/query-client.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { FieldError, Input, Label } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { currentUserKey } from '../features/auth/use-current-user.ts';

interface Invitation {
  organizationName: string;
  role: 'admin' | 'member';
  email: string;
}

type Field = 'firstName' | 'lastName' | 'password' | 'confirmPassword';

/** Spec section 5, invitation signup. */
function checkSignup(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required';
  if (values.password.length < 8) errors.password = 'Password must be at least 8 characters';
  if (values.confirmPassword.length < 8) errors.confirmPassword = 'Please confirm your password';
  else if (values.password !== values.confirmPassword) errors.confirmPassword = "Passwords don't match";
  return errors;
}

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

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const invitation = useQuery<Invitation>({
    queryKey: ['/api/invitations', token],
    enabled: Boolean(token),
    retry: false,
  });
  const signup = useMutation({
    mutationFn: (input: { token: string; firstName: string; lastName: string; password: string }) =>
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      (['firstName', 'lastName', 'password', 'confirmPassword'] as const).map((field) => [
        field,
        String(data.get(field) ?? ''),
      ]),
    ) as Record<Field, string>;
    const found = checkSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signup.mutate(
      { token, firstName: values.firstName.trim(), lastName: values.lastName.trim(), password: values.password },
      {
        onSuccess: (user) => {
          queryClient.setQueryData(currentUserKey, user);
          toast({ title: 'Welcome to Perch!', description: `You have joined ${invitation.data.organizationName}.` });
          setTimeout(() => navigate('/'), 2000);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to create account'),
            variant: 'destructive',
          }),
      },
    );
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

  return (
    <CardPage>
      <div className="mb-6 text-center">
        <UserPlus className="mx-auto size-10 text-brand-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Join {invitation.data.organizationName}</h1>
        <p className="mt-1 text-sm text-slate-600">
          You are invited as <strong className="font-semibold">{invitation.data.role}</strong> with{' '}
          <strong className="font-semibold">{invitation.data.email}</strong>.
        </p>
      </div>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          {field('firstName', 'First name', 'text', 'given-name')}
          {field('lastName', 'Last name', 'text', 'family-name')}
        </div>
        {field('password', 'Password', 'password', 'new-password')}
        {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
        <Button type="submit" disabled={signup.isPending || signup.isSuccess}>
          {signup.isPending ? 'Creating account...' : signup.isSuccess ? 'Redirecting...' : 'Create Account'}
        </Button>
      </form>
    </CardPage>
  );
}

export default SignupPage;

import { zodResolver } from '@hookform/resolvers/zod';
import { Bell, LayoutGrid, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import { accountMessages, loginSchema, registerSchema } from '#domain/account.ts';
import { errorMessage } from '../app/api.ts';
import { showErrorToast } from '../app/error-toast.ts';
import { returnPathFrom, returnToParameter } from '../app/return-address.ts';
import { Brand } from '../components/layout/brand.tsx';
import { PageShell } from '../components/layout/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { type ToastOptions, toast } from '../components/ui/use-toast.ts';
import { ForgotPasswordDialog, signUpFieldProblem, useLogin, useRegister } from '../features/auth/index.ts';
import { PasskeySignIn } from '../features/passkeys/index.ts';
import { SsoSignIn } from '../features/sso/index.ts';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/**
 * Both forms say their problem in one toast, checked on submit: missing information before anything else, then
 * the first field's problem in the order given (what the server would have answered). Sign-up also says each
 * field's problem beside it (issue 27).
 */
function firstProblem<Fields extends Record<string, unknown>>(
  errors: FieldErrors<Fields>,
  order: ReadonlyArray<keyof Fields & string>,
): string {
  const messages = order.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? [message] : [];
  });
  return messages.includes(accountMessages.missingInformation)
    ? accountMessages.missingInformation
    : (messages[0] ?? 'Invalid input');
}

const formOptions = { reValidateMode: 'onSubmit', shouldFocusError: false } as const;

function SignInForm() {
  const [, navigate] = useLocation();
  // A page that sent the visitor here to sign in (a desk's QR code) takes them back itself, once signed in
  // (the router's BackAfterSignIn): navigating now would reach it before the signed-in routes do.
  const [searchParams] = useSearchParams();
  const hasReturnPath = returnPathFrom(searchParams.get(returnToParameter)) !== null;
  const login = useLogin();
  const { control, register, handleSubmit } = useForm({
    ...formOptions,
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = handleSubmit(
    (input) =>
      login.mutate(input, {
        onSuccess: () => {
          if (!hasReturnPath) navigate('/');
        },
        onError: (error) =>
          toast({
            title: 'Sign in failed',
            description: errorMessage(error, 'Invalid email or password'),
            variant: 'destructive',
          }),
      }),
    (errors) => {
      const problem = firstProblem(errors, ['email', 'password']);
      toast(
        problem === accountMessages.missingInformation
          ? {
              title: 'Missing information',
              description: 'Please enter your email and password.',
              variant: 'destructive',
            }
          : { title: 'Sign in failed', description: problem, variant: 'destructive' },
      );
    },
  );
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField control={control} name="email" id="signin-email" label="Email" isErrorShown={false}>
        {(field) => (
          <Input {...field} {...register('email')} type="email" autoComplete="email" placeholder="you@company.com" />
        )}
      </FormField>
      <FormField
        control={control}
        name="password"
        id="signin-password"
        label="Password"
        labelAside={<ForgotPasswordDialog />}
        isErrorShown={false}
      >
        {(field) => <Input {...field} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function signUpProblemToast(problem: string): ToastOptions {
  if (problem === accountMessages.missingInformation) {
    return { title: 'Missing information', description: 'Please enter your email and a password.' };
  }
  if (problem === accountMessages.registerPasswordTooShort)
    return { title: 'Password too short', description: problem };
  return { title: 'Error', description: problem };
}

function SignUpForm() {
  const [, navigate] = useLocation();
  const register = useRegister();
  const [pendingVerification, setPendingVerification] = useState<string | null>(null);
  const form = useForm({
    ...formOptions,
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const onSubmit = form.handleSubmit(
    (input) =>
      register.mutate(input, {
        onSuccess: (answer) => {
          if ('requiresVerification' in answer) setPendingVerification(answer.message);
          else navigate('/');
        },
        onError: (error) => {
          showErrorToast(error, 'Failed to create account');
          // The field the server's refusal is about says it too (a taken address, a password it would not take).
          const problem = signUpFieldProblem(error);
          if (problem) form.setError(problem.field, { type: 'server', message: problem.message });
        },
      }),
    (errors) => {
      // A short password is named before the other fields' problems, as it was before the server was asked.
      const problem = firstProblem(errors, ['password', 'email', 'firstName', 'lastName']);
      toast({ ...signUpProblemToast(problem), variant: 'destructive' });
    },
  );
  if (pendingVerification) {
    return (
      <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        {pendingVerification}
      </div>
    );
  }
  const { control } = form;
  // Beside an empty field, 'Missing information' (the toast's title) says less than what to do.
  const { errors } = form.formState;
  const emptyFieldError = (name: 'email' | 'password', text: string) =>
    errors[name]?.message === accountMessages.missingInformation ? text : undefined;
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <FormField control={control} name="firstName" id="signup-first-name" label="First name">
          {(field) => <Input {...field} {...form.register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField control={control} name="lastName" id="signup-last-name" label="Last name">
          {(field) => <Input {...field} {...form.register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField
        control={control}
        name="email"
        id="signup-email"
        label="Email"
        error={emptyFieldError('email', 'Please enter your email address')}
      >
        {(field) => (
          <Input
            {...field}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
          />
        )}
      </FormField>
      <FormField
        control={control}
        name="password"
        id="signup-password"
        label="Password"
        description="At least 8 characters."
        error={emptyFieldError('password', 'Please choose a password')}
      >
        {(field) => <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

const highlights = [
  {
    icon: LayoutGrid,
    title: 'Visual floor plans',
    text: 'See every desk on your real office layout and book with one click.',
  },
  { icon: Bell, title: 'Email notifications', text: 'Confirmations and calendar invites for every booking.' },
  { icon: Users, title: 'Team management', text: 'Invite colleagues, assign roles and see who is in today.' },
];

export function AuthPage() {
  const [searchParams] = useSearchParams();
  const isVerificationInvalid = searchParams.get('verification') === 'invalid';
  return (
    <PageShell>
      <main className="grid flex-1 lg:grid-cols-2">
        <div className="flex flex-col px-6 py-8 sm:px-12">
          <Brand />
          <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome to Perch</h1>
            <p className="mt-1 mb-6 text-sm text-slate-600">
              Sign in to book your desk, or create an account to get started.
            </p>
            {isVerificationInvalid && (
              <p
                role="alert"
                className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              >
                This confirmation link is invalid or has already been used. Sign in and we will send you a new one.
              </p>
            )}
            <Tabs.Root defaultValue="signin">
              <Tabs.List aria-label="Sign in or sign up" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
                <Tabs.Trigger value="signin" className={tabClass}>
                  Sign In
                </Tabs.Trigger>
                <Tabs.Trigger value="signup" className={tabClass}>
                  Sign Up
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="signin">
                <SignInForm />
                <PasskeySignIn />
                <SsoSignIn />
              </Tabs.Content>
              <Tabs.Content value="signup">
                <SignUpForm />
              </Tabs.Content>
            </Tabs.Root>
          </div>
        </div>
        <aside
          aria-label="Why Perch"
          className="hidden flex-col justify-center bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 px-12 py-16 text-white lg:flex"
        >
          <h2 className="text-3xl font-bold tracking-tight">Smart hot desk booking for hybrid teams</h2>
          <p className="mt-3 max-w-md text-brand-100">
            Everything your office needs to share desks without the spreadsheets.
          </p>
          <ul className="mt-10 grid max-w-md gap-6">
            {highlights.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-brand-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </main>
    </PageShell>
  );
}

export default AuthPage;

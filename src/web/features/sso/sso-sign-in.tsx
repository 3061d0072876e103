import { Building2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { isSsoRefusal, ssoRefusals, ssoStartSchema } from '#domain/sso.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { useStartSso } from './start-sso.ts';

/**
 * "Sign in with single sign-on" on /auth: reveals a work e-mail field and continues to the organization's provider.
 * A refused sign-in comes back with ?sso=<code>, explained here.
 */
export function SsoSignIn() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('sso');
  const [isOpen, setIsOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartSso();
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoStartSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setProblem(null);
    start.mutate(parsed.data.email, {
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
      onError: (error) => setProblem(errorMessage(error, 'Single sign-on could not start. Please try again.')),
    });
  };

  return (
    <div className="mt-3 grid gap-3">
      {isSsoRefusal(code) && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {ssoRefusals[code]}
        </p>
      )}
      {isOpen ? (
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby={`${fieldId}-title`}
          className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <h2 id={`${fieldId}-title`} className="text-sm font-semibold text-slate-900">
            Single sign-on
          </h2>
          <p className="-mt-1 mb-1 text-sm text-slate-600">
            Enter your work email: we send you to your organization’s sign-in page.
          </p>
          <Label htmlFor={fieldId}>Work email</Label>
          <Input
            id={fieldId}
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
          />
          {problem && <FieldError id={`${fieldId}-problem`} message={problem} />}
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Going to your provider…' : 'Continue with single sign-on'}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="secondary" className="w-full" onClick={() => setIsOpen(true)}>
          <Building2 className="size-4" aria-hidden="true" />
          Sign in with single sign-on
        </Button>
      )}
    </div>
  );
}

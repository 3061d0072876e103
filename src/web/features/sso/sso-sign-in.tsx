import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'wouter';
import { isSsoRefusal, type SsoStartResponse, ssoEmailStartSchema, ssoRefusals } from '#domain/sso.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { rememberSsoLinkOffer } from './pending-sso-link.ts';
import { useStartSso } from './start-sso.ts';

const panelClass = 'grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4';

/**
 * Where the browser is about to go, named before it leaves Perch: a link to an organization's sign-in that someone
 * else sent would otherwise take a person to a provider they did not choose. The focus starts on Continue.
 */
function SsoDestination({ destination, onCancel }: { destination: SsoStartResponse; onCancel: () => void }) {
  const id = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const continueRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    continueRef.current?.focus({ preventScroll: true });
    // The whole choice in view, Cancel too: it sits beneath the password form.
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section ref={sectionRef} aria-labelledby={`${id}-title`} className={panelClass}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Single sign-on
      </h2>
      <p id={`${id}-where`} className="text-sm text-slate-900">
        You are going to <strong className="font-semibold">{destination.organizationName}</strong>’s sign-in at{' '}
        <strong className="font-semibold wrap-anywhere">{destination.providerHost}</strong>.
      </p>
      <p className="mb-1 text-sm text-slate-600">Continue only if this is where you meant to sign in.</p>
      <Button asChild className="h-auto min-h-10 py-2 text-center whitespace-normal">
        <a ref={continueRef} href={destination.redirectUrl} aria-describedby={`${id}-where`}>
          <span className="wrap-anywhere">Continue to {destination.providerHost}</span>
        </a>
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}

/**
 * "Sign in with single sign-on" on /auth: a work e-mail finds the organization that verified its domain, and the page
 * says whose sign-in, at which host, before the browser leaves. Opened as /auth?organization=<slug or id> (from
 * GET /api/login), it starts for that organization by itself. A refused sign-in comes back with ?sso=<code>.
 */
export function SsoSignIn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('sso');
  const organization = searchParams.get('organization');
  const [isOpen, setIsOpen] = useState(organization !== null);
  // The address's problem, or the server's answer to it, is said under the field until the next try.
  const { control, register, handleSubmit, setError } = useForm({
    resolver: zodResolver(ssoEmailStartSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [organizationProblem, setOrganizationProblem] = useState<string | null>(null);
  const [destination, setDestination] = useState<SsoStartResponse | null>(null);
  const start = useStartSso();
  const { mutate } = start;
  const fieldId = useId();
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    // A refused sign-in waits in this browser for its account's owner: ask once they have signed in (SsoLinkPrompt).
    if (code === 'account-not-linked') rememberSsoLinkOffer();
  }, [code]);
  useEffect(() => {
    if (!organization || startedFor.current === organization) return;
    startedFor.current = organization;
    setIsOpen(true);
    mutate(
      { organization },
      {
        onSuccess: setDestination,
        onError: (error) =>
          setOrganizationProblem(errorMessage(error, 'Single sign-on could not start. Please try again.')),
      },
    );
  }, [organization, mutate]);

  const submit = handleSubmit((input) =>
    mutate(input, {
      onSuccess: setDestination,
      onError: (error) =>
        setError('email', { message: errorMessage(error, 'Single sign-on could not start. Please try again.') }),
    }),
  );

  // Back to the work e-mail form, where nothing starts by itself again.
  const cancel = () => {
    setDestination(null);
    if (organization !== null) {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('organization');
          return next;
        },
        { replace: true },
      );
    }
  };

  const isFindingOrganization = organization !== null && start.isPending && !destination;

  return (
    <div className="mt-3 grid gap-3">
      {isSsoRefusal(code) && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {ssoRefusals[code]}
          {code === 'account-not-linked' && (
            <span className="mt-1 block">
              {' '}
              If this account is yours, sign in with your password or passkey here: Perch will then ask whether to link
              it to your organization’s single sign-on.
            </span>
          )}
        </p>
      )}
      {destination ? (
        <SsoDestination destination={destination} onCancel={cancel} />
      ) : isFindingOrganization ? (
        <p role="status" className={`${panelClass} text-sm text-slate-700`}>
          Looking for your organization’s sign-in…
        </p>
      ) : isOpen ? (
        <form onSubmit={submit} noValidate aria-labelledby={`${fieldId}-title`} className={panelClass}>
          <h2 id={`${fieldId}-title`} className="text-sm font-semibold text-slate-900">
            Single sign-on
          </h2>
          {organizationProblem && (
            <p role="alert" className="text-sm text-red-700">
              {organizationProblem}
            </p>
          )}
          <p className="-mt-1 mb-1 text-sm text-slate-600">
            Enter your work email: we find your organization’s sign-in page.
          </p>
          <FormField control={control} name="email" id={fieldId} label="Work email">
            {(field) => <Input {...field} {...register('email')} type="email" autoComplete="email" autoFocus />}
          </FormField>
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Finding your organization…' : 'Continue with single sign-on'}
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

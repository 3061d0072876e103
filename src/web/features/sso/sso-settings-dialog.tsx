import { type FormEvent, useCallback, useId, useState } from 'react';
import type { OrganizationView } from '#domain/organization.ts';
import { type SsoSettings, ssoConnectionInputSchema } from '#domain/sso.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { CopyableValue } from '#web/components/ui/copyable-value.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useSsoSettings } from './get-sso-settings.ts';
import { useRemoveSsoSettings, useSaveSsoSettings } from './save-sso-settings.ts';
import { SsoDomainList } from './sso-domain-list.tsx';
import { savedSsoDescription } from './sso-words.ts';

type Field = 'issuer' | 'clientId' | 'clientSecret' | 'domains';

/** Which field a server sentence is about, so it shows under that field; else under the form. */
function fieldOf(message: string): Field | undefined {
  if (/issuer|discovery/i.test(message)) return 'issuer';
  if (/client id/i.test(message)) return 'clientId';
  if (/client secret|clientSecret/i.test(message)) return 'clientSecret';
  if (/domain/i.test(message)) return 'domains';
  return undefined;
}

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  type?: string;
  placeholder?: string;
  hint?: string;
}) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : '', props.problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete={props.type === 'password' ? 'new-password' : 'off'}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.problem !== undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      )}
      {props.problem && <FieldError id={`${id}-problem`} message={props.problem} />}
    </div>
  );
}

function SsoSettingsForm({
  organization,
  settings,
  onClose,
}: {
  organization: OrganizationView;
  settings: SsoSettings;
  onClose: () => void;
}) {
  const save = useSaveSsoSettings(organization.id);
  const remove = useRemoveSsoSettings(organization.id);
  const saved = settings.configured ? settings : undefined;
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.domains.join(', ') ?? '');
  const [required, setRequired] = useState(saved?.required ?? false);
  const [problems, setProblems] = useState<Partial<Record<Field | 'form', string>>>({});
  const switchId = useId();
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  // Once saved with a domain still to prove, its record (the next step) is brought into view.
  const [domainToShow, setDomainToShow] = useState<string | null>(null);
  const onDomainShown = useCallback(() => setDomainToShow(null), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoConnectionInputSchema.safeParse({
      issuer,
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
      domains: domains.split(/[\s,;]+/).filter(Boolean),
      required,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as Field;
        found[name] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    if (!saved && !clientSecret) {
      setProblems({ clientSecret: 'Enter the client secret your provider gave you' });
      return;
    }
    setProblems({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast({ title: 'Single sign-on saved', description: savedSsoDescription(answer, organization.name) });
        setClientSecret('');
        if (answer.configured) setDomainToShow(answer.domainStatus.find((entry) => !entry.verified)?.domain ?? null);
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to save single sign-on');
        setProblems({ [fieldOf(message) ?? 'form']: message });
      },
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
        <CopyableValue
          label="Callback address"
          hint="Register it at your provider as the redirect URI."
          value={settings.callbackUrl}
          copyLabel="Copy the callback address"
          copiedTitle="Callback address copied"
        />
        <TextField
          label="Issuer URL"
          value={issuer}
          onChange={setIssuer}
          problem={problems.issuer}
          placeholder="https://accounts.google.com"
        />
        <TextField label="Client id" value={clientId} onChange={setClientId} problem={problems.clientId} />
        <TextField
          label="Client secret"
          type="password"
          value={clientSecret}
          onChange={setClientSecret}
          problem={problems.clientSecret}
          placeholder={saved?.hasClientSecret ? 'Saved — leave empty to keep' : undefined}
        />
        <TextField
          label="E-mail domains"
          value={domains}
          onChange={setDomains}
          problem={problems.domains}
          placeholder="example.com, example.org"
          hint="People whose work e-mail is at these domains sign in with this provider, once you have proven the domain with a DNS record."
        />
        <div className="grid grid-cols-[1fr_auto] items-start gap-x-4">
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900">
            Require single sign-on for members
          </label>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={required}
            aria-checked={required}
            aria-describedby={`${switchId}-hint`}
            onChange={(event) => setRequired(event.target.checked)}
            className="relative mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-[''] checked:before:translate-x-4"
          />
          <p id={`${switchId}-hint`} className="col-span-2 text-sm text-slate-600">
            Members can no longer sign in with a password or a passkey. Admins keep theirs as a way back in.
          </p>
        </div>
        {problems.form && (
          <p role="alert" className="text-sm text-red-700">
            {problems.form}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {saved && (
            <Button
              type="button"
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => setIsConfirmingRemove(true)}
            >
              Remove
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Checking the provider…' : 'Save'}
          </Button>
        </div>
        <ConfirmDialog
          open={isConfirmingRemove}
          onOpenChange={setIsConfirmingRemove}
          title="Remove single sign-on?"
          description={`People of ${organization.name} can no longer sign in with your provider, and the client secret is forgotten: connecting again needs it. Members sign in with a password or a passkey.`}
          confirmLabel="Remove single sign-on"
          cancelLabel="Keep it"
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast({ title: 'Single sign-on removed', description: 'Members sign in with a password again.' });
                onClose();
              },
              onError: (error) =>
                toast({
                  title: 'Remove failed',
                  description: errorMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        />
      </form>
      {saved && (
        <SsoDomainList
          organizationId={organization.id}
          domainStatus={saved.domainStatus}
          domainToShow={domainToShow}
          onDomainShown={onDomainShown}
        />
      )}
    </>
  );
}

/** The "Sign-in" admin screen: the organization's OpenID Connect provider. */
export function SsoSettingsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const settings = useSsoSettings(organization.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Sign-in"
        description="Let people sign in with your organization’s OpenID Connect provider."
        size="lg"
      >
        {settings.data ? (
          <SsoSettingsForm organization={organization} settings={settings.data} onClose={onClose} />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(settings.error, 'Failed to load the sign-in settings')}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Loading…</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

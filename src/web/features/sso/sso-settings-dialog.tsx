import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrganizationView } from '#domain/organization.ts';
import { type SsoConnectionFields, type SsoSettings, ssoConnectionFormSchema } from '#domain/sso.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { CopyableValue } from '#web/components/ui/copyable-value.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useSsoSettings } from './get-sso-settings.ts';
import { useRemoveSsoSettings, useSaveSsoSettings } from './save-sso-settings.ts';
import { SsoDomainList } from './sso-domain-list.tsx';
import { savedSsoDescription } from './sso-words.ts';

type TextFieldName = Exclude<keyof SsoConnectionFields, 'required'>;

/** Which field a server sentence is about, so it shows under that field; else under the form. */
function fieldOf(message: string): TextFieldName | undefined {
  if (/issuer|discovery/i.test(message)) return 'issuer';
  if (/client id/i.test(message)) return 'clientId';
  if (/client secret|clientSecret/i.test(message)) return 'clientSecret';
  if (/domain/i.test(message)) return 'domains';
  return undefined;
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
  // Problems, the schema's or the server's, are said on submit and stay until the next one.
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ssoConnectionFormSchema({ isFirstConnection: !saved })),
    defaultValues: {
      issuer: saved?.issuer ?? '',
      clientId: saved?.clientId ?? '',
      clientSecret: '',
      domains: saved?.domains.join(', ') ?? '',
      required: saved?.required ?? false,
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  // Once saved with a domain still to prove, its record (the next step) is brought into view.
  const [domainToShow, setDomainToShow] = useState<string | null>(null);
  const onDomainShown = useCallback(() => setDomainToShow(null), []);

  const submit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        toast({ title: 'Single sign-on saved', description: savedSsoDescription(answer, organization.name) });
        setValue('clientSecret', '');
        if (answer.configured) setDomainToShow(answer.domainStatus.find((entry) => !entry.verified)?.domain ?? null);
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to save single sign-on');
        setError(fieldOf(message) ?? 'root.server', { type: 'server', message });
      },
    }),
  );

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
        <FormField control={control} name="issuer" label="Issuer URL">
          {(field) => (
            <Input {...field} {...register('issuer')} autoComplete="off" placeholder="https://accounts.google.com" />
          )}
        </FormField>
        <FormField control={control} name="clientId" label="Client id">
          {(field) => <Input {...field} {...register('clientId')} autoComplete="off" />}
        </FormField>
        <FormField control={control} name="clientSecret" label="Client secret">
          {(field) => (
            <Input
              {...field}
              {...register('clientSecret')}
              type="password"
              autoComplete="new-password"
              placeholder={saved?.hasClientSecret ? 'Saved — leave empty to keep' : undefined}
            />
          )}
        </FormField>
        <FormField
          control={control}
          name="domains"
          label="E-mail domains"
          description="People whose work e-mail is at these domains sign in with this provider, once you have proven the domain with a DNS record."
        >
          {(field) => (
            <Input {...field} {...register('domains')} autoComplete="off" placeholder="example.com, example.org" />
          )}
        </FormField>
        <SwitchField
          control={control}
          name="required"
          label="Require single sign-on for members"
          description="Members can no longer sign in with a password or a passkey. Admins keep theirs as a way back in."
        />
        {errors.root?.server && (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.server.message}
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

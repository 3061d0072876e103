import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, LogOut, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Redirect, useLocation } from 'wouter';
import { createOrganizationSchema, deriveSlug, isTimeZone } from '#domain/organization.ts';
import { showErrorToast } from '../app/error-toast.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { PageLoading } from '../components/layout/page-loading.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { LostOrganizationsNotice, useLostOrganizations } from '../features/lost-organizations/index.ts';
import { useCreateOrganization, useOrganizations } from '../features/organizations/index.ts';
import { dismissLostOrganizations, signOut, useCurrentUser } from '../features/session/index.ts';
import { TimeZoneField } from '../features/sites/index.ts';
import { SsoLinkPrompt } from '../features/sso/index.ts';
import { usePaymentSetup } from '../features/subscriptions/index.ts';

/** The browser's zone when the schema takes it, else UTC: the creator sees it and may choose another (issue 28). */
function browserTimeZone(): string {
  try {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Names the organizations the user was removed from (the main view sends them here when none is left). */
function LostOrganizations({ userId, onDismissed }: { userId: string; onDismissed: () => void }) {
  const organizations = useOrganizations();
  const { lost, dismiss } = useLostOrganizations(userId, organizations.data);
  if (lost.length === 0) return null;
  return (
    <div className="mb-6">
      <LostOrganizationsNotice
        lost={lost}
        onDismiss={() => {
          dismiss();
          onDismissed();
        }}
      />
    </div>
  );
}

export function SetupPage() {
  const { user, isAuthenticated, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const create = useCreateOrganization();
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  // Problems are said on submit and stay until the next one.
  const { control, register, handleSubmit, setValue } = useForm({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: '', slug: '', timeZone: browserTimeZone() },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // No organization says yet whether this server sells subscriptions: the payment setup does (mode 'off').
  const setup = usePaymentSetup(isAuthenticated);

  if (isLoading) return <PageLoading />;
  if (!isAuthenticated || !user) return <Redirect to="/auth" />;

  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (organization) => {
        // The notice of a removal was on this page; the new organization's dashboard need not repeat it.
        dismissLostOrganizations(user.id);
        toast({ title: 'Organization created', description: `Welcome to ${organization.name}!` });
        navigate('/');
      },
      onError: (error) => showErrorToast(error, 'Failed to create organization'),
    }),
  );

  return (
    <CardPage className="max-w-lg">
      <LostOrganizations userId={user.id} onDismissed={() => document.getElementById('organization-name')?.focus()} />
      <SsoLinkPrompt />
      <div className="mb-6 flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Building2 className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Set up your organization</h1>
          <p className="mt-1 text-sm text-slate-600">
            Create a workspace for your office.
            {setup.data?.mode === 'off' && ' Every feature is included, with no seat limit.'}
            {setup.data && setup.data.mode !== 'off' && ' You start with a free 14-day trial.'}
          </p>
        </div>
      </div>
      <form onSubmit={onSubmit} className="grid gap-5" noValidate>
        <FormField control={control} name="name" id="organization-name" label="Organization name">
          {(field) => (
            <Input
              {...field}
              {...register('name', {
                // The slug is made from the name until it is changed by hand.
                onChange: (event) => {
                  if (!isSlugEdited) setValue('slug', deriveSlug(event.target.value));
                },
              })}
              placeholder="Acme Inc."
            />
          )}
        </FormField>
        <FormField
          control={control}
          name="slug"
          id="organization-slug"
          label="Slug"
          description="Lowercase letters, numbers and hyphens. Made from the name unless you change it."
        >
          {(field) => (
            <Input {...field} {...register('slug', { onChange: () => setIsSlugEdited(true) })} placeholder="acme-inc" />
          )}
        </FormField>
        <TimeZoneField
          control={control}
          id="organization-time-zone"
          description="Bookings, check-in and reminders follow this zone. You can add sites in other zones later."
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Organization'}
        </Button>
      </form>
      <section aria-labelledby="join-heading" className="mt-8 flex items-start gap-3 rounded-xl bg-slate-50 p-4">
        <MailPlus className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="text-sm text-slate-700">
          <h2 id="join-heading" className="font-semibold text-slate-900">
            Joining your team instead?
          </h2>
          <p className="mt-1">
            If your office already uses Perch, there is no need to create an organization. Ask one of its admins to
            invite <span className="font-medium wrap-break-word text-slate-900">{user.email}</span>: the link in the
            invitation e-mail adds you to it.
          </p>
        </div>
      </section>
      <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="min-w-0 flex-1 text-sm wrap-break-word text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{user.email}</span>
        </p>
        <Button variant="secondary" size="sm" onClick={signOut}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </CardPage>
  );
}

export default SetupPage;

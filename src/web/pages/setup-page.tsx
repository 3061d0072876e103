import { Building2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { createOrganizationSchema, deriveSlug } from '../../domain/organization.ts';
import { errorMessage } from '../app/api.ts';
import { PageLoading } from '../app/router.tsx';
import { CardPage } from '../components/layout/card-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { FieldError, Input, Label } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { useCreateOrganization } from '../features/organizations/api.ts';
import { usePaymentSetup } from '../features/subscriptions/get-payment-setup.ts';

type Errors = Partial<Record<'name' | 'slug', string>>;

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function SetupPage() {
  const { isAuthenticated, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // No organization says yet whether this server sells subscriptions: the payment setup does (mode 'off').
  const setup = usePaymentSetup(isAuthenticated);

  useEffect(() => {
    if (!isSlugEdited) setSlug(deriveSlug(name));
  }, [name, isSlugEdited]);

  if (isLoading) return <PageLoading />;
  if (!isAuthenticated) return <Redirect to="/auth" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const timeZone = browserTimeZone();
    const parsed = createOrganizationSchema.safeParse({ name, slug, ...(timeZone ? { timeZone } : {}) });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'slug') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      if (!found.name && !found.slug) submit({ name, slug });
      return;
    }
    setErrors({});
    submit(parsed.data);
  };

  const submit = (input: { name: string; slug: string; timeZone?: string }) =>
    create.mutate(input, {
      onSuccess: (organization) => {
        toast({ title: 'Organization created', description: `Welcome to ${organization.name}!` });
        navigate('/');
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to create organization'),
          variant: 'destructive',
        }),
    });

  return (
    <CardPage className="max-w-lg">
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
        <div className="grid gap-1.5">
          <Label htmlFor="organization-name">Organization name</Label>
          <Input
            id="organization-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Acme Inc."
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? 'organization-name-error' : undefined}
          />
          <FieldError id="organization-name-error" message={errors.name} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="organization-slug">Slug</Label>
          <Input
            id="organization-slug"
            value={slug}
            onChange={(event) => {
              setIsSlugEdited(true);
              setSlug(event.target.value);
            }}
            placeholder="acme-inc"
            aria-invalid={Boolean(errors.slug)}
            aria-describedby={errors.slug ? 'organization-slug-error' : 'organization-slug-hint'}
          />
          <p id="organization-slug-hint" className="text-xs text-slate-500">
            Lowercase letters, numbers and hyphens. Made from the name unless you change it.
          </p>
          <FieldError id="organization-slug-error" message={errors.slug} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Organization'}
        </Button>
      </form>
    </CardPage>
  );
}

export default SetupPage;

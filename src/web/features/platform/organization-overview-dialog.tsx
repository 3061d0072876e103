import { Activity, Building2, History, Search, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useMemo, useState } from 'react';
import type { OrganizationOverview, OrganizationView } from '#domain/organization.ts';
import { ApiError, errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { BillingOffSentence, StatusBadge } from '../billing/index.ts';
import { formatDate, formatUsers } from '../subscriptions/index.ts';
import { AccessState } from './access-state.tsx';
import { usePlatformOrganizations } from './list-organizations.ts';
import { OverrideBadge } from './override-badge.tsx';
import { OverrideHistory } from './override-history.tsx';
import { type PlatformColumn, PlatformTable } from './platform-table.tsx';
import { SubscriptionOverrideDialog } from './subscription-override-dialog.tsx';

function StatTile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-4 pl-[4.25rem]">
      <dt className="text-xs font-medium text-slate-600">
        <span className="absolute top-1/2 left-4 flex size-10 -translate-y-1/2 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function SubscriptionCell({ organization }: { organization: OrganizationOverview }) {
  const { subscription } = organization;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="font-medium text-slate-900">{subscription.plan ?? 'No plan'}</span>
        <StatusBadge subscription={subscription} />
      </div>
      <span className="text-xs text-slate-600">
        {subscription.isBillingOff ? 'No seat limit' : `Up to ${formatUsers(subscription.maxUsers)} users`}
      </span>
      {subscription.isOverridden && (
        <OverrideBadge>Overridden{subscription.overrideReason ? `: ${subscription.overrideReason}` : ''}</OverrideBadge>
      )}
    </div>
  );
}

const organizationColumns: PlatformColumn[] = [
  { label: 'Organization' },
  { label: 'Members', isNumeric: true },
  { label: 'Created' },
  { label: 'Admins' },
  { label: 'Subscription' },
];
const actionsColumn: PlatformColumn = { label: 'Actions', isLabelHidden: true };

/** Billing off is the server's setting: then no organization's subscription can be overridden (the server answers 422). */
const canOverride = (organization: OrganizationOverview) => !organization.subscription.isBillingOff;

function OrganizationsTable({
  organizations,
  onOverride,
}: {
  organizations: OrganizationOverview[];
  onOverride: (organization: OrganizationOverview) => void;
}) {
  const hasActions = organizations.some(canOverride);
  return (
    <PlatformTable
      caption="Organizations"
      columns={hasActions ? [...organizationColumns, actionsColumn] : organizationColumns}
    >
      {organizations.map((organization) => (
        <tr key={organization.id} className="align-top hover:bg-slate-50/60">
          <th scope="row" className="px-4 py-3 font-normal">
            <span className="block font-medium text-slate-900">{organization.name}</span>
            <span className="block text-xs text-slate-600">{organization.slug}</span>
          </th>
          <td className="px-4 py-3 text-right tabular-nums">{formatUsers(organization.member_count)}</td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(organization.created_at) ?? '--'}</td>
          <td className="px-4 py-3 text-slate-700">
            {organization.admin_emails.length === 0 ? (
              <span className="text-slate-500">None</span>
            ) : (
              <ul className="grid gap-0.5">
                {organization.admin_emails.map((email) => (
                  <li key={email} className="break-all">
                    {email}
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className="px-4 py-3">
            <SubscriptionCell organization={organization} />
          </td>
          {hasActions && (
            <td className="px-4 py-3 text-right">
              {canOverride(organization) && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Override subscription of ${organization.name}`}
                  onClick={() => onOverride(organization)}
                >
                  Override
                </Button>
              )}
            </td>
          )}
        </tr>
      ))}
    </PlatformTable>
  );
}

function Overview({ organizations }: { organizations: OrganizationOverview[] }) {
  const [search, setSearch] = useState('');
  const [overridingId, setOverridingId] = useState<string | null>(null);
  const overriding = organizations.find((item) => item.id === overridingId) ?? null;
  const totalMembers = organizations.reduce((sum, item) => sum + item.member_count, 0);
  const isBillingOff = organizations.some((item) => item.subscription.isBillingOff);
  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    if (!wanted) return organizations;
    return organizations.filter(
      (item) =>
        item.name.toLowerCase().includes(wanted) ||
        item.slug.includes(wanted) ||
        item.admin_emails.some((email) => email.toLowerCase().includes(wanted)),
    );
  }, [organizations, search]);

  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3">
        <StatTile
          icon={<Building2 className="size-5" aria-hidden="true" />}
          label="Organizations"
          value={formatUsers(organizations.length)}
        />
        <StatTile
          icon={<Users className="size-5" aria-hidden="true" />}
          label="Total Members"
          value={formatUsers(totalMembers)}
        />
        <StatTile icon={<Activity className="size-5" aria-hidden="true" />} label="Active Today" value="--" />
      </dl>
      {isBillingOff && <BillingOffSentence>{' There are no subscriptions to override.'}</BillingOffSentence>}
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search organizations"
          placeholder="Search by name, slug or admin e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No organization matches “{search}”.
        </p>
      ) : (
        <OrganizationsTable organizations={shown} onOverride={(item) => setOverridingId(item.id)} />
      )}
      {overriding && (
        <SubscriptionOverrideDialog
          key={overriding.id}
          organization={overriding}
          onClose={() => setOverridingId(null)}
        />
      )}
    </>
  );
}

const tabClass =
  'inline-flex items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 ' +
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:border-brand-600 ' +
  'data-[state=active]:text-brand-700';

/** The organizations, and the history of the overrides applied to them. */
function OverviewTabs({ organizations }: { organizations: OrganizationOverview[] }) {
  return (
    <Tabs.Root defaultValue="organizations" className="grid gap-4">
      <Tabs.List aria-label="Platform views" className="flex flex-wrap gap-1 border-b border-slate-200">
        <Tabs.Trigger value="organizations" className={tabClass}>
          <Building2 className="size-4" aria-hidden="true" />
          Organizations
        </Tabs.Trigger>
        <Tabs.Trigger value="override-history" className={tabClass}>
          <History className="size-4" aria-hidden="true" />
          Override history
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="organizations" className="grid gap-4 focus-visible:outline-none">
        <Overview organizations={organizations} />
      </Tabs.Content>
      <Tabs.Content value="override-history" className="focus-visible:outline-none">
        <OverrideHistory />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Spec section 2, Platform screens: every organization, for the admins of the platform organization only. */
export function OrganizationOverviewDialog({
  organization,
  onClose,
}: {
  organization: OrganizationView;
  onClose: () => void;
}) {
  const isAllowed = organization.isPlatform && organization.role === 'admin';
  const list = usePlatformOrganizations(isAllowed);
  const refused = list.error instanceof ApiError && (list.error.status === 401 || list.error.status === 403);

  let body: ReactNode;
  if (!organization.isPlatform) body = <AccessState problem="not-platform" />;
  else if (organization.role !== 'admin') body = <AccessState problem="not-admin" />;
  else if (refused)
    body = <AccessState problem="not-admin" detail={errorMessage(list.error, 'Admin Access Required')} />;
  else if (list.isPending) {
    body = (
      <div role="status" aria-label="Loading organizations" className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
        </div>
        <div className="h-48 animate-pulse rounded-xl bg-slate-100" />
      </div>
    );
  } else if (list.isError) {
    body = <RetryAlert onRetry={() => void list.refetch()}>{errorMessage(list.error, 'Please try again')}</RetryAlert>;
  } else body = <OverviewTabs organizations={list.data} />;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Organization Overview"
        description="Every organization on Perch, its team and its subscription."
        size="2xl"
        className="lg:max-w-5xl"
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}

import { lazy, Suspense } from 'react';
import type { Organization } from '../organizations/index.ts';

// Dialogs opened from the sidebar are fetched when first opened: the dashboard's first paint does not wait for them.
const MyBookingsDialog = lazy(() =>
  import('../bookings/my-bookings-dialog.tsx').then((module) => ({ default: module.MyBookingsDialog })),
);
const TeamBookingsDialog = lazy(() =>
  import('../bookings/team-bookings-dialog.tsx').then((module) => ({ default: module.TeamBookingsDialog })),
);
const OrganizationOverviewDialog = lazy(() =>
  import('../platform/organization-overview-dialog.tsx').then((module) => ({
    default: module.OrganizationOverviewDialog,
  })),
);
const SubscriptionManagementDialog = lazy(() =>
  import('../billing/subscription-management-dialog.tsx').then((module) => ({
    default: module.SubscriptionManagementDialog,
  })),
);
const TeamManagementDialog = lazy(() =>
  import('../team/team-management-dialog.tsx').then((module) => ({ default: module.TeamManagementDialog })),
);

const BookingRulesDialog = lazy(() =>
  import('../booking-rules/booking-rules-dialog.tsx').then((module) => ({ default: module.BookingRulesDialog })),
);

/** Booking rules, opened from the sidebar's admin block and fetched when first opened. */
export function LazyBookingRulesDialog({
  organization,
  onClose,
  onSaved,
}: {
  organization: Organization;
  onClose: () => void;
  onSaved?: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <BookingRulesDialog organization={organization} onClose={onClose} onSaved={onSaved} />
    </Suspense>
  );
}

const SitesDialog = lazy(() => import('../sites/sites-dialog.tsx').then((module) => ({ default: module.SitesDialog })));

/** Sites (issue 28), opened from the sidebar's admin block and fetched when first opened. */
export function LazySitesDialog({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <SitesDialog organization={organization} onClose={onClose} />
    </Suspense>
  );
}

const TeamsDialog = lazy(() => import('../teams/teams-dialog.tsx').then((module) => ({ default: module.TeamsDialog })));

/** Teams (issue 29), opened from the sidebar's admin block and fetched when first opened. */
export function LazyTeamsDialog({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <TeamsDialog organization={organization} onClose={onClose} />
    </Suspense>
  );
}

const SsoSettingsDialog = lazy(() =>
  import('../sso/sso-settings-dialog.tsx').then((module) => ({ default: module.SsoSettingsDialog })),
);

/** The Sign-in (single sign-on) settings, opened from the sidebar's admin block and fetched when first opened. */
export function LazySsoSettingsDialog({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <SsoSettingsDialog organization={organization} onClose={onClose} />
    </Suspense>
  );
}

/** The dialogs the sidebar opens; the roster and a desk's dialog open from the map and the top bar. */
export type SidebarDialog =
  | 'my-bookings'
  | 'team-bookings'
  | 'team-management'
  /** Team Management opened at its invite form (the first-run checklist's Invite the team). */
  | 'team-invite'
  | 'subscription'
  | 'organization-overview';

/** The open sidebar dialog, if any; the admin-only ones only for an admin. */
export function SidebarDialogs({
  open,
  organization,
  currentUserId,
  isAdmin,
  onClose,
}: {
  open: SidebarDialog | 'roster' | 'book' | null;
  organization: Organization;
  currentUserId: string;
  isAdmin: boolean;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {open === 'my-bookings' && <MyBookingsDialog organization={organization} onClose={onClose} />}
      {open === 'team-bookings' && isAdmin && <TeamBookingsDialog organization={organization} onClose={onClose} />}
      {(open === 'team-management' || open === 'team-invite') && (
        <TeamManagementDialog
          organization={organization}
          currentUserId={currentUserId}
          onClose={onClose}
          isInviting={open === 'team-invite'}
        />
      )}
      {open === 'subscription' && isAdmin && (
        <SubscriptionManagementDialog organization={organization} onClose={onClose} />
      )}
      {open === 'organization-overview' && <OrganizationOverviewDialog organization={organization} onClose={onClose} />}
    </Suspense>
  );
}

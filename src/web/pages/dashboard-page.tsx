import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import type { PublicUser } from '../../domain/account.ts';
import type { BookingView } from '../../domain/bookings.ts';
import { todayIn } from '../../domain/dates.ts';
import { isSubscriptionEnabled } from '../../domain/subscription.ts';
import { ApiError } from '../app/api.ts';
import { PageLoading } from '../app/router.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Button } from '../components/ui/button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { useOrganizationBookings } from '../features/bookings/api.ts';
import { BookDeskDialog } from '../features/bookings/book-desk-dialog.tsx';
import { bookingLinesByDesk } from '../features/bookings/desk-booking-lines.ts';
import { MyBookingsDialog } from '../features/bookings/my-bookings-dialog.tsx';
import { RosterDialog } from '../features/bookings/roster-dialog.tsx';
import { TeamBookingsDialog } from '../features/bookings/team-bookings-dialog.tsx';
import { Sidebar } from '../features/dashboard/sidebar.tsx';
import { TodayStatistics } from '../features/dashboard/statistics.tsx';
import { TopBar } from '../features/dashboard/top-bar.tsx';
import { type Desk, useFloorDesks } from '../features/desks/list-floor-desks.ts';
import { availabilityByDesk, summariseAvailability } from '../features/floor-plan/availability.ts';
import { FloorPlanView } from '../features/floor-plan/floor-plan-view.tsx';
import { AddFloorDialog } from '../features/floors/add-floor-dialog.tsx';
import { useFloors } from '../features/floors/list-floors.ts';
import { type Organization, useOrganizations } from '../features/organizations/api.ts';
import { OrganizationOverviewDialog } from '../features/platform/organization-overview-dialog.tsx';
import { useLiveUpdates } from '../features/realtime/use-live-updates.ts';
import { refreshSubscriptionCaches } from '../features/subscriptions/refresh-subscription.ts';
import { SubscriptionManagementDialog } from '../features/subscriptions/subscription-management-dialog.tsx';
import { TeamManagementDialog } from '../features/team/team-management-dialog.tsx';

/**
 * Spec section 2: the subscription return parameters show a toast once and are then removed from the
 * address (history.replaceState, so Back does not show the toast again).
 */
function useSubscriptionReturnToast() {
  const [searchParams] = useSearchParams();
  const state = searchParams.get('subscription');
  useEffect(() => {
    if (state === null) return;
    if (state === 'success') {
      toast({ title: 'Subscription activated', description: 'Thank you! Your subscription is now active.' });
      void refreshSubscriptionCaches();
    } else if (state === 'cancelled') {
      toast({ title: 'Subscription cancelled', description: 'No charges have been made.', variant: 'destructive' });
    }
    const url = new URL(window.location.href);
    url.searchParams.delete('subscription');
    url.searchParams.delete('subscription_id');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [state]);
}

const noDesks: Desk[] = [];
const noBookings: BookingView[] = [];

type OpenDialog =
  | { kind: 'book'; deskId: string }
  | { kind: 'my-bookings' | 'team-bookings' | 'team-management' | 'roster' | 'subscription' | 'organization-overview' }
  | null;

function FloorArea({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-[320px] flex-1 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      {children}
    </div>
  );
}

/** One organization's dashboard; remounted when the organization changes, so its choices start fresh. */
function Workspace({
  user,
  organizations,
  organization,
  onOrganizationChange,
}: {
  user: PublicUser;
  organizations: Organization[];
  organization: Organization;
  onOrganizationChange: (id: string) => void;
}) {
  const floors = useFloors(organization.id);
  const [floorId, setFloorId] = useState<string | null>(null);
  const floor = floors.data?.find((item) => item.id === floorId) ?? floors.data?.[0];
  const desks = useFloorDesks(floor?.id);
  const [date, setDate] = useState(() => todayIn(organization.timeZone));
  const [wantsEditMode, setWantsEditMode] = useState(false);
  const [isAddingFloor, setIsAddingFloor] = useState(false);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const dayBookings = useOrganizationBookings(organization.id, date, date);
  const liveStatus = useLiveUpdates(organization.id, user.id);
  const bookings = dayBookings.data ?? noBookings;

  const isAdmin = organization.role === 'admin';
  const canEdit = isAdmin && isSubscriptionEnabled(organization.subscription, new Date());
  const isEditMode = wantsEditMode && canEdit && floor !== undefined;

  const deskList = desks.data ?? noDesks;
  // Only desks with bookings need an entry: the canvas shows every other desk as available.
  const availability = useMemo(
    () => availabilityByDesk([...new Set(bookings.map((booking) => booking.deskId))], bookings, date),
    [bookings, date],
  );
  const bookingLines = useMemo(() => bookingLinesByDesk(bookings, date), [bookings, date]);
  const statistics = useMemo(
    () =>
      desks.data
        ? summariseAvailability(
            desks.data.map((desk) => desk.id),
            bookings,
            date,
          )
        : null,
    [desks.data, bookings, date],
  );
  const bookingDesk = openDialog?.kind === 'book' ? deskList.find((desk) => desk.id === openDialog.deskId) : undefined;
  const closeDialog = () => setOpenDialog(null);

  let floorArea: ReactNode;
  if (floors.isPending) {
    floorArea = (
      <FloorArea>
        <p role="status">Loading floors…</p>
      </FloorArea>
    );
  } else if (floors.isError) {
    floorArea = (
      <FloorArea>
        <div role="alert">
          <p className="font-medium text-slate-800">The floors could not be loaded.</p>
          <Button className="mt-3" variant="secondary" onClick={() => void floors.refetch()}>
            Try again
          </Button>
        </div>
      </FloorArea>
    );
  } else if (!floor) {
    floorArea = (
      <FloorArea>
        <p className="text-slate-700">No floors yet. An admin of {organization.name} can add one with Add Floor.</p>
      </FloorArea>
    );
  } else {
    floorArea = (
      <>
        {desks.isError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            The desks of {floor.name} could not be loaded. Use Refresh Data to try again.
          </p>
        )}
        <FloorPlanView
          organization={organization}
          floor={floor}
          desks={deskList}
          isLoading={desks.isPending}
          isEditMode={isEditMode}
          availability={availability}
          bookingLines={bookingLines}
          onDeskActivate={(deskId) => setOpenDialog({ kind: 'book', deskId })}
        />
      </>
    );
  }

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <Sidebar
        organizations={organizations}
        organization={organization}
        onOrganizationChange={onOrganizationChange}
        floors={floors.data ?? []}
        isLoadingFloors={floors.isPending}
        selectedFloorId={floor?.id}
        onFloorChange={setFloorId}
        onAddFloor={() => setIsAddingFloor(true)}
        isEditMode={isEditMode}
        onEditModeChange={setWantsEditMode}
        onOpenMyBookings={() => setOpenDialog({ kind: 'my-bookings' })}
        onOpenTeamBookings={() => setOpenDialog({ kind: 'team-bookings' })}
        onOpenTeamManagement={() => setOpenDialog({ kind: 'team-management' })}
        onOpenSubscription={() => setOpenDialog({ kind: 'subscription' })}
        onOpenOrganizationOverview={() => setOpenDialog({ kind: 'organization-overview' })}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          date={date}
          onDateChange={setDate}
          onOpenRoster={() => setOpenDialog({ kind: 'roster' })}
          liveStatus={liveStatus}
        />
        <main className="flex flex-1 flex-col gap-4 p-4 sm:p-6">
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{organization.name}</h1>
            <p className="text-sm text-slate-600">Floor plan</p>
          </div>
          <TodayStatistics statistics={statistics} />
          {floorArea}
        </main>
        <Footer />
      </div>
      {bookingDesk && (
        <BookDeskDialog organization={organization} desk={bookingDesk} initialDate={date} onClose={closeDialog} />
      )}
      {openDialog?.kind === 'my-bookings' && <MyBookingsDialog organization={organization} onClose={closeDialog} />}
      {openDialog?.kind === 'team-bookings' && isAdmin && (
        <TeamBookingsDialog organization={organization} onClose={closeDialog} />
      )}
      {openDialog?.kind === 'team-management' && (
        <TeamManagementDialog organization={organization} currentUserId={user.id} onClose={closeDialog} />
      )}
      {openDialog?.kind === 'subscription' && isAdmin && (
        <SubscriptionManagementDialog organization={organization} onClose={closeDialog} />
      )}
      {openDialog?.kind === 'organization-overview' && (
        <OrganizationOverviewDialog organization={organization} onClose={closeDialog} />
      )}
      {openDialog?.kind === 'roster' && <RosterDialog organization={organization} date={date} onClose={closeDialog} />}
      {isAdmin && (
        <AddFloorDialog
          organizationId={organization.id}
          open={isAddingFloor}
          onOpenChange={setIsAddingFloor}
          onCreated={(created) => setFloorId(created.id)}
        />
      )}
    </div>
  );
}

export function DashboardPage() {
  const { user } = useCurrentUser();
  const organizations = useOrganizations();
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const organization = useMemo(
    () => organizations.data?.find((item) => item.id === organizationId) ?? organizations.data?.[0],
    [organizations.data, organizationId],
  );
  useSubscriptionReturnToast();

  useEffect(() => {
    if (organizations.error instanceof ApiError && organizations.error.status === 401) {
      toast({ title: 'Error', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      const timer = setTimeout(() => window.location.assign('/api/login'), 500);
      return () => clearTimeout(timer);
    }
  }, [organizations.error]);

  if (organizations.isPending || !user) return <PageLoading label="Loading your workspace…" />;
  if (organizations.isError) {
    return <PageLoading label="Could not load your organizations. Please try again." />;
  }
  if (!organization) return <Redirect to="/setup" />;

  return (
    <Workspace
      key={organization.id}
      user={user}
      organizations={organizations.data}
      organization={organization}
      onOrganizationChange={setOrganizationId}
    />
  );
}

export default DashboardPage;

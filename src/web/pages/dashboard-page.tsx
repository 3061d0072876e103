import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Redirect } from 'wouter';
import type { PublicUser } from '#domain/account.ts';
import { countsOnDate } from '#domain/bookings.ts';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { siteToday } from '#domain/sites.ts';
import { isSubscriptionEnabled } from '#domain/subscription.ts';
import { ApiError } from '../app/api.ts';
import { Footer } from '../components/layout/footer.tsx';
import { PageLoading } from '../components/layout/page-loading.tsx';
import { RetryAlert } from '../components/ui/retry-alert.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { bookingLinesByDesk, DeskDialog, RosterDialog, useOrganizationBookings } from '../features/bookings/index.ts';
import {
  defaultFloorView,
  FirstRunChecklist,
  type FloorView,
  Sidebar,
  type SidebarDialog,
  SidebarDialogs,
  SkipToMapLink,
  TodayStatistics,
  TopBar,
  useSubscriptionReturnToast,
  ViewSwitch,
} from '../features/dashboard/index.ts';
import { type Desk, organizationDesksQuery, useFloorDesks } from '../features/desks/index.ts';
import { availabilityByDesk, DeskList, FloorPlanView, summariseAvailability } from '../features/floor-plan/index.ts';
import { AddFloorDialog, type Floor, useFloors } from '../features/floors/index.ts';
import { DailyMailItem } from '../features/following/index.ts';
import { LostOrganizationsNotice, useLostOrganizations } from '../features/lost-organizations/index.ts';
import { type Organization, useOrganizations } from '../features/organizations/index.ts';
import { useLiveUpdates } from '../features/realtime/index.ts';
import { useCurrentUser } from '../features/session/index.ts';
import { CurrentSiteProvider, SitePicker, useSiteChoice } from '../features/sites/index.ts';
import { SsoLinkPrompt } from '../features/sso/index.ts';

const noDesks: Desk[] = [];
const noBookings: SharedBookingView[] = [];
const noFloors: Floor[] = [];

type OpenDialog = { kind: 'book'; deskId: string } | { kind: SidebarDialog | 'roster' } | null;

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
  const queryClient = useQueryClient();
  const floors = useFloors(organization.id);
  // The site the dashboard is about (issue 28): its floors are offered, and its clock gives "today", slot times and
  // check-in windows to everything below (CurrentSiteProvider).
  const siteChoice = useSiteChoice(organization);
  const { site, sites, clock } = siteChoice.current;
  const hasSites = sites.length > 1;
  const siteFloors = useMemo(() => {
    const all = floors.data ?? noFloors;
    if (!hasSites || !site) return all;
    return all.filter((item) => item.siteId === site.id);
  }, [floors.data, hasSites, site]);
  const [floorId, setFloorId] = useState<string | null>(null);
  const floor = siteFloors.find((item) => item.id === floorId) ?? siteFloors[0];
  const desks = useFloorDesks(floor?.id);
  const today = siteToday(clock);
  // Null follows the site's today (also once the sites are read, or a site on the other side of the date line is
  // chosen); a date the person picked stays while it is not past at the site shown.
  const [chosenDate, setDate] = useState<string | null>(null);
  const date = chosenDate !== null && chosenDate >= today ? chosenDate : today;
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
  // The signed-in person's own desks on the date: marked "You" on the map, with a check once checked in.
  const [myDeskIds, myCheckedInDeskIds] = useMemo(() => {
    // A permanent booking blocks a desk (maintenance, reserved use): it reads BLOCKED, not "You".
    const mine = bookings.filter(
      (booking) => booking.userId === user.id && !booking.isPermanent && countsOnDate(booking, date),
    );
    return [
      new Set(mine.map((booking) => booking.deskId)),
      new Set(mine.filter((booking) => booking.checkedInAt !== null).map((booking) => booking.deskId)),
    ];
  }, [bookings, date, user.id]);
  // A desk to find on the map (from "Who's in today?" or the list): its floor is chosen, then it is shown.
  const [highlight, setHighlight] = useState<{ deskId: string; nonce: number } | null>(null);
  const [view, setView] = useState<FloorView>(defaultFloorView);
  const shownView: FloorView = isEditMode ? 'map' : view;
  const showDeskOnMap = async (deskId: string) => {
    setOpenDialog(null);
    setView('map');
    let floorOfDesk = deskList.find((desk) => desk.id === deskId)?.floorId;
    if (!floorOfDesk) {
      const everyDesk = await queryClient.fetchQuery(organizationDesksQuery(organization.id)).catch(() => []);
      floorOfDesk = everyDesk.find((desk) => desk.id === deskId)?.floorId;
    }
    if (!floorOfDesk) {
      toast({ title: 'Desk not found', description: 'That desk is no longer on any floor.', variant: 'destructive' });
      return;
    }
    // A desk on another site's floor: that site is shown (not remembered: the person only looked a desk up).
    const siteOfDesk = floors.data?.find((item) => item.id === floorOfDesk)?.siteId;
    if (siteOfDesk && siteOfDesk !== site?.id) siteChoice.show(siteOfDesk);
    setFloorId(floorOfDesk);
    setHighlight({ deskId, nonce: Date.now() });
  };
  const statistics = useMemo(
    () => (desks.data ? summariseAvailability(desks.data, bookings, date) : null),
    [desks.data, bookings, date],
  );
  const bookingDesk = openDialog?.kind === 'book' ? deskList.find((desk) => desk.id === openDialog.deskId) : undefined;
  const closeDialog = () => setOpenDialog(null);

  let floorArea: ReactNode;
  if (floors.isPending || siteChoice.isLoading) {
    floorArea = (
      <FloorArea>
        <p role="status">Loading floors…</p>
      </FloorArea>
    );
  } else if (floors.isError) {
    floorArea = (
      <FloorArea>
        <RetryAlert
          className=""
          messageClassName="font-medium text-slate-800"
          size="md"
          buttonClassName="mt-3"
          onRetry={() => void floors.refetch()}
        >
          The floors could not be loaded.
        </RetryAlert>
      </FloorArea>
    );
  } else if (!floor) {
    floorArea = (
      <FloorArea>
        <p className="text-slate-700">
          {hasSites && site
            ? `${site.name} has no floors yet. An admin of ${organization.name} can add one with Add Floor.`
            : `No floors yet. An admin of ${organization.name} can add one with Add Floor.`}
        </p>
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
        {shownView === 'list' ? (
          <DeskList
            organization={organization}
            floorName={floor.name}
            desks={deskList}
            dayBookings={bookings}
            date={date}
            currentUserId={user.id}
            isLoading={desks.isPending}
            onBook={(deskId) => setOpenDialog({ kind: 'book', deskId })}
            onShowOnMap={(deskId) => void showDeskOnMap(deskId)}
          />
        ) : (
          <FloorPlanView
            organization={organization}
            floor={floor}
            desks={deskList}
            isLoading={desks.isPending}
            isEditMode={isEditMode}
            availability={availability}
            bookingLines={bookingLines}
            myDeskIds={myDeskIds}
            myCheckedInDeskIds={myCheckedInDeskIds}
            highlight={highlight}
            onDeskActivate={(deskId) => setOpenDialog({ kind: 'book', deskId })}
          />
        )}
      </>
    );
  }

  const chooseSite = (siteId: string) => {
    siteChoice.choose(siteId);
    setFloorId(null);
  };

  return (
    <CurrentSiteProvider value={siteChoice.current}>
      <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
        <SkipToMapLink onShowMap={() => setView('map')} />
        <Sidebar
          organizations={organizations}
          organization={organization}
          onOrganizationChange={onOrganizationChange}
          sitePicker={<SitePicker sites={sites} selectedSiteId={site?.id} onChange={chooseSite} />}
          floors={siteFloors}
          isLoadingFloors={floors.isPending || siteChoice.isLoading}
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
          currentUserId={user.id}
          firstRun={
            <FirstRunChecklist
              organization={organization}
              userId={user.id}
              isEditMode={isEditMode}
              onStartEditing={() => {
                setView('map');
                setWantsEditMode(true);
              }}
              onInvite={() => setOpenDialog({ kind: 'team-invite' })}
              onOpenSubscription={() => setOpenDialog({ kind: 'subscription' })}
            />
          }
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            user={user}
            date={date}
            today={today}
            onDateChange={setDate}
            onOpenRoster={() => setOpenDialog({ kind: 'roster' })}
            liveStatus={liveStatus}
            organizationId={organization.id}
            accountItems={(itemClass) => <DailyMailItem organization={organization} className={itemClass} />}
          />
          {/* At least a screen tall: the footer starts out of sight, so the desks arriving never push it off the
              screen (a layout shift Lighthouse counted on a phone: issue 34). */}
          <main className="flex min-h-svh flex-1 flex-col gap-3 p-3 sm:p-4">
            <ViewSwitch
              view={shownView}
              onViewChange={setView}
              isListDisabled={isEditMode}
              header={
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <h1 className="text-lg font-semibold text-slate-900">
                    {organization.name}
                    {hasSites && site && <span className="font-normal text-slate-600"> · {site.name}</span>}
                  </h1>
                  <TodayStatistics statistics={statistics} date={date} today={today} />
                </div>
              }
            >
              {floorArea}
            </ViewSwitch>
          </main>
          <Footer />
        </div>
        {bookingDesk && (
          <DeskDialog
            organization={organization}
            desk={bookingDesk}
            date={date}
            dayBookings={bookings}
            currentUserId={user.id}
            onClose={closeDialog}
          />
        )}
        <SidebarDialogs
          open={openDialog?.kind ?? null}
          organization={organization}
          currentUserId={user.id}
          isAdmin={isAdmin}
          onClose={closeDialog}
        />
        {openDialog?.kind === 'roster' && (
          <RosterDialog
            organization={organization}
            date={date}
            today={today}
            currentUserId={user.id}
            onClose={closeDialog}
            onShowDesk={(deskId) => void showDeskOnMap(deskId)}
            onBookNear={(near) => {
              // Book Desk on the desk near a colleague (issue 29): its day and floor are shown behind the dialog.
              setDate(near.date);
              setFloorId(near.floorId);
              setOpenDialog({ kind: 'book', deskId: near.deskId });
            }}
          />
        )}
        {isAdmin && (
          <AddFloorDialog
            organizationId={organization.id}
            siteId={site?.id}
            open={isAddingFloor}
            onOpenChange={setIsAddingFloor}
            onCreated={(created) => {
              // A new floor belongs to the site it was made for (the first by default): that site is shown.
              const createdSite = created.siteId;
              if (createdSite && createdSite !== site?.id) siteChoice.show(createdSite);
              setFloorId(created.id);
            }}
          />
        )}
      </div>
    </CurrentSiteProvider>
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
  // An organization gone from the list (removed by an admin, also live: the stream refetches the list) is named
  // here, or on /setup when none is left.
  const lostOrganizations = useLostOrganizations(user?.id, organizations.data);

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
    <>
      <LostOrganizationsNotice layout="strip" lost={lostOrganizations.lost} onDismiss={lostOrganizations.dismiss} />
      <SsoLinkPrompt />
      <Workspace
        key={organization.id}
        user={user}
        organizations={organizations.data}
        organization={organization}
        onOrganizationChange={setOrganizationId}
      />
    </>
  );
}

export default DashboardPage;

import { useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  Building2,
  CalendarCheck,
  CreditCard,
  Layers,
  LayoutGrid,
  LogIn,
  type LucideIcon,
  Menu,
  PlusSquare,
  RefreshCw,
  ScrollText,
  ShieldCheck,
  SlidersHorizontal,
  Users,
  UsersRound,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { isSubscriptionEnabled } from '#domain/subscription.ts';
import { BrandMark } from '#web/components/layout/brand.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { analyticsPath } from '../analytics/index.ts';
import { AuditLogDialog } from '../audit/index.ts';
import { type Floor, FloorPicker } from '../floors/index.ts';
import type { Organization } from '../organizations/index.ts';
import { setFirstRunMark } from './first-run-memory.ts';
import { LazyBookingRulesDialog, LazySitesDialog, LazySsoSettingsDialog, LazyTeamsDialog } from './sidebar-dialogs.tsx';

const navItemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors';

function NavItem({
  icon: Icon,
  children,
  isActive,
  onClick,
  href,
}: {
  icon: LucideIcon;
  children: ReactNode;
  isActive?: boolean;
  onClick?: () => void;
  /** A screen of its own: a link (wouter), which the keyboard, a middle click and a new tab all follow. */
  href?: string;
}) {
  if (href) {
    return (
      <Link href={href} className={cn(navItemClass, 'text-slate-700 hover:bg-slate-100')}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">{children}</span>
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={isActive ? 'page' : undefined}
      className={cn(navItemClass, isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100')}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{children}</span>
    </button>
  );
}

function SectionLabel({ children }: { children: ReactNode }) {
  return <p className="px-3 pt-4 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</p>;
}

function EditModeSwitch({
  canEdit,
  isEditMode,
  onChange,
}: {
  canEdit: boolean;
  isEditMode: boolean;
  onChange: (isEditMode: boolean) => void;
}) {
  return (
    <>
      <div className="mt-2 flex items-center justify-between rounded-lg px-3 py-2">
        <span id="edit-mode-label" className="flex items-center gap-3 text-sm font-medium text-slate-700">
          <Layers className="size-4" aria-hidden="true" />
          Edit Mode
        </span>
        <Switch
          size="sm"
          checked={isEditMode}
          onCheckedChange={onChange}
          aria-labelledby="edit-mode-label"
          aria-describedby="edit-mode-hint"
          disabled={!canEdit}
          title={canEdit ? undefined : 'Subscribe to edit floor plans'}
        />
      </div>
      <p id="edit-mode-hint" className="px-3 text-xs text-slate-600">
        {!canEdit
          ? 'Subscribe to edit floor plans'
          : isEditMode
            ? 'Editing: click the floor plan to add desks.'
            : 'Place desks and upload floor plans.'}
      </p>
    </>
  );
}

export function Sidebar({
  organizations,
  organization,
  onOrganizationChange,
  sitePicker,
  floors,
  isLoadingFloors,
  selectedFloorId,
  onFloorChange,
  onAddFloor,
  isEditMode,
  onEditModeChange,
  onOpenMyBookings,
  onOpenTeamBookings,
  onOpenTeamManagement,
  onOpenSubscription,
  onOpenOrganizationOverview,
  currentUserId,
  firstRun,
}: {
  currentUserId: string;
  /** The admin's first steps (issue 27): at the top, in sight on a laptop; folded to one line on a phone. */
  firstRun?: ReactNode;
  organizations: Organization[];
  organization: Organization;
  onOrganizationChange: (id: string) => void;
  /** The site picker (issue 28), above the floor picker; it shows itself only when there are several sites. */
  sitePicker?: ReactNode;
  /** The chosen site's floors. */
  floors: readonly Floor[];
  isLoadingFloors: boolean;
  selectedFloorId: string | undefined;
  onFloorChange: (floorId: string) => void;
  onAddFloor: () => void;
  isEditMode: boolean;
  onOpenMyBookings: () => void;
  onOpenTeamBookings: () => void;
  onOpenTeamManagement: () => void;
  onOpenSubscription: () => void;
  onOpenOrganizationOverview: () => void;
  onEditModeChange: (isEditMode: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isAuditLogOpen, setIsAuditLogOpen] = useState(false);
  const [isBookingRulesOpen, setIsBookingRulesOpen] = useState(false);
  const [isSsoOpen, setIsSsoOpen] = useState(false);
  const [isSitesOpen, setIsSitesOpen] = useState(false);
  const [isTeamsOpen, setIsTeamsOpen] = useState(false);
  const isAdmin = organization.role === 'admin';
  const canEdit = isSubscriptionEnabled(organization.subscription, new Date());
  const refresh = async () => {
    await queryClient.invalidateQueries();
    toast({ title: 'Data refreshed', description: 'You are looking at the latest information.' });
  };
  return (
    <aside className="flex w-full shrink-0 flex-col border-slate-200 border-b bg-white md:w-64 md:border-r md:border-b-0">
      <div className="flex items-center gap-2 px-4 py-1.5 md:px-5 md:py-4">
        <BrandMark />
        <span className="flex-1 text-lg font-bold tracking-tight">Perch</span>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="dashboard-menu"
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <Menu className="size-5" aria-hidden="true" />
          <span className="sr-only">Menu</span>
        </button>
      </div>
      {firstRun}
      {/* From md on the toasts sit at the bottom left, over this sidebar: the room under its last item lets every item
          (Edit Mode is the last) scroll clear of a toast instead of waiting 5 s under it. */}
      <nav
        id="dashboard-menu"
        aria-label="Main"
        className={cn('flex-col gap-1 px-3 pb-4 md:flex md:pb-40', isMenuOpen ? 'flex' : 'hidden')}
      >
        {organizations.length > 1 && (
          <div className="px-3 pb-2">
            <label
              htmlFor="organization-picker"
              className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Organization
            </label>
            <select
              id="organization-picker"
              value={organization.id}
              onChange={(event) => onOrganizationChange(event.target.value)}
              className="mt-1 h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {organizations.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {sitePicker}
        <FloorPicker
          floors={floors}
          selectedFloorId={selectedFloorId}
          isLoading={isLoadingFloors}
          onChange={onFloorChange}
        />
        <NavItem icon={LayoutGrid} isActive>
          Floor Plan
        </NavItem>
        <NavItem icon={CalendarCheck} onClick={onOpenMyBookings}>
          My Bookings
        </NavItem>
        <NavItem icon={RefreshCw} onClick={refresh}>
          Refresh Data
        </NavItem>
        {isAdmin && (
          <>
            <SectionLabel>Admin</SectionLabel>
            <NavItem icon={Users} onClick={onOpenTeamManagement}>
              Team Management
            </NavItem>
            <NavItem icon={UsersRound} onClick={() => setIsTeamsOpen(true)}>
              Teams
            </NavItem>
            {isTeamsOpen && <LazyTeamsDialog organization={organization} onClose={() => setIsTeamsOpen(false)} />}
            <NavItem icon={CalendarCheck} onClick={onOpenTeamBookings}>
              Team Bookings
            </NavItem>
            <NavItem icon={SlidersHorizontal} onClick={() => setIsBookingRulesOpen(true)}>
              Booking rules
            </NavItem>
            {isBookingRulesOpen && (
              <LazyBookingRulesDialog
                organization={organization}
                onClose={() => setIsBookingRulesOpen(false)}
                onSaved={() => setFirstRunMark(currentUserId, organization.id, 'rules-saved')}
              />
            )}
            <NavItem icon={Building2} onClick={() => setIsSitesOpen(true)}>
              Sites
            </NavItem>
            {isSitesOpen && <LazySitesDialog organization={organization} onClose={() => setIsSitesOpen(false)} />}
            <NavItem icon={LogIn} onClick={() => setIsSsoOpen(true)}>
              Sign-in
            </NavItem>
            {isSsoOpen && <LazySsoSettingsDialog organization={organization} onClose={() => setIsSsoOpen(false)} />}
            <NavItem icon={ScrollText} onClick={() => setIsAuditLogOpen(true)}>
              Audit Log
            </NavItem>
            {isAuditLogOpen && <AuditLogDialog organization={organization} onClose={() => setIsAuditLogOpen(false)} />}
            <NavItem icon={BarChart3} href={analyticsPath(organization.id)}>
              Analytics
            </NavItem>
            <NavItem icon={PlusSquare} onClick={onAddFloor}>
              Add Floor
            </NavItem>
            {organization.isPlatform && (
              <NavItem icon={ShieldCheck} onClick={onOpenOrganizationOverview}>
                Organization Overview
              </NavItem>
            )}
            {!organization.subscription.isOverridden && (
              <NavItem icon={CreditCard} onClick={onOpenSubscription}>
                Subscription
              </NavItem>
            )}
            <EditModeSwitch canEdit={canEdit} isEditMode={isEditMode} onChange={onEditModeChange} />
          </>
        )}
      </nav>
    </aside>
  );
}

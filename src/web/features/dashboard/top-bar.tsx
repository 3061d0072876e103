import { ChevronLeft, ChevronRight, LogOut, Users } from 'lucide-react';
import type { PublicUser } from '../../../domain/account.ts';
import { addDays, formatLongDate } from '../../../domain/dates.ts';
import { Button } from '../../components/ui/button.tsx';
import { AccountMenu } from '../account/account-menu.tsx';
import { signOut } from '../auth/api.ts';
import { LiveIndicator } from '../realtime/live-indicator.tsx';
import type { LiveStatus } from '../realtime/use-live-updates.ts';

export function TopBar({
  user,
  date,
  onDateChange,
  onOpenRoster,
  liveStatus,
}: {
  user: PublicUser;
  date: string;
  onDateChange: (date: string) => void;
  onOpenRoster: () => void;
  /** Whether the floor plan follows changes as they happen (decision 007). */
  liveStatus?: LiveStatus;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous day"
          onClick={() => onDateChange(addDays(date, -1))}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <label className="sr-only" htmlFor="dashboard-date">
          Date
        </label>
        <input
          id="dashboard-date"
          type="date"
          value={date}
          onChange={(event) => event.target.value && onDateChange(event.target.value)}
          className="h-9 rounded-lg border border-slate-300 px-3 text-sm shadow-sm"
        />
        <Button variant="secondary" size="icon" aria-label="Next day" onClick={() => onDateChange(addDays(date, 1))}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
        <span className="hidden text-sm text-slate-600 lg:inline">{formatLongDate(date)}</span>
        <Button variant="secondary" size="sm" onClick={onOpenRoster}>
          <Users className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Who's in today?</span>
        </Button>
      </div>
      <div className="flex items-center gap-3">
        {liveStatus && <LiveIndicator status={liveStatus} />}
        <div className="hidden text-right sm:block">
          <p className="text-sm font-medium text-slate-900">{user.firstName || user.email.split('@')[0]}</p>
          <p className="text-xs text-slate-600">{user.email}</p>
        </div>
        <AccountMenu user={user} />
        <Button variant="ghost" size="sm" onClick={signOut}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </header>
  );
}

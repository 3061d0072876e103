import { ChevronLeft, ChevronRight, LogOut, Users } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { PublicUser } from '#domain/account.ts';
import { addDays, formatLongDate, todayIn } from '#domain/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { AccountMenu } from '../account/index.ts';
import { LiveIndicator, type LiveStatus } from '../realtime/index.ts';
import { signOut } from '../session/index.ts';

/** The browser's own date, until the dashboard passes its site's today. */
function browserToday(): string {
  try {
    return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return todayIn('UTC');
  }
}

/**
 * The dashboard's day, chosen with the native date input (label "Date") or a day back and forth; past days
 * cannot be chosen. A date typed into the input is applied once it is complete and not in the past, so
 * typing a later date field by field is never cut short.
 */
function DatePicker({
  date,
  today,
  onDateChange,
  children,
}: {
  date: string;
  today: string;
  onDateChange: (date: string) => void;
  /** What sits beside the controls (the roster button); the day in words goes below them on a phone. */
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(date);
  useEffect(() => setDraft(date), [date]);
  // A past date typed in and not applied (the day on screen itself may be past once midnight has gone by).
  const isDraftPast = draft !== date && draft !== '' && draft < today;
  const isOnFirstDay = date <= today;

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <div className="flex items-center gap-1.5">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous day"
          disabled={isOnFirstDay}
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
          min={today}
          value={draft}
          aria-invalid={isDraftPast}
          aria-describedby={isDraftPast ? 'dashboard-date-problem' : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setDraft(value);
            if (value && value >= today) onDateChange(value);
          }}
          // A past or unfinished date left in the field goes back to the day on screen.
          onBlur={() => setDraft(date)}
          className={cn(
            'h-9 w-[9.5rem] rounded-lg border bg-white px-2.5 text-sm text-slate-900 shadow-sm',
            isDraftPast ? 'border-red-500 ring-1 ring-red-500' : 'border-slate-300',
          )}
        />
        <Button variant="secondary" size="icon" aria-label="Next day" onClick={() => onDateChange(addDays(date, 1))}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="order-last basis-full sm:order-none sm:basis-auto">
        {isDraftPast ? (
          <p id="dashboard-date-problem" role="alert" className="text-sm font-medium text-red-700">
            Past days cannot be chosen.
          </p>
        ) : (
          <p className="text-sm font-medium whitespace-nowrap text-slate-700">{formatLongDate(date)}</p>
        )}
      </div>
      {children}
    </div>
  );
}

export function TopBar({
  user,
  date,
  today,
  onDateChange,
  onOpenRoster,
  liveStatus,
  organizationId,
  accountItems,
}: {
  user: PublicUser;
  /** The organization on screen, whose teams the account menu names (issue 29). */
  organizationId?: string;
  date: string;
  /** The today of the site the dashboard shows (issue 28: siteToday of its clock): the first day that can be chosen. */
  today?: string;
  onDateChange: (date: string) => void;
  onOpenRoster: () => void;
  /** Whether the floor plan follows changes as they happen (decision 007). */
  liveStatus?: LiveStatus;
  /** The organization's own items of the account menu (issue 29: the evening mail). */
  accountItems?: (itemClass: string) => ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-slate-200 bg-white px-3 py-2 sm:gap-y-2 sm:px-6 sm:py-3">
      <DatePicker date={date} today={today ?? browserToday()} onDateChange={onDateChange}>
        <Button variant="secondary" size="sm" className="h-9" onClick={onOpenRoster}>
          <Users className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Who's in today?</span>
        </Button>
      </DatePicker>
      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        {liveStatus && <LiveIndicator status={liveStatus} />}
        <div className="hidden text-right sm:block">
          <p className="text-sm font-medium text-slate-900">{user.firstName || user.email.split('@')[0]}</p>
          <p className="text-xs text-slate-600">{user.email}</p>
        </div>
        <AccountMenu user={user} organizationId={organizationId} organizationItems={accountItems} />
        {/* On a phone the icon alone (its name stays), so the bar takes fewer lines above the map (issue 34). */}
        <Button variant="ghost" size="sm" onClick={signOut}>
          <LogOut className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Sign Out</span>
        </Button>
      </div>
    </header>
  );
}

import { MapPin, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { countsOnDate, slotLabel } from '#domain/bookings.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { peopleFinder } from '#domain/people-search.ts';
import { bookerLabel, seesNames } from '#domain/privacy.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { takesEscapeAttribute } from '#web/components/ui/combobox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { type BookNear, FollowButton, useFollowing, WeekView } from '../following/index.ts';
import { useCurrentSite, useSiteLookup } from '../sites/index.ts';
import { CheckedInBadge } from './check-in-control.tsx';
import { useOrganizationBookings } from './list-organization-bookings.ts';

/**
 * Spec section 2, Who's in today: everyone with a desk on the selected date. The date is a day of the site the
 * dashboard shows (issue 28): in an organization of several sites, the people of that site. Issue 29: the people one
 * follows come first (Follow beside each colleague), and the Week tab plans the week with one's teams. When the
 * organization hides names, a member sees "Booked" for others and no Follow.
 */
export function RosterDialog({
  organization,
  date,
  today,
  currentUserId,
  onClose,
  onShowDesk,
  onBookNear,
}: {
  organization: OrganizationView;
  date: string;
  /** The site's today: the week starts no earlier. */
  today: string;
  currentUserId: string;
  onClose: () => void;
  /** Finds the person's desk on the map (issue 14): the dialog closes and the map pans to the desk. */
  onShowDesk?: (deskId: string) => void;
  /** The week's "Book near": Book Desk on that desk and day. */
  onBookNear: (near: BookNear) => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<'day' | 'week'>('day');
  const [weekStart, setWeekStart] = useState(date);
  const bookings = useOrganizationBookings(organization.id, date, date);
  const canFollow = seesNames(organization.role, organization.hideNames);
  const following = useFollowing(organization.id, canFollow);
  const { site, sites } = useCurrentSite(organization);
  const siteOf = useSiteLookup(organization);
  const siteId = sites.length > 1 ? site?.id : undefined;
  const present = useMemo(() => {
    const followed = new Set(following.data?.userIds ?? []);
    const rank = (userId: string | null) => (userId && followed.has(userId) ? 0 : 1);
    return (bookings.data ?? [])
      .filter((booking) => countsOnDate(booking, date))
      .filter((booking) => !siteId || booking.siteId === siteId)
      .sort((a, b) => rank(a.userId) - rank(b.userId) || bookerLabel(a).localeCompare(bookerLabel(b)));
  }, [bookings.data, date, siteId, following.data]);
  const find = useMemo(
    () => peopleFinder(present, (booking) => ({ name: bookerLabel(booking), email: booking.user?.email ?? '' })),
    [present],
  );
  const shown = search ? find(search) : present;
  const tabClass = (isOn: boolean) =>
    cn(
      'h-8 rounded-md px-3 text-sm font-medium',
      isOn ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={tab === 'day' ? "Who's in today?" : "Who's in this week?"}
        description={siteId && site ? `${site.name} · ${formatLongDate(date)}` : formatLongDate(date)}
        size="lg"
        // The week takes a wider dialog: a column per day (the ! outweighs the size's max-w-lg).
        className={tab === 'week' ? 'max-w-6xl!' : undefined}
      >
        <div className="flex w-fit gap-1 rounded-lg bg-slate-100 p-1">
          <button
            type="button"
            aria-pressed={tab === 'day'}
            className={tabClass(tab === 'day')}
            onClick={() => setTab('day')}
          >
            Day
          </button>
          <button
            type="button"
            aria-pressed={tab === 'week'}
            className={tabClass(tab === 'week')}
            onClick={() => setTab('week')}
          >
            Week
          </button>
        </div>
        {tab === 'week' ? (
          <WeekView
            organizationId={organization.id}
            siteId={site?.id}
            start={weekStart}
            today={today}
            onStartChange={setWeekStart}
            onBookNear={onBookNear}
          />
        ) : (
          <>
            {bookings.isPending && <p role="status">Loading…</p>}
            {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
            {bookings.isSuccess && present.length === 0 && (
              <p className="text-sm text-slate-600">Nobody has booked a desk for this day yet.</p>
            )}
            {present.length > 0 && (
              <div className="relative">
                <label htmlFor={searchId} className="sr-only">
                  Find a person
                </label>
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                  aria-hidden="true"
                />
                <input
                  id={searchId}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  // Escape empties the field first (the dialog would otherwise take it), then closes the dialog.
                  {...{ [takesEscapeAttribute]: search ? 'true' : undefined }}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape' && search) setSearch('');
                  }}
                  placeholder="Find a person by name or e-mail"
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={`${searchId}-count`}
                  className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-600 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                />
              </div>
            )}
            {present.length > 0 && (
              <p id={`${searchId}-count`} role="status" className="text-sm text-slate-600">
                {search
                  ? shown.length === 0
                    ? `Nobody in today matches “${search.trim()}”.`
                    : `${shown.length} of ${present.length} ${present.length === 1 ? 'person' : 'people'}`
                  : `${present.length} ${present.length === 1 ? 'person' : 'people'} in`}
              </p>
            )}
            <ul className="divide-y divide-slate-100">
              {shown.map((booking) => (
                <li key={booking.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
                  <span className="flex items-center gap-1 font-medium text-slate-900">
                    {bookerLabel(booking)}
                    {canFollow && booking.userId && booking.userId !== currentUserId && (
                      <FollowButton
                        organizationId={organization.id}
                        userId={booking.userId}
                        name={bookerLabel(booking)}
                      />
                    )}
                  </span>
                  <span className="flex items-center gap-3 text-sm text-slate-600">
                    <span>
                      {booking.desk.name} · {booking.desk.floor.name} ·{' '}
                      {booking.isPermanent ? 'permanent' : slotLabel(booking.timeSlot)}
                    </span>
                    {booking.checkedInAt && (
                      <CheckedInBadge
                        checkedInAt={booking.checkedInAt}
                        timeZone={siteOf(booking.siteId).clock.timeZone}
                      />
                    )}
                    {onShowDesk && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => onShowDesk(booking.deskId)}
                        aria-label={
                          booking.user
                            ? `Show ${bookerLabel(booking)}'s desk ${booking.desk.name} on the map`
                            : `Show desk ${booking.desk.name} on the map`
                        }
                      >
                        <MapPin className="size-4" aria-hidden="true" />
                        Show on map
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

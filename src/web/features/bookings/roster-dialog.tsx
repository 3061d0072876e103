import { MapPin } from 'lucide-react';
import { displayName } from '#domain/account.ts';
import { countsOnDate, slotLabel } from '#domain/bookings.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { CheckedInBadge } from './check-in-control.tsx';
import { useOrganizationBookings } from './list-organization-bookings.ts';

/** Spec section 2, Who's in today: everyone with a desk on the selected date. */
export function RosterDialog({
  organization,
  date,
  onClose,
  onShowDesk,
}: {
  organization: OrganizationView;
  date: string;
  onClose: () => void;
  /** Finds the person's desk on the map (issue 14): the dialog closes and the map pans to the desk. */
  onShowDesk?: (deskId: string) => void;
}) {
  const bookings = useOrganizationBookings(organization.id, date, date);
  const present = (bookings.data ?? [])
    .filter((booking) => countsOnDate(booking, date))
    .sort((a, b) => displayName(a.user).localeCompare(displayName(b.user)));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Who's in today?" description={formatLongDate(date)} size="lg">
        {bookings.isPending && <p role="status">Loading…</p>}
        {bookings.isError && <p role="alert">{errorMessage(bookings.error, 'Please try again')}</p>}
        {bookings.isSuccess && present.length === 0 && (
          <p className="text-sm text-slate-600">Nobody has booked a desk for this day yet.</p>
        )}
        <ul className="divide-y divide-slate-100">
          {present.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
              <span className="font-medium text-slate-900">{displayName(booking.user)}</span>
              <span className="flex items-center gap-3 text-sm text-slate-600">
                <span>
                  {booking.desk.name} · {booking.desk.floor.name} ·{' '}
                  {booking.isPermanent ? 'permanent' : slotLabel(booking.timeSlot)}
                </span>
                {booking.checkedInAt && (
                  <CheckedInBadge checkedInAt={booking.checkedInAt} timeZone={organization.timeZone} />
                )}
                {onShowDesk && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onShowDesk(booking.deskId)}
                    aria-label={`Show ${displayName(booking.user)}'s desk ${booking.desk.name} on the map`}
                  >
                    <MapPin className="size-4" aria-hidden="true" />
                    Show on map
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

import { type ReactNode, useMemo, useState } from 'react';
import { type BookingView, deskDialogStateOn, type TimeSlot } from '#domain/bookings.ts';
import { addDays } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { BlockedDeskView, blockedDeskDescription, blockedDeskTitle } from './blocked-desk-view.tsx';
import { type BookableDesk, BookDeskForm, bookDeskDescription, bookDeskTitle } from './book-desk-form.tsx';
import { YourBookingView, yourBookingDescription, yourBookingTitle } from './your-booking-view.tsx';

/**
 * What clicking a desk on the floor plan opens (issue 14), decided by the domain's deskDialogStateOn: the user's own
 * booking there (cancel it, or book the half day still free), the permanent booking that blocks it (why, since
 * when, whose; admins release it), or the Book Desk form. One dialog whose body changes: going from one's booking to
 * the form keeps the focus trapped and the overlay in place, and Escape or Close hands focus back to the desk.
 */
export function DeskDialog({
  organization,
  desk,
  date,
  dayBookings,
  currentUserId,
  onClose,
}: {
  organization: OrganizationView;
  desk: BookableDesk;
  /** The dashboard's date. */
  date: string;
  /** The organization's active bookings counted on that date, permanent ones included. */
  dayBookings: readonly BookingView[];
  currentUserId: string;
  onClose: () => void;
}) {
  const live = useMemo(
    () =>
      deskDialogStateOn(dayBookings, { deskId: desk.id, date, currentUserId, isAdmin: organization.role === 'admin' }),
    [dayBookings, desk.id, date, currentUserId, organization.role],
  );
  // The kind of dialog is the one the click opened: after a cancel or a release the bookings are read again before
  // the dialog closes, and the Book Desk form must not flash up in between. Within that kind it follows the live data.
  const [opened] = useState(live);
  const state = live.kind === opened.kind ? live : opened;
  // Set once the person chooses to book from their own booking: 'Book the afternoon' that day, or 'Book another
  // day' from the next one on.
  const [booking, setBooking] = useState<{ date: string; slot?: TimeSlot } | null>(null);
  // The form names the dialog after the desk it will book (a weekly booking's alternative).
  const [bookedDesk, setBookedDesk] = useState(desk);

  let title: string;
  let description: string;
  let body: ReactNode;
  if (booking || state.kind === 'book') {
    title = bookDeskTitle(bookedDesk);
    description = bookDeskDescription(organization);
    body = (
      <BookDeskForm
        organization={organization}
        desk={desk}
        initialDate={booking?.date ?? date}
        {...(booking?.slot ? { initialSlot: booking.slot } : {})}
        onBookedDeskChange={setBookedDesk}
        onClose={onClose}
      />
    );
  } else if (state.kind === 'yours') {
    title = yourBookingTitle(desk);
    description = yourBookingDescription(date, state.bookings);
    body = (
      <YourBookingView
        desk={desk}
        date={date}
        bookings={state.bookings}
        freeSlot={state.freeSlot}
        onBook={(slot) => setBooking(slot ? { date, slot } : { date: addDays(date, 1) })}
        onClose={onClose}
      />
    );
  } else {
    title = blockedDeskTitle(desk);
    description = blockedDeskDescription;
    body = (
      <BlockedDeskView
        organization={organization}
        desk={desk}
        booking={state.booking}
        canRelease={state.canRelease}
        isYours={state.booking.userId === currentUserId}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description}>
        {body}
      </DialogContent>
    </Dialog>
  );
}

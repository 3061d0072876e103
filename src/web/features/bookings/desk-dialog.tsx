import { Wrench } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { deskDialogStateOn, type TimeSlot } from '#domain/bookings.ts';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { addDays } from '#domain/dates.ts';
import { type DeskView, outOfServiceLabel } from '#domain/floor-plan.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useCurrentSite } from '../sites/index.ts';
import { BlockedDeskView, blockedDeskDescription, blockedDeskTitle } from './blocked-desk-view.tsx';
import { type BookableDesk, BookDeskForm, bookDeskDescription, bookDeskTitle } from './book-desk-form.tsx';
import { YourBookingView, yourBookingDescription, yourBookingTitle } from './your-booking-view.tsx';

/** A desk as the dialog shows it: what it is called, and what it says about itself (issue 15) when known. */
type ShownDesk = BookableDesk & Partial<Pick<DeskView, 'description' | 'amenities' | 'bookable' | 'unavailableReason'>>;

/** The desk's description and amenities, above whatever the dialog is about. */
function DeskAbout({ desk }: { desk: ShownDesk }) {
  const amenities = desk.amenities ?? [];
  if (!desk.description && amenities.length === 0) return null;
  return (
    <div className="grid gap-2">
      {desk.description && <p className="text-sm whitespace-pre-line text-slate-800">{desk.description}</p>}
      {amenities.length > 0 && (
        <ul aria-label="Amenities" className="flex flex-wrap gap-1.5">
          {amenities.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An out-of-service desk: the reason, and no Book button (the server refuses its bookings too). */
function OutOfServiceView({ desk, onClose }: { desk: ShownDesk; onClose: () => void }) {
  return (
    <>
      <p className="flex items-start gap-2 rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm font-semibold text-slate-900">
        <Wrench className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {outOfServiceLabel(desk.unavailableReason)}
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

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
  desk: ShownDesk;
  /** The dashboard's date. */
  date: string;
  /** The organization's active bookings counted on that date, permanent ones included. */
  dayBookings: readonly SharedBookingView[];
  currentUserId: string;
  onClose: () => void;
}) {
  const { site, sites } = useCurrentSite(organization);
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
  const [bookedDesk, setBookedDesk] = useState<BookableDesk>(desk);
  const isOutOfService = desk.bookable === false;
  // Someone with a booking there before it went out of service can still see and cancel it, not book more.
  const [wantsToBook, setWantsToBook] = useState(false);

  let title: string;
  let description: string;
  let body: ReactNode;
  if (isOutOfService && (wantsToBook || state.kind === 'book')) {
    title = `Desk ${desk.name} is out of service`;
    description = 'Nobody can book it until an admin puts it back in service.';
    body = <OutOfServiceView desk={desk} onClose={onClose} />;
  } else if (booking || state.kind === 'book') {
    title = bookDeskTitle(bookedDesk);
    description = bookDeskDescription(organization, sites.length > 1 ? site?.name : undefined);
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
        organization={organization}
        date={date}
        bookings={state.bookings}
        freeSlot={isOutOfService ? null : state.freeSlot}
        onBook={(slot) =>
          isOutOfService ? setWantsToBook(true) : setBooking(slot ? { date, slot } : { date: addDays(date, 1) })
        }
        onClose={onClose}
      />
    );
  } else {
    title = blockedDeskTitle(desk, state.booking);
    description = blockedDeskDescription(state.booking);
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
        <DeskAbout desk={desk} />
        {body}
      </DialogContent>
    </Dialog>
  );
}

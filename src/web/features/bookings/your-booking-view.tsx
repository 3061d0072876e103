import { Clock, NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { slotLabel, type TimeSlot } from '#domain/bookings.ts';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useBookingRules } from '#web/features/booking-rules/index.ts';
import { slotTimesText, useSiteLookup, viewerTimeZone } from '../sites/index.ts';
import type { BookableDesk } from './book-desk-form.tsx';
import { useCancelBooking } from './cancel-booking.ts';
import { CancelBookingConfirm } from './cancel-booking-confirm.tsx';
import { CheckInControl } from './check-in-control.tsx';

const slotTitles: Record<TimeSlot, string> = { 'full-day': 'Full day', morning: 'Morning', afternoon: 'Afternoon' };

/** "9:00 AM – 1:00 PM" out of "morning (9:00 AM – 1:00 PM)": the slot is named beside it already. */
const slotTimesOnly = (text: string) => text.slice(text.indexOf('(') + 1, -1);

export const yourBookingTitle = (desk: BookableDesk) => `Your booking: Desk ${desk.name}`;

/** Names the date and the floor under the title. */
export const yourBookingDescription = (date: string, bookings: readonly SharedBookingView[]) =>
  [formatLongDate(date), bookings[0]?.desk.floor.name].filter(Boolean).join(' · ');

/**
 * One's own booking(s) of a desk on a date, the desk dialog's body: the slot, the notes, Cancel booking (asked
 * first), and the half day still free.
 */
export function YourBookingView({
  desk,
  organization,
  date,
  bookings,
  freeSlot,
  onBook,
  onClose,
}: {
  desk: BookableDesk;
  organization: OrganizationView;
  date: string;
  bookings: readonly SharedBookingView[];
  freeSlot: 'morning' | 'afternoon' | null;
  /** Switches to the Book Desk form, with the free half day chosen when one is given. */
  onBook: (slot?: TimeSlot) => void;
  onClose: () => void;
}) {
  const cancel = useCancelBooking();
  const rules = useBookingRules(organization.id);
  // The times and check-in are the booking's site's (issue 28), with the viewer's own beside them when they differ.
  const siteOf = useSiteLookup(organization);
  const viewerZone = viewerTimeZone();
  const [confirming, setConfirming] = useState<SharedBookingView | null>(null);
  const longDate = formatLongDate(date);

  // Awaited rather than handed to mutate's callbacks: once the day is read again this view gives way to the booking
  // form (the desk is free), and mutate's callbacks never run for an unmounted view: no toast, the dialog left open.
  const onCancel = (booking: SharedBookingView) =>
    cancel.mutateAsync(booking.id).then(
      () => {
        toast({
          title: 'Booking cancelled',
          description: `Desk ${desk.name} is free again on ${longDate} (${slotLabel(booking.timeSlot)}).`,
        });
        onClose();
      },
      (error: unknown) => showErrorToast(error, 'Failed to cancel booking'),
    );

  return (
    <>
      <ul className="grid gap-3">
        {bookings.map((booking) => {
          const { clock } = siteOf(booking.siteId);
          return (
            <li key={booking.id} className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-4">
              <dl className="grid gap-2 text-sm text-slate-800">
                <div className="flex items-center gap-2">
                  <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <dt className="sr-only">Time slot</dt>
                  <dd>
                    <span className="font-medium">{slotTitles[booking.timeSlot]}</span>,{' '}
                    {slotTimesOnly(slotTimesText(clock, booking.bookingDate, booking.timeSlot, viewerZone))}
                  </dd>
                </div>
                <div className="flex items-start gap-2">
                  <NotebookPen className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <dt className="sr-only">Notes</dt>
                  <dd className={booking.notes ? 'whitespace-pre-line' : 'text-slate-600'}>
                    {booking.notes ?? 'No notes'}
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center justify-end gap-2">
                <CheckInControl booking={booking} settings={rules.data} site={clock} />
                <Button
                  size="sm"
                  variant="secondary"
                  className="text-red-700"
                  disabled={cancel.isPending}
                  onClick={() => setConfirming(booking)}
                  {...(bookings.length > 1
                    ? { 'aria-label': `Cancel the ${slotLabel(booking.timeSlot)} booking` }
                    : {})}
                >
                  Cancel booking
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {freeSlot && (
        <p className="text-sm text-slate-700">
          The {freeSlot} is still free at {desk.name} on this day.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => onBook()}>
          Book another day
        </Button>
        {freeSlot ? (
          <Button onClick={() => onBook(freeSlot)}>Book the {freeSlot}</Button>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )}
      </div>
      <CancelBookingConfirm
        booking={confirming}
        what={(booking) => `Desk ${desk.name} on ${longDate}, ${slotLabel(booking.timeSlot)}`}
        onClose={() => setConfirming(null)}
        onConfirm={onCancel}
      />
    </>
  );
}

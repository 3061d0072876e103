import { Ban } from 'lucide-react';
import { useState } from 'react';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { bookerLabel } from '#domain/privacy.ts';
import { assignedLabel } from '#domain/releases.ts';
import { siteToday } from '#domain/sites.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useSiteLookup } from '../sites/index.ts';
import { AssignedDeskReleases } from './assigned-desk-releases.tsx';
import type { BookableDesk } from './book-desk-form.tsx';
import { useCancelBooking } from './cancel-booking.ts';
import { useAssignedDeskReleases } from './release-days.ts';

export const blockedDeskTitle = (desk: BookableDesk, booking?: SharedBookingView) =>
  booking?.isAssigned ? `Desk ${desk.name} is assigned` : `Desk ${desk.name} is blocked`;
export const blockedDeskDescription = (booking?: SharedBookingView) =>
  booking?.isAssigned
    ? `${assignedLabel(booking.user)}. Others can book it on the days released.`
    : 'It is reserved by a permanent booking, so nobody can book it.';

/**
 * A desk held by a permanent booking (BLOCKED on the map), the desk dialog's body: why, since when and by whom. An
 * admin (or the holder) releases it, after a question; everyone else is told whom to ask.
 */
export function BlockedDeskView({
  organization,
  desk,
  booking,
  canRelease,
  isYours,
  onClose,
}: {
  organization: OrganizationView;
  desk: BookableDesk;
  booking: SharedBookingView;
  canRelease: boolean;
  isYours: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelBooking();
  const siteOf = useSiteLookup(organization);
  const [isConfirming, setIsConfirming] = useState(false);
  const releases = useAssignedDeskReleases(booking.id, canRelease && booking.isAssigned === true);
  const holder = isYours ? 'You' : bookerLabel(booking);
  // A permanent afternoon leaves the morning of its first day free: say so rather than 'since' alone.
  const since =
    booking.timeSlot === 'afternoon'
      ? `${formatLongDate(booking.bookingDate)}, from the afternoon`
      : formatLongDate(booking.bookingDate);

  const onRelease = () =>
    cancel.mutate(booking.id, {
      onSuccess: () => {
        toast({ title: 'Desk released', description: `Desk ${desk.name} can be booked again.` });
        onClose();
      },
      onError: (error) => showErrorToast(error, 'Failed to cancel booking'),
    });

  return (
    <>
      <div className="grid gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-red-900">
          <Ban className="size-4 shrink-0" aria-hidden="true" />
          {booking.isAssigned ? assignedLabel(booking.user) : 'BLOCKED · permanent'}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-slate-700">Reason</dt>
          <dd className={booking.notes ? 'whitespace-pre-line text-slate-900' : 'text-slate-700 italic'}>
            {booking.notes ?? 'No reason was given.'}
          </dd>
          <dt className="font-medium text-slate-700">Since</dt>
          <dd className="text-slate-900">{since}</dd>
          <dt className="font-medium text-slate-700">Held by</dt>
          <dd className="text-slate-900">{holder}</dd>
        </dl>
      </div>
      {canRelease && booking.isAssigned && (
        // Days away (issue 29): the owner or an admin frees days for others, and takes them back: every release not
        // yet over, read for this dialog (the day read carries only the day's).
        <AssignedDeskReleases
          booking={releases.data?.booking ?? booking}
          today={siteToday(siteOf(booking.siteId).clock)}
          isOwner={isYours}
        />
      )}
      {canRelease ? (
        <p className="text-sm text-slate-700">
          {booking.isAssigned ? 'Ending the assignment' : 'Releasing'} ends the permanent booking: {desk.name} can then
          be booked by anyone.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          Only an admin of {organization.name} can release this desk. Ask one if you need it.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {canRelease && (
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => setIsConfirming(true)}>
            {cancel.isPending ? 'Releasing…' : booking.isAssigned ? 'End assignment' : 'Release desk'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Release desk ${desk.name}?`}
        description={`${isYours ? 'Your' : `${holder}’s`} permanent booking ends and ${desk.name} becomes bookable again.`}
        confirmLabel="Release desk"
        cancelLabel="Keep it blocked"
        onConfirm={onRelease}
      />
    </>
  );
}

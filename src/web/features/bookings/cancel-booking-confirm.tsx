import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

/**
 * "Cancel this booking?" while `booking` is set: names the booking (`what`, such as the desk and when) and says the
 * desk becomes free; Keep booking closes it.
 */
export function CancelBookingConfirm<B extends SharedBookingView>({
  booking,
  what,
  onClose,
  onConfirm,
}: {
  booking: B | null;
  what: (booking: B) => string;
  onClose: () => void;
  onConfirm: (booking: B) => void;
}) {
  return (
    <ConfirmDialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel this booking?"
      description={booking ? `${what(booking)}. The desk becomes free for others to book.` : ''}
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      onConfirm={() => booking && onConfirm(booking)}
    />
  );
}

import { bookingsByDeskOn, slotLabel, type TimeSlot } from '#domain/bookings.ts';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { bookerLabel } from '#domain/privacy.ts';
import { assignedLabel } from '#domain/releases.ts';

const checkedIn = 'checked in';

const slotOrder: Record<TimeSlot, number> = { morning: 0, 'full-day': 1, afternoon: 2 };

/**
 * Spec section 2, booking text on a desk for a date: none when free; one booking shows the person and the
 * slot; two show a morning and an afternoon entry; more than two read 'Multiple bookings'. A permanent
 * booking shows no lines: the tile reads BLOCKED and 'permanent' instead, unless it is someone's assigned desk (issue
 * 29): then 'Assigned to Dana Scully' ('Assigned' without a name). A booking whose person checked in says so (issue 16).
 */
export function bookingLinesByDesk(bookings: readonly SharedBookingView[], date: string): Map<string, string[]> {
  const byDesk = bookingsByDeskOn(bookings, date);
  const lines = new Map<string, string[]>();
  for (const [deskId, list] of byDesk) {
    const permanent = list.find((booking) => booking.isPermanent);
    if (permanent) {
      // One line, as a one-off booking's name: a small tile still shows it (shortened), its name says it whole.
      if (permanent.isAssigned) lines.set(deskId, [assignedLabel(permanent.user)]);
      continue;
    }
    if (list.length > 2) {
      lines.set(deskId, ['Multiple bookings']);
    } else if (list.length === 1) {
      const [only] = list as [SharedBookingView];
      lines.set(deskId, [bookerLabel(only), slotLabel(only.timeSlot), ...(only.checkedInAt ? [checkedIn] : [])]);
    } else {
      const sorted = [...list].sort((a, b) => slotOrder[a.timeSlot] - slotOrder[b.timeSlot]);
      lines.set(
        deskId,
        sorted.map(
          (booking) =>
            `${slotLabel(booking.timeSlot)}: ${bookerLabel(booking)}${booking.checkedInAt ? `, ${checkedIn}` : ''}`,
        ),
      );
    }
  }
  return lines;
}

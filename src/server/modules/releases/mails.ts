import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { formatLongDate } from '#domain/dates.ts';
import { formatDayRange } from '#domain/releases.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';

/**
 * Tells the person a desk is assigned to that someone booked one of the days they released (issue 29). The booker's
 * name is not in it: the owner learns that the day is taken (and so cannot be taken back), not who sits there.
 */
export function releasedDayBookedMail(
  to: string,
  booking: Pick<BookingView, 'desk' | 'bookingDate' | 'timeSlot'>,
  organizationName: string,
  publicUrl: string,
): MailMessage {
  const day = formatLongDate(booking.bookingDate);
  return {
    to,
    subject: `Desk ${booking.desk.name} was booked on ${day}, a day you released`,
    links: [publicUrl],
    ...renderMail({
      preview: `${organizationName}: someone booked your desk ${booking.desk.name} on ${formatDayRange(booking.bookingDate, booking.bookingDate)}`,
      heading: 'Someone booked a day you released',
      paragraphs: [
        `You released your desk ${booking.desk.name} on ${booking.desk.floor.name} for ${day}. A colleague at ${organizationName} has booked it (${slotLabel(booking.timeSlot)}).`,
        'That day can no longer be taken back; your other days are as they were.',
      ],
      action: { label: 'Open My Bookings', url: publicUrl },
    }),
  };
}

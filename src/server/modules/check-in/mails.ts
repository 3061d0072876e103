import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { buildCalendar, calendarContentType } from '#domain/calendar.ts';
import { checkInWindow, localClock } from '#domain/check-in.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';
import { toCalendarEvent } from '../bookings/mails.ts';

/**
 * Tells the owner that a booking nobody checked in to was released, with a calendar cancellation of the same event
 * the confirmation added (same UID, a later SEQUENCE).
 */
export function bookingReleasedMail(
  to: string,
  booking: BookingView,
  organization: { name: string; timeZone: string; checkInGraceMinutes: number },
  publicUrl: string,
): MailMessage {
  const host = new URL(publicUrl).host;
  const closedAt = localClock(
    checkInWindow(booking, organization.timeZone, organization.checkInGraceMinutes).closesAt,
    organization.timeZone,
  ).time;
  const when = `${formatLongDate(booking.bookingDate)}, ${slotLabel(booking.timeSlot)} (${booking.startTime}-${booking.endTime})`;
  return {
    to,
    subject: `Desk ${booking.desk.name} was released: nobody checked in by ${closedAt}`,
    links: [publicUrl],
    attachments: [
      {
        filename: 'released.ics',
        content: buildCalendar({
          method: 'CANCEL',
          events: [{ ...toCalendarEvent(booking, organization, host), status: 'CANCELLED', sequence: 1 }],
        }),
        contentType: calendarContentType('CANCEL'),
      },
    ],
    ...renderMail({
      preview: `Desk ${booking.desk.name} on ${booking.desk.floor.name} is free for others again`,
      heading: 'Your desk was released',
      paragraphs: [
        `${organization.name} asks people to check in to their desks. Nobody checked in to this booking by ${closedAt}, so the desk was released for a colleague to take:`,
        `Desk ${booking.desk.name} on ${booking.desk.floor.name}: ${when}`,
        `Times are ${organization.timeZone} time. Still coming in? Book a free desk in Perch, or scan a free desk's code and choose Sit here.`,
      ],
      action: { label: 'Find a desk', url: publicUrl },
    }),
  };
}

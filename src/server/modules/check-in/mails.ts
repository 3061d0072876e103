import type { BookingView } from '#domain/bookings-responses.ts';
import { buildCalendar, calendarContentType } from '#domain/calendar.ts';
import { checkInWindow, mailClock, type SiteHours } from '#domain/check-in.ts';
import { formatLongDate } from '#domain/dates.ts';
import { slotInstants } from '#domain/sites.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';
import { toCalendarEvent } from '../bookings/mails.ts';

/**
 * Tells the owner that a booking nobody checked in to was released, with a calendar cancellation of the same event
 * the confirmation added (same UID, a later SEQUENCE). Times are the desk's site's, with the reader's own beside
 * them when their zone (their home site's) differs.
 */
export function bookingReleasedMail(
  to: string,
  booking: BookingView,
  organization: { name: string; checkInGraceMinutes: number },
  site: SiteHours,
  readerZone: string | null,
  publicUrl: string,
): MailMessage {
  const host = new URL(publicUrl).host;
  const clock = mailClock([site.timeZone], readerZone);
  const closes = checkInWindow(booking, site, organization.checkInGraceMinutes).closesAt;
  const closedAt = clock.time(closes, site.timeZone);
  const when = `${formatLongDate(booking.bookingDate)}, ${clock.slot(site, booking.bookingDate, booking.timeSlot)}`;
  const { startsAt, endsAt } = slotInstants({ ...site, workingDays: [] }, booking.bookingDate, booking.timeSlot);
  const event = toCalendarEvent(booking, { name: organization.name, timeZone: site.timeZone }, host);
  return {
    to,
    subject: `Desk ${booking.desk.name} was released: nobody checked in by ${clock.zonedTime(closes, site.timeZone)}`,
    links: [publicUrl],
    attachments: [
      {
        filename: 'released.ics',
        content: buildCalendar({
          method: 'CANCEL',
          events: [{ ...event, start: startsAt, end: endsAt, status: 'CANCELLED', sequence: 1 }],
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
        `${clock.note ? `${clock.note} ` : ''}Still coming in? Book a free desk in Perch, or scan a free desk's code and choose Sit here.`,
      ],
      action: { label: 'Find a desk', url: publicUrl },
    }),
  };
}

import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import {
  bookingEventUid,
  buildCalendar,
  type CalendarEvent,
  calendarContentType,
  zonedTimeToUtc,
} from '#domain/calendar.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';

export interface MailOrganization {
  name: string;
  timeZone: string;
}

/** "Monday, 23 November 2026, morning (09:00-13:00)" */
function describeWhen(booking: BookingView): string {
  const weekday = formatLongDate(booking.bookingDate);
  return `${weekday}, ${slotLabel(booking.timeSlot)} (${booking.startTime}-${booking.endTime})`;
}

function describeBooking(booking: BookingView): string {
  const permanent = booking.isPermanent ? ', every day from then on (permanent)' : '';
  return `Desk ${booking.desk.name} on ${booking.desk.floor.name}: ${describeWhen(booking)}${permanent}`;
}

/** The calendar event of a booking: its first day's slot, in UTC computed from the organization's zone. */
export function toCalendarEvent(booking: BookingView, organization: MailOrganization, host: string): CalendarEvent {
  const notes = booking.notes ? `\nNotes: ${booking.notes}` : '';
  const permanent = booking.isPermanent ? '\nA permanent booking: the desk stays yours until it is cancelled.' : '';
  return {
    uid: bookingEventUid(booking.id, host),
    start: zonedTimeToUtc(booking.bookingDate, booking.startTime, organization.timeZone),
    end: zonedTimeToUtc(booking.bookingDate, booking.endTime, organization.timeZone),
    summary: `Desk ${booking.desk.name} (${slotLabel(booking.timeSlot)})`,
    description: `Desk ${booking.desk.name} on ${booking.desk.floor.name}, ${organization.name}.${notes}${permanent}`,
    location: `${booking.desk.name}, ${booking.desk.floor.name}, ${organization.name}`,
  };
}

/** One confirmation for one booking or a whole series, with one .ics file holding every event. */
export function bookingConfirmationMail(
  to: string,
  bookings: BookingView[],
  organization: MailOrganization,
  publicUrl: string,
): MailMessage {
  const first = bookings[0];
  if (!first) throw new Error('a confirmation needs at least one booking');
  const host = new URL(publicUrl).host;
  const single = bookings.length === 1;
  const subject = single
    ? `Desk ${first.desk.name} booked for ${formatLongDate(first.bookingDate)}`
    : `${bookings.length} desk bookings confirmed`;
  const notes = single && first.notes ? [`Notes: ${first.notes}`] : [];
  return {
    to,
    subject,
    links: [publicUrl],
    attachments: [
      {
        filename: single ? 'booking.ics' : 'bookings.ics',
        content: buildCalendar({ events: bookings.map((booking) => toCalendarEvent(booking, organization, host)) }),
        contentType: calendarContentType('PUBLISH'),
      },
    ],
    ...renderMail({
      preview: single ? describeWhen(first) : `${bookings.length} bookings at ${organization.name}`,
      heading: single ? 'Your desk is booked' : 'Your desks are booked',
      paragraphs: [
        `${organization.name} has your ${single ? 'booking' : 'bookings'}:`,
        ...bookings.map(describeBooking),
        ...notes,
        `Times are ${organization.timeZone} time. Open the attached calendar file to add ${single ? 'it' : 'them'} to your calendar.`,
      ],
      action: { label: 'Open Perch', url: publicUrl },
      footnote: 'Plans changed? Cancel from My Bookings so that a colleague can take the desk.',
    }),
  };
}

/** Tells an owner that someone else cancelled its bookings; the .ics removes them from calendars. */
export function bookingsCancelledMail(
  to: string,
  bookings: BookingView[],
  organization: MailOrganization,
  reason: string,
  publicUrl: string,
): MailMessage {
  const host = new URL(publicUrl).host;
  const single = bookings.length === 1;
  const first = bookings[0];
  const events = bookings.map((booking) => ({
    ...toCalendarEvent(booking, organization, host),
    status: 'CANCELLED' as const,
    sequence: 1,
  }));
  return {
    to,
    subject:
      single && first
        ? `Your booking of desk ${first.desk.name} on ${formatLongDate(first.bookingDate)} was cancelled`
        : `${bookings.length} of your desk bookings were cancelled`,
    links: [publicUrl],
    attachments: [
      {
        filename: 'cancelled.ics',
        content: buildCalendar({ events, method: 'CANCEL' }),
        contentType: calendarContentType('CANCEL'),
      },
    ],
    ...renderMail({
      preview: `${organization.name}: ${reason}`,
      heading: single ? 'Your booking was cancelled' : 'Your bookings were cancelled',
      paragraphs: [
        `An administrator of ${organization.name} cancelled ${single ? 'this booking' : 'these bookings'} ${reason}:`,
        ...bookings.map(describeBooking),
        'Open Perch to book another desk.',
      ],
      action: { label: 'Book another desk', url: publicUrl },
    }),
  };
}

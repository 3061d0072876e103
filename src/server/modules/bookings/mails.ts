import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { bookingEventUid, buildCalendar, type CalendarEvent, calendarContentType } from '#domain/calendar.ts';
import { formatLongDate } from '#domain/dates.ts';
import { type SiteClock, slotForViewer } from '#domain/sites.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';

export interface MailOrganization {
  name: string;
  /** The organization's zone (its first site's): the recipient's when their own is not known. */
  timeZone: string;
}

/** The clock a booking view implies: its site's zone, and hours that give its slot its start and end. */
function clockOf(booking: BookingView): SiteClock {
  const { startTime, endTime, timeSlot } = booking;
  const midday = timeSlot === 'afternoon' ? startTime : endTime;
  return { timeZone: booking.timeZone, dayStart: startTime, midday, dayEnd: endTime, workingDays: [] };
}

/**
 * "Monday, 30 November 2026, morning (09:00–13:00)", or, for a recipient whose clock differs from the site's that day,
 * "Monday, 30 November 2026, morning (09:00–13:00 Tokyo time, 01:00–05:00 your time)".
 */
export function describeWhen(booking: BookingView, recipientTimeZone: string | null): string {
  const slot = slotForViewer(clockOf(booking), booking.bookingDate, booking.timeSlot, recipientTimeZone);
  return `${formatLongDate(booking.bookingDate)}, ${slot}`;
}

function describeBooking(booking: BookingView, recipientTimeZone: string | null): string {
  const permanent = booking.isPermanent ? ', every day from then on (permanent)' : '';
  return `Desk ${booking.desk.name} on ${booking.desk.floor.name}: ${describeWhen(booking, recipientTimeZone)}${permanent}`;
}

/** "Times are Asia/Tokyo time." when every booking is on one site's clock and the recipient's is the same. */
function timesSentence(bookings: readonly BookingView[], recipientTimeZone: string | null): string {
  const zones = new Set(bookings.map((booking) => booking.timeZone));
  const [zone] = zones;
  if (zones.size === 1 && zone && (!recipientTimeZone || recipientTimeZone === zone)) return `Times are ${zone} time. `;
  return 'Times are each office’s local time. ';
}

/**
 * The calendar event of a booking: its first day's slot at its desk's site, written in the site's zone (with its
 * VTIMEZONE), so a calendar shows it at the right moment wherever its reader is.
 */
export function toCalendarEvent(booking: BookingView, organization: MailOrganization, host: string): CalendarEvent {
  const notes = booking.notes ? `\nNotes: ${booking.notes}` : '';
  const permanent = booking.isPermanent ? '\nA permanent booking: the desk stays yours until it is cancelled.' : '';
  return {
    uid: bookingEventUid(booking.id, host),
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    timeZone: booking.timeZone,
    summary: `Desk ${booking.desk.name} (${slotLabel(booking.timeSlot)})`,
    description: `Desk ${booking.desk.name} on ${booking.desk.floor.name}, ${organization.name}.${notes}${permanent}`,
    location: `${booking.desk.name}, ${booking.desk.floor.name}, ${organization.name}`,
  };
}

/**
 * One confirmation for one booking or a whole series, with one .ics file holding every event. Times are the desk's
 * site's, with the recipient's beside them where their zone (`recipientTimeZone`: their home site's) differs.
 */
export function bookingConfirmationMail(
  to: string,
  bookings: BookingView[],
  organization: MailOrganization,
  publicUrl: string,
  recipientTimeZone: string | null = organization.timeZone,
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
      preview: single ? describeWhen(first, recipientTimeZone) : `${bookings.length} bookings at ${organization.name}`,
      heading: single ? 'Your desk is booked' : 'Your desks are booked',
      paragraphs: [
        `${organization.name} has your ${single ? 'booking' : 'bookings'}:`,
        ...bookings.map((booking) => describeBooking(booking, recipientTimeZone)),
        ...notes,
        `${timesSentence(bookings, recipientTimeZone)}Open the attached calendar file to add ${single ? 'it' : 'them'} to your calendar.`,
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
  recipientTimeZone: string | null = organization.timeZone,
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
        ...bookings.map((booking) => describeBooking(booking, recipientTimeZone)),
        'Open Perch to book another desk.',
      ],
      action: { label: 'Book another desk', url: publicUrl },
    }),
  };
}

import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { buildCalendar, calendarContentType } from '#domain/calendar.ts';
import { formatLongDate } from '#domain/dates.ts';
import { describeSeries, type SeriesOccurrence, type SeriesRule } from '#domain/recurring-bookings.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';
import { describeWhen, type MailOrganization, toCalendarEvent } from '../bookings/mails.ts';

/**
 * One confirmation for a whole series: its rule in words, every date booked, every date not booked with why, and one
 * .ics file with an event per booked date (each its own event, so that one date cancelled later leaves the others).
 */
export function seriesConfirmationMail(
  to: string,
  series: Pick<SeriesRule, 'weekdays' | 'interval' | 'untilDate' | 'timeSlot'>,
  bookings: readonly BookingView[],
  skipped: readonly SeriesOccurrence[],
  organization: MailOrganization,
  publicUrl: string,
  recipientTimeZone: string | null = organization.timeZone,
): MailMessage {
  const first = bookings[0];
  if (!first) throw new Error('a series confirmation needs at least one booking');
  const host = new URL(publicUrl).host;
  const rule = describeSeries(series);
  const count = bookings.length === 1 ? '1 date' : `${bookings.length} dates`;
  const notBooked =
    skipped.length === 0
      ? []
      : [
          `Not booked (${skipped.length}):`,
          ...skipped.map((occurrence) => `${formatLongDate(occurrence.date)}: ${occurrence.reason ?? 'not possible'}`),
        ];
  return {
    to,
    subject: `Desk ${first.desk.name} booked on ${count}: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`,
    links: [publicUrl],
    attachments: [
      {
        filename: 'bookings.ics',
        content: buildCalendar({ events: bookings.map((booking) => toCalendarEvent(booking, organization, host)) }),
        contentType: calendarContentType('PUBLISH'),
      },
    ],
    ...renderMail({
      preview: `${rule}, ${slotLabel(series.timeSlot)}, at ${organization.name}`,
      heading: 'Your office days are booked',
      paragraphs: [
        `${organization.name} has your repeating booking of desk ${first.desk.name} on ${first.desk.floor.name}: ${rule}, ${slotLabel(series.timeSlot)}.`,
        `Booked (${bookings.length}):`,
        ...bookings.map((booking) => describeWhen(booking, recipientTimeZone)),
        ...notBooked,
        'Open the attached calendar file to add them to your calendar.',
      ],
      action: { label: 'Open Perch', url: publicUrl },
      footnote:
        'Plans changed? Cancel one date or the whole series from My Bookings so that a colleague can take the desk.',
    }),
  };
}

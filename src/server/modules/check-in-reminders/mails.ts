import { checkInWindow, localClock, mailClock } from '#domain/check-in.ts';
import { formatLongDate } from '#domain/dates.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';
import type { ReminderCandidate } from './repo.ts';

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The desk's own page (its QR code opens it too): Check in, when the booking's window is open. */
export const deskPageUrl = (publicUrl: string, deskId: string) => `${publicUrl}/desk/${deskId}`;

/**
 * The reminder of one person's bookings of one day in one organization (at least one, all of that day, the first
 * window first): which desks, when each check-in window opens and closes on its desk's site's clock (with the
 * reader's own time beside it when their zone differs, mailClock), and where to check in.
 */
export function checkInReminderMail(bookings: ReminderCandidate[], now: Date, publicUrl: string): MailMessage {
  const first = bookings[0];
  if (!first) throw new Error('a reminder needs at least one booking');
  const { organizationName, graceMinutes } = first;
  const clock = mailClock(
    bookings.map((booking) => booking.timeZone),
    first.readerZone,
  );
  const windows = bookings.map((booking) => checkInWindow(booking, booking, graceMinutes));
  const opensAt = clock.zonedTime(windows[0]?.opensAt ?? now, first.timeZone);
  const desks = [...new Set(bookings.map((booking) => booking.deskName))];
  const deskWords = `${desks.length === 1 ? 'desk' : 'desks'} ${listOf(desks)}`;
  const isToday = localClock(now, first.timeZone).date === first.bookingDate;
  const dashboard = `${publicUrl}/`;
  const lines = bookings.map((booking, index) => {
    const window = windows[index] ?? checkInWindow(booking, booking, graceMinutes);
    const slot = clock.slot(booking, booking.bookingDate, booking.timeSlot);
    return `Desk ${booking.deskName} on ${booking.floorName}, ${slot}: check in from ${clock.time(window.opensAt, booking.timeZone)} to ${clock.time(window.closesAt, booking.timeZone)} at ${deskPageUrl(publicUrl, booking.deskId)}`;
  });
  const release = first.autoRelease
    ? 'A booking nobody checks in to by the end of its window is released for a colleague to take. '
    : '';
  return {
    to: first.email,
    subject: `Reminder: check in to ${deskWords} at ${organizationName} from ${opensAt}`,
    links: [...new Set(bookings.map((booking) => deskPageUrl(publicUrl, booking.deskId))), dashboard],
    ...renderMail({
      preview: `Check-in opens at ${opensAt}: ${deskWords} on ${first.floorName}`,
      heading: 'Check in when you arrive',
      paragraphs: [
        `${organizationName} asks people to check in to their desks. ${isToday ? 'Today' : `On ${formatLongDate(first.bookingDate)}`} you have:`,
        ...lines,
        ...[`${release}${clock.note ?? ''}`.trim()].filter((paragraph) => paragraph !== ''),
        `Your bookings are on your dashboard: ${dashboard}`,
      ],
      action: { label: `Check in at desk ${first.deskName}`, url: deskPageUrl(publicUrl, first.deskId) },
      footnote: 'Rather not get these reminders? Turn off Check-in reminders in the account menu.',
    }),
  };
}

import { slotLabel } from '#domain/bookings.ts';
import { formatLongDate } from '#domain/dates.ts';
import { type SiteClock, slotHours } from '#domain/sites.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';
import type { OwnerBooking } from './repo.ts';

/** The site as its owners' mail names it: its name and its clock after the change. */
export interface ChangedSite extends SiteClock {
  name: string;
}

/** "Desk D01 on Floor 2: Monday, 30 November 2026, morning (08:00–12:00)", with the site's new hours. */
function describeBooking(booking: OwnerBooking, site: ChangedSite): string {
  const { start, end } = slotHours(site, booking.timeSlot);
  const permanent = booking.isPermanent ? ', every day from then on (permanent)' : '';
  return `Desk ${booking.deskName} on ${booking.floorName}: ${formatLongDate(booking.bookingDate)}, ${slotLabel(booking.timeSlot)} (${start}–${end})${permanent}`;
}

/** Why the times changed, as the end of "An administrator of {organization} …". */
export const siteClockChanged = (siteName: string) => `changed the time zone or office hours of ${siteName}`;
export const floorMovedToSite = (floorName: string, siteName: string) =>
  `moved ${floorName} to the site ${siteName}, which keeps other hours or another time zone`;

/**
 * Tells an owner that the times of their upcoming bookings at a site changed (its zone or office hours did, or their
 * floor moved to another site): one mail listing their bookings (the first of them, and how many more) with the new
 * times. Dates, slots and desks stay.
 */
export function bookingTimesChangedMail(
  to: string,
  bookings: OwnerBooking[],
  organizationName: string,
  site: ChangedSite,
  reason: string,
  publicUrl: string,
): MailMessage {
  const total = bookings[0]?.ownerTotal ?? bookings.length;
  const more = total - bookings.length;
  const single = total === 1;
  return {
    to,
    subject: `The times of your ${single ? 'booking' : 'bookings'} at ${site.name} changed`,
    links: [publicUrl],
    ...renderMail({
      preview: `${organizationName} ${reason}`,
      heading: single ? 'Your booking has new times' : 'Your bookings have new times',
      paragraphs: [
        `An administrator of ${organizationName} ${reason}. Your ${
          single
            ? 'booking keeps its date, slot and desk; its times are now'
            : 'bookings keep their dates, slots and desks; their times are now'
        }:`,
        ...bookings.map((booking) => describeBooking(booking, site)),
        ...(more > 0 ? [`…and ${more} more.`] : []),
        `Times are ${site.timeZone} time. Calendar subscriptions show the new times when they next refresh.`,
      ],
      action: { label: 'Open My Bookings', url: publicUrl },
    }),
  };
}

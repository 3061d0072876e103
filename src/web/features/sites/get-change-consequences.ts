import type { SiteChangeConsequences } from '#domain/sites.ts';
import { apiRequest } from '#web/app/api.ts';

/**
 * GET /api/sites/{siteId}/change-consequences (admins): the upcoming bookings a change of zone or hours moves, and
 * how many people own them. Asked once, when the admin saves such a change: the confirmation says it.
 */
export function getChangeConsequences(siteId: string): Promise<SiteChangeConsequences> {
  return apiRequest<SiteChangeConsequences>('GET', `/api/sites/${siteId}/change-consequences`);
}

/** "12 upcoming bookings of 5 people will show the new times. Their owners get one e-mail." (asked only when some move) */
export function describeChangeConsequences({ upcomingBookings, people }: SiteChangeConsequences): string {
  const bookings = upcomingBookings === 1 ? '1 upcoming booking' : `${upcomingBookings} upcoming bookings`;
  const owners = people === 1 ? '1 person' : `${people} people`;
  const mail =
    people > 1
      ? 'Their owners get one e-mail.'
      : upcomingBookings === 1
        ? 'Its owner gets an e-mail.'
        : 'Their owner gets one e-mail.';
  return `${bookings} of ${owners} will show the new times. ${mail}`;
}

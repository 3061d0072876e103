/** The site a booking's desk is on (issue 28): bookings read back their siteId; one read before sites has none. */
export function bookingSiteId(booking: object): string | undefined {
  const { siteId } = booking as { siteId?: string | null };
  return siteId ?? undefined;
}

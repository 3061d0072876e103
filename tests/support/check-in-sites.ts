import { addDesks, createOrganization, setBookingRules, type TestOrganization } from './bookings.ts';
import type { TestApp } from './harness.ts';

export interface TwoSites {
  organization: TestOrganization;
  tokyoDesk: string;
  newYorkDesk: string;
  newYorkSiteId: string;
}

/**
 * Issue 28: an organization requiring check-in (grace 30 minutes, since a month ago) whose first site is its Tokyo
 * office, open 08:00–12:00–17:00, with desk D01; and a New York site (09:00–13:00–18:00) with a floor and desk NY01,
 * added by SQL.
 */
export async function tokyoAndNewYork(testApp: TestApp): Promise<TwoSites> {
  const organization = await createOrganization(testApp, { timeZone: 'Asia/Tokyo', deskCount: 1 });
  await testApp.database.sql.query(
    `UPDATE sites SET name = 'Tokyo', day_start = '08:00', midday = '12:00', day_end = '17:00'
     WHERE organization_id = $1`,
    [organization.id],
  );
  const [site] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO sites (organization_id, name, time_zone) VALUES ($1, 'New York', 'America/New_York') RETURNING id`,
    [organization.id],
  );
  const [floor] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO floors (organization_id, site_id, name) VALUES ($1, $2, 'Manhattan 5') RETURNING id`,
    [organization.id, site?.id],
  );
  const [newYorkDesk] = await addDesks(testApp, organization.id, floor?.id ?? '', 1, 'NY');
  await setBookingRules(organization, { onePerPersonPerSlot: false, checkInRequired: true, checkInGraceMinutes: 30 });
  // Required long before the windows of these tests opened, so that the release judges them.
  await testApp.database.sql.query(
    `UPDATE organizations SET check_in_required_since = now() - interval '30 days' WHERE id = $1`,
    [organization.id],
  );
  return {
    organization,
    tokyoDesk: organization.desks[0] ?? '',
    newYorkDesk: newYorkDesk ?? '',
    newYorkSiteId: site?.id ?? '',
  };
}

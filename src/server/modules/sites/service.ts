import type { z } from 'zod';
import { isUuid } from '#domain/ids.ts';
import type { OrganizationView } from '#domain/organization.ts';
import {
  type createSiteSchema,
  maxBookingsInTimesMail,
  maxSitesPerOrganization,
  movesBookingTimes,
  type SiteChangeConsequences,
  type SiteClock,
  type SiteDeleted,
  type SiteView,
  siteMessages,
  type updateSiteSchema,
} from '#domain/sites.ts';
import type { AppContext } from '#server/context.ts';
import { lockOrganizationAdditions } from '#server/db/organization-lock.ts';
import { badRequest, conflict, notFound, sqlState } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { sendInBackground } from '../bookings/mail-delivery.ts';
import * as organizationRepo from '../organizations/repo.ts';
import { findMemberOrganization, requireAdmin, requireEditor, toOrganizationView } from '../organizations/service.ts';
import { bookingTimesChangedMail, type ChangedSite, siteClockChanged } from './mails.ts';
import * as repo from './repo.ts';

export type NewSite = z.output<typeof createSiteSchema>;
export type SiteUpdate = z.output<typeof updateSiteSchema>;

export const siteNotFound = () => notFound(siteMessages.notFound);

/** PostgreSQL reads a `time` back as 'HH:MM:SS'; the API speaks 'HH:MM' (the table holds whole minutes). */
const hhmm = (value: string) => value.slice(0, 5);

export function toSiteClock(site: repo.SiteRow): SiteClock {
  return {
    timeZone: site.timeZone,
    dayStart: hhmm(site.dayStart),
    midday: hhmm(site.midday),
    dayEnd: hhmm(site.dayEnd),
    workingDays: site.workingDays,
  };
}

export function toSiteView(site: repo.SiteRow, floorCount: number): SiteView {
  return {
    id: site.id,
    organizationId: site.organizationId,
    name: site.name,
    address: site.address,
    ...toSiteClock(site),
    workingDays: [...site.workingDays],
    floorCount,
    createdAt: site.createdAt.toISOString(),
  };
}

/** Members see the sites in creation order, membership checked by findMemberOrganization. */
export async function listSites(context: AppContext, userId: string, organizationId: string): Promise<SiteView[]> {
  await findMemberOrganization(context, organizationId, userId);
  const rows = await repo.listSites(context.db, organizationId);
  return rows.map((row) => toSiteView(row, row.floorCount));
}

/** Admin with an enabled subscription, checked by requireEditor. Audited as site.created. */
export async function createSite(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: NewSite,
): Promise<SiteView> {
  await requireEditor(context, organizationId, userId);
  const site = await context.db.transaction(async (tx) => {
    await lockOrganizationAdditions(tx, 'sites', organizationId);
    if ((await repo.countSites(tx, organizationId)) >= maxSitesPerOrganization) {
      throw conflict(siteMessages.tooMany);
    }
    const row = await repo.insertSite(tx, { organizationId, ...input, address: input.address ?? null });
    await recordAuditEvent(tx, {
      organizationId,
      actor: { id: userId },
      action: 'site.created',
      target: { type: 'site', id: row.id },
      details: { name: row.name, timeZone: row.timeZone },
    });
    return row;
  });
  return toSiteView(site, 0);
}

/**
 * The site as one of its organization's members sees it, with that member's role. Unknown ids, non-uuids and other
 * tenants' sites all answer the same 404.
 */
export async function findMemberSite(context: AppContext, siteId: string, userId: string) {
  const found = isUuid(siteId) ? await repo.findSiteOfMember(context.db, siteId, userId) : undefined;
  if (!found) throw siteNotFound();
  return found;
}

/**
 * PUT /api/sites/{siteId}: any of the fields. Membership checked by findMemberSite, admin role and subscription by
 * requireEditor.
 */
export async function updateSite(
  context: AppContext,
  userId: string,
  siteId: string,
  input: SiteUpdate,
): Promise<SiteView> {
  const { site } = await findMemberSite(context, siteId, userId);
  const { organization } = await requireEditor(context, site.organizationId, userId);
  return applySiteChanges(context, userId, organization, site.id, input);
}

/**
 * PUT /api/organizations/{id} with a time zone (the spec's clients know one zone per organization): the zone of the
 * organization's first site, changed as PUT /api/sites/{siteId} changes it. The caller checked requireEditor.
 */
export async function changeFirstSiteTimeZone(
  context: AppContext,
  userId: string,
  organization: { id: string; name: string },
  timeZone: string,
): Promise<void> {
  const first = await repo.findFirstSite(context.db, organization.id);
  if (!first) throw siteNotFound();
  await applySiteChanges(context, userId, organization, first.id, { timeZone });
}

type ChangeKey = keyof repo.SiteChanges;
const changeKeys: readonly ChangeKey[] = ['name', 'address', 'timeZone', 'dayStart', 'midday', 'dayEnd', 'workingDays'];

/** The fields the input changes, each as {from, to} (what the audit log records); the hours as 'HH:MM'. */
function changesOf(site: repo.SiteRow, input: SiteUpdate): Partial<Record<ChangeKey, { from: unknown; to: unknown }>> {
  const current: Record<ChangeKey, unknown> = { name: site.name, address: site.address, ...toSiteClock(site) };
  const changes: Partial<Record<ChangeKey, { from: unknown; to: unknown }>> = {};
  for (const key of changeKeys) {
    const value = input[key];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[key])) changes[key] = { from: current[key], to: value };
  }
  return changes;
}

/**
 * Applies a change to a site in one transaction, the site locked while it runs. The hours are checked together with
 * those the site keeps (400). A change of zone or hours moves the real times of the site's bookings (never their dates
 * or slots): after the commit, each owner of upcoming bookings there (but the admin who made it) gets one mail listing
 * them with their new times.
 */
async function applySiteChanges(
  context: AppContext,
  userId: string,
  organization: { id: string; name: string },
  siteId: string,
  input: SiteUpdate,
): Promise<SiteView> {
  const outcome = await context.db.transaction(async (tx) => {
    const before = await repo.lockSite(tx, organization.id, siteId);
    if (!before) throw siteNotFound();
    const clockBefore = toSiteClock(before);
    const clockAfter: SiteClock = {
      timeZone: input.timeZone ?? clockBefore.timeZone,
      dayStart: input.dayStart ?? clockBefore.dayStart,
      midday: input.midday ?? clockBefore.midday,
      dayEnd: input.dayEnd ?? clockBefore.dayEnd,
      workingDays: input.workingDays ?? clockBefore.workingDays,
    };
    if (!(clockAfter.dayStart < clockAfter.midday && clockAfter.midday < clockAfter.dayEnd)) {
      throw badRequest(`${siteMessages.hoursOrder} (midday)`);
    }
    const changes = changesOf(before, input);
    const floorCount = await repo.countFloorsOfSite(tx, organization.id, siteId);
    if (Object.keys(changes).length === 0) return { site: before, floorCount, owners: [] };
    const updates = Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to]));
    const site = await repo.updateSite(tx, organization.id, siteId, updates as repo.SiteChanges);
    if (!site) throw siteNotFound();
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: { id: userId },
      action: 'site.updated',
      target: { type: 'site', id: siteId },
      details: { name: site.name, changes },
    });
    const owners = movesBookingTimes(clockBefore, clockAfter)
      ? await repo.listUpcomingBookingsByOwner(tx, organization.id, { siteId }, maxBookingsInTimesMail)
      : [];
    return { site, floorCount, owners };
  });
  const site = { name: outcome.site.name, ...toSiteClock(outcome.site) };
  notifyOwnersOfNewTimes(context, outcome.owners, userId, organization.name, site, siteClockChanged(site.name));
  return toSiteView(outcome.site, outcome.floorCount);
}

/** One mail per owner (but the admin who made the change), sent after the answer as booking mails are. */
export function notifyOwnersOfNewTimes(
  context: AppContext,
  bookings: repo.OwnerBooking[],
  changedBy: string,
  organizationName: string,
  site: ChangedSite,
  reason: string,
): void {
  const byOwner = new Map<string, repo.OwnerBooking[]>();
  for (const booking of bookings) {
    if (booking.userId === changedBy) continue;
    byOwner.set(booking.email, [...(byOwner.get(booking.email) ?? []), booking]);
  }
  for (const [email, owned] of byOwner) {
    sendInBackground(context, () =>
      bookingTimesChangedMail(email, owned, organizationName, site, reason, context.config.publicUrl),
    );
  }
}

/** What a change of the site's zone or hours would move, for its confirmation. Admins only (requireAdmin). */
export async function findSiteChangeConsequences(
  context: AppContext,
  userId: string,
  siteId: string,
): Promise<SiteChangeConsequences> {
  const { site } = await findMemberSite(context, siteId, userId);
  await requireAdmin(context, site.organizationId, userId);
  return repo.countUpcomingBookings(context.db, site.organizationId, site.id);
}

/**
 * Deletes a site that has no floors, unless it is the organization's last (409 with a sentence for each). The
 * organization's sites are locked first, so two deletions at once cannot take its last two, and a floor being moved
 * onto the site is either counted or refused. Membership checked by findMemberSite, admin role and subscription by
 * requireEditor. Members whose home site it was go back to the first site (ON DELETE SET NULL).
 */
export async function deleteSite(context: AppContext, userId: string, siteId: string): Promise<SiteDeleted> {
  const { site } = await findMemberSite(context, siteId, userId);
  await requireEditor(context, site.organizationId, userId);
  await context.db.transaction(async (tx) => {
    const siteIds = await repo.lockSitesOfOrganization(tx, site.organizationId);
    if (!siteIds.includes(site.id)) throw siteNotFound();
    const floors = await repo.countFloorsOfSite(tx, site.organizationId, site.id);
    if (floors > 0) throw conflict(siteMessages.hasFloors(site.name, floors));
    if (siteIds.length <= 1) throw conflict(siteMessages.lastSite);
    if (!(await repo.deleteSite(tx, site.organizationId, site.id))) throw siteNotFound();
    await recordAuditEvent(tx, {
      organizationId: site.organizationId,
      actor: { id: userId },
      action: 'site.deleted',
      target: { type: 'site', id: site.id },
      details: { name: site.name, timeZone: site.timeZone },
    });
  });
  return { message: `${site.name} was deleted.` };
}

/**
 * The caller's own home site, among their organization's sites (membership checked by findMemberOrganization; a site
 * of another organization, or one deleted meanwhile, answers 404). A personal preference: not audited.
 */
export async function setHomeSite(
  context: AppContext,
  userId: string,
  organizationId: string,
  siteId: string,
): Promise<OrganizationView> {
  const found = await findMemberOrganization(context, organizationId, userId);
  const isSet =
    isUuid(siteId) &&
    (await organizationRepo.updateHomeSite(context.db, organizationId, userId, siteId).catch((error: unknown) => {
      // The site was deleted between the check and the write: the foreign key refuses it.
      if (sqlState(error) === '23503') return false;
      throw error;
    }));
  if (!isSet) throw siteNotFound();
  return toOrganizationView({ ...found, homeSiteId: siteId }, context.config);
}

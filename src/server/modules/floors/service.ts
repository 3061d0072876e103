import {
  defaultFloorName,
  type FloorDeleted,
  type FloorDeletionConsequences,
  type FloorView,
  type OrganizationSettingsInput,
  type UpdateFloorInput,
} from '#domain/floor-plan.ts';
import { isUuid } from '#domain/ids.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { maxBookingsInTimesMail, movesBookingTimes } from '#domain/sites.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/errors.ts';
import { recordAuditEvent, recordSettingChange } from '../audit/repo.ts';
import { notifyOwners } from '../bookings/mail-delivery.ts';
import { toBookingView } from '../bookings/views.ts';
import * as organizationRepo from '../organizations/repo.ts';
import { findMemberOrganization, requireAdmin, requireEditor, toOrganizationView } from '../organizations/service.ts';
import { floorMovedToSite } from '../sites/mails.ts';
import * as siteRepo from '../sites/repo.ts';
import { changeFirstSiteTimeZone, notifyOwnersOfNewTimes, siteNotFound, toSiteClock } from '../sites/service.ts';
import { floorDeletedReason } from './mails.ts';
import * as repo from './repo.ts';

export const floorNotFound = () => notFound('Floor not found.');

export function toFloorView(floor: repo.FloorRow): FloorView {
  return {
    id: floor.id,
    organizationId: floor.organizationId,
    siteId: floor.siteId,
    name: floor.name,
    floorPlanUrl: floor.floorPlanUrl,
    defaultZoomLevel: floor.defaultZoomLevel === null ? null : Number(floor.defaultZoomLevel),
    createdAt: floor.createdAt.toISOString(),
  };
}

/**
 * Members see the floors in creation order. An admin who finds none gets 'Floor 1' created first,
 * so that an organization always has somewhere to put desks. Membership checked by findMemberOrganization.
 */
export async function listFloors(context: AppContext, userId: string, organizationId: string): Promise<FloorView[]> {
  const { role } = await findMemberOrganization(context, organizationId, userId);
  let rows = await repo.listFloors(context.db, organizationId);
  if (rows.length === 0 && role === 'admin') {
    await repo.insertFirstFloorOnce(context.db, organizationId, defaultFloorName);
    rows = await repo.listFloors(context.db, organizationId);
  }
  return rows.map(toFloorView);
}

/**
 * The organization's site a floor goes onto (without an id, its first), locked against deletion until the transaction
 * ends, so the floor cannot land on a site deleted meanwhile; 404 for an unknown id, a non-uuid, another tenant's site
 * or one just deleted.
 */
async function siteForFloor(db: Database, organizationId: string, siteId: string | undefined) {
  const site =
    siteId === undefined
      ? await siteRepo.findFirstSite(db, organizationId, { lock: true })
      : isUuid(siteId)
        ? await siteRepo.findSiteInOrganization(db, organizationId, siteId, { lock: true })
        : undefined;
  if (!site) throw siteNotFound();
  return site;
}

/** Admin with an enabled subscription, checked by requireEditor. Without a site, the floor goes on the first one. */
export async function createFloor(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: { name: string; siteId?: string | undefined },
): Promise<FloorView> {
  await requireEditor(context, organizationId, userId);
  const floor = await context.db.transaction(async (tx) => {
    const site = await siteForFloor(tx, organizationId, input.siteId);
    const row = await repo.insertFloor(tx, { organizationId, name: input.name, siteId: site.id });
    await recordAuditEvent(tx, {
      organizationId,
      actor: { id: userId },
      action: 'floor.created',
      target: { type: 'floor', id: row.id },
      details: { name: row.name },
    });
    return row;
  });
  return toFloorView(floor);
}

/**
 * The floor as one of its organization's members sees it, with that member's role.
 * Unknown ids, non-uuids and other tenants' floors all answer the same 404.
 */
export async function findMemberFloor(context: AppContext, floorId: string, userId: string) {
  const found = isUuid(floorId) ? await repo.findFloorOfMember(context.db, floorId, userId) : undefined;
  if (!found) throw floorNotFound();
  return found;
}

/**
 * PUT /api/floors/{floorId}: a new name, a default zoom, another site of the organization, or several. Membership
 * checked by findMemberFloor, admin role and subscription by requireEditor. A rename, a new zoom and a move are
 * audited with it.
 */
export async function updateFloor(
  context: AppContext,
  userId: string,
  floorId: string,
  input: UpdateFloorInput,
): Promise<FloorView> {
  const { floor } = await findMemberFloor(context, floorId, userId);
  const { organization } = await requireEditor(context, floor.organizationId, userId);
  let moved: { target: siteRepo.SiteRow; owners: siteRepo.OwnerBooking[] } | undefined;
  const updated = await context.db.transaction(async (tx) => {
    const isRename = input.name !== undefined && input.name !== floor.name;
    const target =
      input.siteId === undefined || input.siteId === floor.siteId
        ? undefined
        : await siteForFloor(tx, floor.organizationId, input.siteId);
    if (input.defaultZoomLevel === undefined && !isRename && !target) return floor;
    const row = await repo.updateFloor(tx, floor.organizationId, floor.id, {
      defaultZoomLevel: input.defaultZoomLevel,
      name: isRename ? input.name : undefined,
      siteId: target?.id,
    });
    if (row && target) moved = { target, owners: await recordFloorMove(tx, userId, floor, row.name, target) };
    if (row && isRename) {
      await recordAuditEvent(tx, {
        organizationId: floor.organizationId,
        actor: { id: userId },
        action: 'floor.renamed',
        target: { type: 'floor', id: floor.id },
        details: { from: floor.name, to: input.name },
      });
    }
    const zoomBefore = floor.defaultZoomLevel === null ? null : Number(floor.defaultZoomLevel);
    if (row && input.defaultZoomLevel !== undefined && input.defaultZoomLevel !== zoomBefore) {
      await recordSettingChange(tx, {
        organizationId: floor.organizationId,
        actor: { id: userId },
        action: 'floor.zoom_changed',
        target: { type: 'floor', id: floor.id },
        details: { name: row.name, from: zoomBefore, to: input.defaultZoomLevel },
      });
    }
    return row;
  });
  if (!updated) throw floorNotFound();
  if (moved) {
    const site = { name: moved.target.name, ...toSiteClock(moved.target) };
    const reason = floorMovedToSite(updated.name, site.name);
    notifyOwnersOfNewTimes(context, moved.owners, userId, organization.name, site, reason);
  }
  return toFloorView(updated);
}

/**
 * Audits a floor's move to another site, and answers the upcoming bookings on it whose times the move changes (when
 * the two sites keep different hours or zones), for their owners' mail.
 */
async function recordFloorMove(
  tx: Database,
  userId: string,
  floor: repo.FloorRow,
  name: string,
  target: siteRepo.SiteRow,
): Promise<siteRepo.OwnerBooking[]> {
  // Read without a lock: a move holds one site lock only (its target's), so a deletion locking every site of the
  // organization cannot deadlock with it.
  const origin = await siteRepo.findSiteInOrganization(tx, floor.organizationId, floor.siteId);
  await recordAuditEvent(tx, {
    organizationId: floor.organizationId,
    actor: { id: userId },
    action: 'floor.moved',
    target: { type: 'floor', id: floor.id },
    details: { name, from: origin?.name ?? null, to: target.name },
  });
  if (origin && !movesBookingTimes(toSiteClock(origin), toSiteClock(target))) return [];
  return siteRepo.listUpcomingBookingsByOwner(tx, floor.organizationId, { floorId: floor.id }, maxBookingsInTimesMail);
}

/** What Delete floor's confirmation names. Admins only (requireAdmin), members of the floor's organization first. */
export async function findFloorDeletionConsequences(
  context: AppContext,
  userId: string,
  floorId: string,
): Promise<FloorDeletionConsequences> {
  const { floor } = await findMemberFloor(context, floorId, userId);
  await requireAdmin(context, floor.organizationId, userId);
  const counts = await repo.countFloorContents(context.db, floor.organizationId, floor.id);
  return {
    floorName: floor.name,
    desks: counts.desks,
    upcomingBookings: counts.upcomingBookings,
    isLastFloor: counts.floors <= 1,
  };
}

/**
 * Deletes a floor with its desks and their bookings, in one transaction. The owners of the upcoming bookings it
 * removes (active from the organization's today on, and active permanent ones) are mailed after the commit. The
 * organization's last floor is replaced by an empty 'Floor 1' in the same transaction, as the dashboard gives an
 * admin with no floors one (spec section 2), so that no member is ever left without a floor. Membership checked by
 * findMemberFloor, admin role and subscription by requireEditor.
 */
export async function deleteFloor(context: AppContext, userId: string, floorId: string): Promise<FloorDeleted> {
  const { floor } = await findMemberFloor(context, floorId, userId);
  const { organization } = await requireEditor(context, floor.organizationId, userId);
  const outcome = await context.db.transaction(async (tx) => {
    await repo.lockFloorsOfOrganization(tx, floor.organizationId);
    const { desks, bookings } = await repo.lockFloorForDeletion(tx, floor.organizationId, floor.id);
    if (!(await repo.deleteFloor(tx, floor.organizationId, floor.id))) throw floorNotFound();
    const remaining = await repo.listFloors(tx, floor.organizationId);
    const replacement =
      remaining.length === 0
        ? await repo.insertFloor(tx, { organizationId: floor.organizationId, name: defaultFloorName })
        : null;
    await recordAuditEvent(tx, {
      organizationId: floor.organizationId,
      actor: { id: userId },
      action: 'floor.deleted',
      target: { type: 'floor', id: floor.id },
      details: { name: floor.name, desks, cancelledBookings: bookings.length },
    });
    return { desks, bookings, replacement };
  });
  notifyOwners(
    context,
    outcome.bookings.map(toBookingView),
    userId,
    { name: organization.name, timeZone: organization.timeZone },
    floorDeletedReason(floor.name),
  );
  return {
    message: `${floor.name} was deleted.`,
    deletedDesks: outcome.desks,
    cancelledBookings: outcome.bookings.length,
    replacementFloor: outcome.replacement ? toFloorView(outcome.replacement) : null,
  };
}

/**
 * PUT /api/organizations/{id}: the organization's own default zoom (spec section 4: per floor or per organization),
 * and the time zone of its first site for the spec's clients (as PUT /api/sites/{siteId} changes it, its owners'
 * mails included; organizations.time_zone follows by migration 0024's trigger). Checked by requireEditor.
 */
export async function updateOrganizationSettings(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: OrganizationSettingsInput,
): Promise<OrganizationView> {
  const found = await requireEditor(context, organizationId, userId);
  if (input.timeZone !== undefined) {
    await changeFirstSiteTimeZone(context, userId, found.organization, input.timeZone);
  }
  if (input.hideNames !== undefined && input.hideNames !== found.organization.hideNames) {
    const hideNames = input.hideNames;
    await context.db.transaction(async (tx) => {
      if (!(await organizationRepo.updateHideNames(tx, organizationId, hideNames))) {
        throw notFound('Organization not found.');
      }
      await recordSettingChange(tx, {
        organizationId,
        actor: { id: userId },
        action: 'organization.privacy_changed',
        target: { type: 'organization', id: organizationId },
        details: { hideNames },
      });
    });
  }
  const zoom = input.defaultZoomLevel;
  if (zoom !== undefined) {
    const before = found.organization.defaultZoomLevel === null ? null : Number(found.organization.defaultZoomLevel);
    await context.db.transaction(async (tx) => {
      const row = await organizationRepo.updateOrganizationZoom(tx, organizationId, zoom);
      if (!row) throw notFound('Organization not found.');
      if (before !== zoom) {
        await recordSettingChange(tx, {
          organizationId,
          actor: { id: userId },
          action: 'organization.zoom_changed',
          target: { type: 'organization', id: organizationId },
          details: { from: before, to: zoom },
        });
      }
    });
  }
  return toOrganizationView(await findMemberOrganization(context, organizationId, userId), context.config);
}

import { defaultFloorName, type FloorView } from '#domain/floor-plan.ts';
import { isUuid } from '#domain/ids.ts';
import type { OrganizationView } from '#domain/organization.ts';
import type { AppContext } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import * as organizationRepo from '../organizations/repo.ts';
import { findMemberOrganization, requireEditor, toOrganizationView } from '../organizations/service.ts';
import * as repo from './repo.ts';

export const floorNotFound = () => notFound('Floor not found.');

export function toFloorView(floor: repo.FloorRow): FloorView {
  return {
    id: floor.id,
    organizationId: floor.organizationId,
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

/** Admin with an enabled subscription, checked by requireEditor. */
export async function createFloor(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: { name: string },
): Promise<FloorView> {
  await requireEditor(context, organizationId, userId);
  return toFloorView(await repo.insertFloor(context.db, { organizationId, name: input.name }));
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

/** Membership checked by findMemberFloor, admin role and subscription by requireEditor. */
export async function updateFloorDefaultZoom(
  context: AppContext,
  userId: string,
  floorId: string,
  input: { defaultZoomLevel: number },
): Promise<FloorView> {
  const { floor } = await findMemberFloor(context, floorId, userId);
  await requireEditor(context, floor.organizationId, userId);
  const updated = await repo.updateFloorZoom(context.db, floor.organizationId, floor.id, input.defaultZoomLevel);
  if (!updated) throw floorNotFound();
  return toFloorView(updated);
}

/** The organization's own default zoom (spec section 4: per floor or per organization). Checked by requireEditor. */
export async function updateOrganizationDefaultZoom(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: { defaultZoomLevel: number },
): Promise<OrganizationView> {
  const found = await requireEditor(context, organizationId, userId);
  const updated = await organizationRepo.updateOrganizationZoom(context.db, organizationId, input.defaultZoomLevel);
  if (!updated) throw notFound('Organization not found.');
  return toOrganizationView({ ...found, organization: updated }, context.config);
}

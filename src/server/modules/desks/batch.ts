import { clampPosition, type DeskBatchInput, type DeskBatchResult, normaliseRotation } from '#domain/floor-plan.ts';
import { isUuid } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { type AuditEventInput, recordAuditEvents } from '../audit/repo.ts';
import { findMemberFloor } from '../floors/service.ts';
import { requireEditor } from '../organizations/service.ts';
import { knownAmenities, placementChange, propertyChanges } from './properties.ts';
import * as repo from './repo.ts';
import { placementOf, toView } from './service.ts';

/** The audit log names at most this many desks of one batch; the count says how many there were. */
const auditedNamesLimit = 50;

/**
 * The audit event of one kind of change in a batch (none when that kind did not happen): how many desks, naming at
 * most auditedNamesLimit of them.
 */
function batchEvents(
  audited: Pick<AuditEventInput, 'organizationId' | 'actor'> & { floorName: string },
  action: 'desks.updated' | 'desks.moved' | 'desks.deleted',
  key: 'desks' | 'names',
  items: readonly unknown[],
): AuditEventInput[] {
  if (items.length === 0) return [];
  const { floorName, ...event } = audited;
  return [{ ...event, action, details: { floorName, count: items.length, [key]: items.slice(0, auditedNamesLimit) } }];
}

/**
 * The floor of a batch, for someone who may edit it: a member of its organization (findMemberFloor, else 404), an
 * admin (403) with an enabled subscription (422, requireEditor). The route asks it before reading the body, which may
 * be far larger than any other request's (deskBatchBodyLimit), and the batch again under its own name.
 */
export async function requireBatchEditor(context: AppContext, floorId: string, userId: string) {
  const { floor } = await findMemberFloor(context, floorId, userId);
  await requireEditor(context, floor.organizationId, userId);
  return floor;
}

/**
 * Several desks of one floor changed and deleted in one transaction, all or nothing: a desk that is not on this floor
 * (another floor's, another tenant's, unknown, not a uuid) answers 404 and nothing changes. Membership, admin role
 * and subscription checked by requireBatchEditor. Property changes and deletions are audited with it.
 */
export async function applyDeskBatch(
  context: AppContext,
  userId: string,
  floorId: string,
  input: DeskBatchInput,
): Promise<DeskBatchResult> {
  const floor = await requireBatchEditor(context, floorId, userId);
  const organizationId = floor.organizationId;
  const ids = [...input.update.map((item) => item.id), ...input.delete];
  if (!ids.every(isUuid)) throw notFound('Desk not found.');
  const placement = placementOf(organizationId, floor.id, floor.name);

  return context.db.transaction(async (tx) => {
    // The amenity list before the desks, in the order a change of the list takes them (amenities/service.ts).
    const list = input.update.some((item) => item.amenities !== undefined)
      ? await repo.lockAmenityList(tx, organizationId)
      : [];
    const found = new Map(
      (await repo.lockDesksOfFloor(tx, organizationId, floor.id, ids)).map((desk) => [desk.id, desk]),
    );
    if (found.size !== ids.length) throw notFound('Desk not found.');

    const changes = input.update.map((item): repo.BatchDeskChanges => {
      const desk = found.get(item.id)!;
      const position =
        item.positionX !== undefined && item.positionY !== undefined
          ? clampPosition(item.positionX, item.positionY, Number(desk.width), Number(desk.height))
          : undefined;
      return {
        id: item.id,
        ...(position ? { positionX: position.x, positionY: position.y } : {}),
        ...(item.rotation === undefined ? {} : { rotation: normaliseRotation(item.rotation) }),
        ...(item.amenities === undefined ? {} : { amenities: knownAmenities(item.amenities, list) }),
        ...(item.bookable === undefined ? {} : { bookable: item.bookable }),
        ...(item.unavailableReason === undefined ? {} : { unavailableReason: item.unavailableReason }),
      };
    });
    const before = await repo.findDesksInOrganization(
      tx,
      organizationId,
      changes.filter((change) => change.amenities || change.bookable !== undefined).map((change) => change.id),
    );
    const updated = await repo.updateDesksOfFloor(tx, organizationId, floor.id, changes);
    const deletedNames = input.delete.map((id) => found.get(id)!.name);
    await repo.deleteDesksOfFloor(tx, organizationId, floor.id, input.delete);

    const byId = new Map(updated.map((row) => [row.id, row]));
    const changed = before.flatMap((desk) => {
      const after = byId.get(desk.id);
      const properties = after && propertyChanges(desk, after);
      return properties ? [{ name: desk.name, changes: properties }] : [];
    });
    const moved = updated.flatMap((row) => {
      const desk = found.get(row.id);
      return desk && placementChange(desk, row) ? [desk.name] : [];
    });
    const audited = { organizationId, actor: { id: userId }, floorName: floor.name };
    await recordAuditEvents(tx, [
      ...batchEvents(audited, 'desks.updated', 'desks', changed),
      ...batchEvents(audited, 'desks.moved', 'names', moved),
      ...batchEvents(audited, 'desks.deleted', 'names', deletedNames),
    ]);
    // In the order they were sent, as the floor's list shows them.
    return {
      updated: input.update.map((item) => toView(byId.get(item.id)!, placement)),
      deleted: input.delete,
    };
  });
}

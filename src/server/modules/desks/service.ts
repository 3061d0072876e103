import {
  type CreateDeskInput,
  clampPosition,
  type DeskView,
  newDeskDefaults,
  normaliseRotation,
  type UpdateDeskInput,
} from '#domain/floor-plan.ts';
import { isUuid } from '#domain/ids.ts';
import { ByteBoundedCache } from '#server/byte-bounded-cache.ts';
import { CachedJsonBody } from '#server/cached-body.ts';
import { type AppContext, perApp } from '#server/context.ts';
import { notFound, sqlState } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import * as floorRepo from '../floors/repo.ts';
import { findMemberFloor, floorNotFound } from '../floors/service.ts';
import { findMemberOrganization, requireEditor } from '../organizations/service.ts';
import { knownAmenities, nameTakenOr, placementChange, propertyChanges } from './properties.ts';
import * as repo from './repo.ts';

const deskNotFound = () => notFound('Desk not found.');

/** Numeric columns read as '120.00'; views carry the shortest numeric string ('120', '10.5'), without a float round trip. */
function trimNumeric(text: string): string {
  if (!text.includes('.')) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end -= 1; // trailing '0'
  if (text.charCodeAt(end - 1) === 46) end -= 1; // then a bare '.'
  return text.slice(0, end);
}

type Placement = Pick<DeskView, 'organizationId' | 'floorId' | 'floor'>;

/** `placement` is shared by every desk of a floor: a 2,000-desk list then allocates one floor object, not 2,000. */
export function toView(desk: repo.FloorDeskRow, placement: Placement): DeskView {
  return {
    id: desk.id,
    organizationId: placement.organizationId,
    floorId: placement.floorId,
    floor: placement.floor,
    name: desk.name,
    description: desk.description,
    amenities: desk.amenities,
    bookable: desk.bookable,
    unavailableReason: desk.unavailableReason,
    positionX: trimNumeric(desk.positionX),
    positionY: trimNumeric(desk.positionY),
    width: trimNumeric(desk.width),
    height: trimNumeric(desk.height),
    rotation: String(desk.rotation),
    neighbourhoodId: desk.neighbourhoodId,
  };
}

export function placementOf(organizationId: string, floorId: string, floorName: string): Placement {
  return { organizationId, floorId, floor: { id: floorId, name: floorName } };
}

export function toDeskView(desk: repo.DeskRow, floorName: string): DeskView {
  return toView(desk, placementOf(desk.organizationId, desk.floorId, floorName));
}

/** Members only, checked by findMemberOrganization. One query for every desk with its floor. */
export async function listDesksOfOrganization(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<DeskView[]> {
  await findMemberOrganization(context, organizationId, userId);
  const rows = await repo.listDesksOfOrganization(context.db, organizationId);
  const placements = new Map<string, Placement>();
  return rows.map((row) => {
    let placement = placements.get(row.floorId);
    if (!placement) {
      placement = placementOf(organizationId, row.floorId, row.floorName);
      placements.set(row.floorId, placement);
    }
    return toView(row, placement);
  });
}

/**
 * Members only, checked by findMemberFloor. The floor plan's hot read (bench/desks-load.ts): the answer is the
 * DeskView list already serialised, kept per floor for as long as the floor's desks revision and name, which the
 * membership check reads anyway, are unchanged. A change on any server instance bumps the revision (migration 0003).
 */
export async function listDesksOfFloorAsJson(
  context: AppContext,
  userId: string,
  floorId: string,
): Promise<CachedJsonBody> {
  const { floor, desksRevision } = await findMemberFloor(context, floorId, userId);
  const cache = floorDeskListCache(context);
  const cached = cache.get(floor.id, (entry) => entry.revision === desksRevision && entry.floorName === floor.name);
  if (cached) return cached.body;
  const rows = await repo.listDesksOfFloor(context.db, floor.organizationId, floor.id);
  const placement = placementOf(floor.organizationId, floor.id, floor.name);
  // Kept with its compressed forms, made once per revision (src/server/cached-body.ts).
  const body = new CachedJsonBody(Buffer.from(JSON.stringify(rows.map((row) => toView(row, placement)))));
  const previous = cache.peek(floor.id);
  // Two requests may rebuild one floor at once; the one that read the later revision stays.
  if (!previous || BigInt(previous.revision) <= BigInt(desksRevision)) {
    cache.set(floor.id, { revision: desksRevision, floorName: floor.name, body });
  }
  return body;
}

interface CachedDeskList {
  /** The floor's desks_revision read before the desks were: the list is at least that recent. */
  revision: string;
  floorName: string;
  body: CachedJsonBody;
}

/** One cache per running app, least recently used first out: 64 MiB, about 90 floors of 2,000 desks as JSON. */
const floorDeskListCache = perApp(() => new ByteBoundedCache<CachedDeskList>(64 * 1024 * 1024));

/** Admin with an enabled subscription, checked by requireEditor; the floor must be one of this organization's. */
export async function createDesk(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: CreateDeskInput,
): Promise<DeskView> {
  await requireEditor(context, organizationId, userId);
  const floor = isUuid(input.floorId)
    ? await floorRepo.findFloorInOrganization(context.db, organizationId, input.floorId)
    : undefined;
  if (!floor) throw floorNotFound();
  const width = input.width ?? newDeskDefaults.width;
  const height = input.height ?? newDeskDefaults.height;
  const position = clampPosition(input.positionX, input.positionY, width, height);
  try {
    const desk = await context.db.transaction(async (tx) => {
      const row = await repo.insertDesk(tx, {
        organizationId,
        floorId: floor.id,
        name: input.name,
        description: input.description ?? newDeskDefaults.description,
        positionX: position.x,
        positionY: position.y,
        width,
        height,
        rotation: normaliseRotation(input.rotation ?? 0),
      });
      await recordAuditEvent(tx, {
        organizationId,
        actor: { id: userId },
        action: 'desk.created',
        target: { type: 'desk', id: row.id },
        details: { name: row.name, floorName: floor.name },
      });
      return row;
    });
    return toDeskView(desk, floor.name);
  } catch (error) {
    // The floor was deleted between the check and the insert: the composite foreign key refuses the desk.
    if (sqlState(error) === '23503') throw floorNotFound();
    throw nameTakenOr(error, input.name);
  }
}

/**
 * Changes a desk's properties (name, description, amenities, bookable and its reason) and/or moves and rotates it,
 * kept wholly on the canvas. Membership checked by findMemberDesk, admin role and subscription by requireEditor on the
 * desk's own organization. Property changes are audited in the same transaction.
 */
export async function updateDesk(
  context: AppContext,
  userId: string,
  deskId: string,
  input: UpdateDeskInput,
): Promise<DeskView> {
  const { desk } = await findMemberDesk(context, deskId, userId);
  await requireEditor(context, desk.organizationId, userId);
  const position =
    input.positionX !== undefined && input.positionY !== undefined
      ? clampPosition(input.positionX, input.positionY, Number(desk.width), Number(desk.height))
      : undefined;
  const updated = await context.db
    .transaction(async (tx) => {
      const amenities =
        input.amenities === undefined
          ? undefined
          : knownAmenities(input.amenities, await repo.lockAmenityList(tx, desk.organizationId));
      const row = await repo.updateDesk(tx, desk.organizationId, desk.id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(amenities === undefined ? {} : { amenities }),
        ...(input.bookable === undefined ? {} : { bookable: input.bookable }),
        ...(input.unavailableReason === undefined ? {} : { unavailableReason: input.unavailableReason }),
        ...(position ? { positionX: position.x, positionY: position.y } : {}),
        ...(input.rotation === undefined ? {} : { rotation: normaliseRotation(input.rotation) }),
      });
      if (!row) throw deskNotFound();
      const changes = propertyChanges(desk, row);
      if (changes) {
        await recordAuditEvent(tx, {
          organizationId: desk.organizationId,
          actor: { id: userId },
          action: 'desk.updated',
          target: { type: 'desk', id: desk.id },
          details: { name: row.name, floorName: desk.floorName, changes },
        });
      }
      const move = placementChange(desk, row);
      if (move) {
        await recordAuditEvent(tx, {
          organizationId: desk.organizationId,
          actor: { id: userId },
          action: 'desk.moved',
          target: { type: 'desk', id: desk.id },
          details: { name: row.name, floorName: desk.floorName, ...move },
        });
      }
      return row;
    })
    .catch((error: unknown) => {
      throw nameTakenOr(error, input.name);
    });
  return toDeskView(updated, desk.floorName);
}

/** Membership checked by findMemberDesk, admin role and subscription by requireEditor. Bookings cascade. */
export async function deleteDesk(context: AppContext, userId: string, deskId: string): Promise<void> {
  const { desk } = await findMemberDesk(context, deskId, userId);
  await requireEditor(context, desk.organizationId, userId);
  await context.db.transaction(async (tx) => {
    if (!(await repo.deleteDesk(tx, desk.organizationId, desk.id))) throw deskNotFound();
    await recordAuditEvent(tx, {
      organizationId: desk.organizationId,
      actor: { id: userId },
      action: 'desk.deleted',
      target: { type: 'desk', id: desk.id },
      details: { name: desk.name, floorName: desk.floorName },
    });
  });
}

/** Admin with an enabled subscription, checked by requireEditor. With none, the browser shows its 'No Desks' toast. */
export async function deleteAllDesks(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<{ message: string; deletedCount: number }> {
  await requireEditor(context, organizationId, userId);
  const deletedCount = await context.db.transaction(async (tx) => {
    const count = await repo.deleteDesksOfOrganization(tx, organizationId);
    if (count > 0) {
      await recordAuditEvent(tx, {
        organizationId,
        actor: { id: userId },
        action: 'desks.deleted_all',
        details: { count },
      });
    }
    return count;
  });
  if (deletedCount === 0) return { message: 'No desks to delete.', deletedCount };
  return { message: deletedCount === 1 ? 'Deleted 1 desk.' : `Deleted ${deletedCount} desks.`, deletedCount };
}

/** Unknown ids, non-uuids and other tenants' desks all answer the same 404. */
async function findMemberDesk(context: AppContext, deskId: string, userId: string) {
  const found = isUuid(deskId) ? await repo.findDeskOfMember(context.db, deskId, userId) : undefined;
  if (!found) throw deskNotFound();
  return found;
}
